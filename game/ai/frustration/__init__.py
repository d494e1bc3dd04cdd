"""Computer players for Frustration Rummy."""
