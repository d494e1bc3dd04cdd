"""The Frustration Rummy table: ``scene`` (input and life cycle), ``model`` (each person's hand
order and staging area, without pygame), ``layout`` (the meld grid, the staging slots), ``draw``,
``summary`` (the contract grid, end of round and game)."""
