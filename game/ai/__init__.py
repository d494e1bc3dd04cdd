"""Computer players. A bot sees only its seat's view and answers with one engine move.

``game.ai.base.Bot`` is the interface shared by the three games, the interface, the simulation
command and bots written outside the project; ``game.ai.registry`` finds a bot by level name.
"""
