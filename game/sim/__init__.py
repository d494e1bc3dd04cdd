"""The simulation command: ``python -m game.sim GAME --players a,b --games N --seed S``."""
