"""A valid set-up for every player count, shared by the benches (not a bench itself).

Some counts are played only under particular options: Iwari's 6 players need The Void map and
1 player needs ``mode: solo``. A bench that asks for "Iwari at its largest count" with the
default options would be refused by the engine; ``setup_options`` finds the options instead of
hard-coding them per game, so a new game or a new rule of this kind needs no edit here.
"""

from __future__ import annotations

import itertools

from games import Game, IllegalSetup


def setup_options(game: Game, players: int, options: dict | None = None) -> dict:
    """Options under which ``players`` may play ``game``: ``options`` (the defaults for the rest)
    when the engine accepts them, else the fewest other options changed (one, then two) that it
    accepts. Raises ``IllegalSetup`` when there is none."""
    base = game.normalise_options(options)
    free = [name for name in game.options if name not in (options or {})]
    first_error: IllegalSetup | None = None
    for changes in range(3):
        for names in itertools.combinations(free, changes):
            for values in itertools.product(*(game.options[n][1:] for n in names)):
                candidate = {**base, **dict(zip(names, values, strict=True))}
                try:
                    game.new_state(players, 1, candidate)
                except IllegalSetup as exc:
                    first_error = first_error or exc
                    continue
                return candidate
    raise IllegalSetup(f"{game.title} has no set-up for {players} players: {first_error}")


def changed(game: Game, options: dict) -> str:
    """The options that differ from the defaults, as ``name=value`` (for a bench's table)."""
    defaults = game.normalise_options({})
    return ",".join(f"{k}={v}" for k, v in options.items() if defaults.get(k) != v)
