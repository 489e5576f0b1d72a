"""Iwari's solo and co-op AI: the careful player the strong level hands the move to there.

- ``costs``: what holding a territory costs on its counts (also read by the engine's
  ``estimate``, ``games.iwari.estimate``);
- ``careful``: the careful player (``careful_action``, reached through ``IwariState.policy``);
- ``uncharted``: its reading of The Uncharted Paths' purple territory.
"""
