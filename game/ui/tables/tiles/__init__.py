"""The table of Rummy with tiles: ``scene`` (input and life cycle), ``model`` (the turn in
progress, without pygame), ``grids`` (the snap grids of the table and the rack), ``layout``
(where things lie), ``draw`` and ``parts`` (pictures), ``summary`` (score sheet, end of round).
``TABLE`` declares the game to the interface (``game.ui.games``)."""

from game.ui.tables.info import TableInfo

TABLE = TableInfo(
    "tiles",
    icon="R7 B7 *",
    rack=True,
    round_label=lambda tr, state: tr("tiles.round", n=state.round_number, total=state.options.rounds),
)
