"""The desktop the window opens on: its size comes down to the desktop's, its place onto it.

A window asked larger than the screen (``--size 99999x99999``, or a size remembered from a larger
screen) would take seconds a frame and gigabytes; a place remembered from a screen that is gone
(or where a system puts a minimised window, -32000 on Windows) would open the game out of sight.
Both come from the command line or the settings, and both are brought onto the desktop at start.

pygame gives each screen's size, not where the screens stand. The place is brought into the
area of the screens side by side from the main one's top left corner (the usual arrangement):
a window on a second screen to the right stays where it was; one on a screen left of or above the
main one comes back onto the main screen, which is always visible.

Under a headless video driver (SDL's ``dummy``: tests, benchmarks, screenshots) nothing is shown
and the "desktop" the driver reports (1024x768) means nothing: the desktop is taken to be as large
as any picture the command lines draw off screen (``game.cli.PICTURE_SIDE`` square).
"""

from __future__ import annotations

import pygame

from game import cli

HEADLESS_DRIVERS = ("dummy", "offscreen")


def reported_sizes() -> list[tuple[int, int]]:
    """The size of each screen as the system reports it (main screen first; ``[]`` when unknown)."""
    try:
        return [(w, h) for w, h in pygame.display.get_desktop_sizes() if w > 0 and h > 0]
    except pygame.error:
        return []


def desktop_sizes() -> list[tuple[int, int]]:
    """The screens the window must fit (see the module docstring for a headless driver)."""
    try:
        headless = pygame.display.get_driver() in HEADLESS_DRIVERS
    except pygame.error:
        headless = False
    if headless:
        return [(cli.PICTURE_SIDE, cli.PICTURE_SIDE)]
    return reported_sizes()


def fit_size(size: tuple[int, int], screens: list[tuple[int, int]]) -> tuple[int, int]:
    """``size`` made no larger than the main screen (unchanged when the screens are unknown)."""
    if not screens:
        return size
    return min(size[0], screens[0][0]), min(size[1], screens[0][1])


def fits(size: tuple[int, int], room: tuple[int, int]) -> bool:
    """True when ``size`` is no wider and no taller than ``room``."""
    return size[0] <= room[0] and size[1] <= room[1]


def fit_position(
    position: tuple[int, int], size: tuple[int, int], screens: list[tuple[int, int]]
) -> tuple[int, int]:
    """The top left corner of a window of ``size`` at ``position``, moved as little as needed
    for the whole window to lie within the screens side by side (see the module docstring)."""
    if not screens:
        return position
    width = sum(w for w, _ in screens)
    height = max(h for _, h in screens)
    x = min(max(position[0], 0), max(width - size[0], 0))
    y = min(max(position[1], 0), max(height - size[1], 0))
    return x, y
