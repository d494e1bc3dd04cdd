"""The Frustration Rummy table: ``scene`` (input and life cycle), ``model`` (each person's hand
order and staging area, without pygame), ``layout`` (the meld grid, the staging slots), ``draw``,
``summary`` (the contract grid, end of round and game). ``TABLE`` declares the game to the
interface (``game.ui.games``)."""

from game.ui.tables.info import TableInfo

TABLE = TableInfo(
    "frustration",
    icon="JK 2H 7S",
    icon_fan=(-16, 16),
    lower_score_wins=True,
    final_scores=lambda state: list(state.scores),
)
