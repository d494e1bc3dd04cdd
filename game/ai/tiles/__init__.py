"""Computer players for the tile game."""
