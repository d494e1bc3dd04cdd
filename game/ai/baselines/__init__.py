"""Baseline players written from the rules alone, as an outside bot author would.

They use only what the bot API gives every bot: the seat's view, ``view.legal_moves()`` (and,
for Frustration, ``view.why_not``) and the rules' notation. They know nothing of the built-in
levels in ``game.ai.frustration``, ``game.ai.rum500`` or ``game.ai.tiles``: they are the yardstick
the built-in levels are measured against (``docs/ai-frustration.md``, ``docs/ai-rum500.md``, ``docs/ai-tiles.md``).

- ``rum500:Baseline`` (registered as ``baseline`` for 500 Rum): takes the pile readily, deep or
  not, lays everything, sheds its highest loose card that feeds neither the pile nor the next
  player.
- ``frustration:Baseline`` (``baseline``): counts the cards missing from its contract, takes the
  discard when it closes a gap, lays down at once, lays off everything, sheds high loose cards.
- ``tiles:Baseline`` (``baseline``): lays every combination its rack holds (once it can open),
  adds single tiles to the table, never rearranges.

The strong baselines (registered as ``baseline-strong``) are what a careful outside author
builds on the same API, the yardstick the hard levels are held to:

- ``frustration_strong:StrongBaseline``: counts cards from the public log, defends its discards
  against what the next player picks up, keeps the final contract in hand until it goes out.
- ``rum500_strong:StrongBaseline``: weighs deadwood risk over the hand's horizon, plans its pile
  takes, discards what feeds nobody.
- ``tiles_strong:StrongBaseline``: exact plays (the published solver) with a hold-back strategy
  under the exchange rule: opens small, then lays nothing until the whole rack goes.
"""
