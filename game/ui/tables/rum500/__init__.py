"""The 500 Rum table: ``scene`` (input and life cycle), ``model`` (hand orders and the moves a
gesture makes, without pygame), ``layout`` (the pile spread in a row, the melds flowed in blocks),
``draw``, ``summary`` (score sheet, end of hand and game). ``TABLE`` declares the game to the
interface (``game.ui.games``)."""

from game.ui.tables.info import TableInfo

TABLE = TableInfo(
    "rum500",
    icon="QD KD AD",
    icon_fan=(-14, 14),
    round_label=lambda tr, state: tr("rum500.sheet.row", n=state.round_number),
)
