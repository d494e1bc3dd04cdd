"""The pygame-ce interface: scenes, widgets, art, sound, drag and drop.

The interface draws and maps gestures to engine moves; it asks the engine what is legal and
never re-implements a rule. Start it with ``game.ui.app.run``.
"""
