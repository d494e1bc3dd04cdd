"""Computer players for 500 Rum."""
