"""The table of Rummy with tiles: ``scene`` (input and life cycle), ``model`` (the turn in
progress, without pygame), ``grids`` (the snap grids of the table and the rack), ``layout``
(where things lie), ``draw`` and ``parts`` (pictures), ``summary`` (score sheet, end of round)."""
