"""Iwari matches saved mid-game before the state had a save version (the engine of commit d862dd4,
issue 33): tests/games/iwari_saves.json, which tests/games/test_iwari_saves.py loads and plays on.

Each save is cut from a random game at a moment worth keeping (a half-chosen play, a draft, a
Feat to place, a Void move...), with the rest of that game: its (seat, action id) log and the hash
of every event and of the final JSON, as that engine played it. ``python -m tests.games.iwari_saves``
wrote the file with that engine; do not regenerate it with a newer one (it would no longer hold
saves of the earlier version).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from games.iwari import GAME

SAVES = Path(__file__).parent / "iwari_saves.json"

# (players, seed, options, the step to cut at or after, the phase to cut in: any when None)
CASES = [
    (3, 11, {"map": "new-horizons", "feats": True, "courage": True, "worship": "golden"}, 40, "feat"),
    (2, 12, {"map": "vast-lands"}, 30, "pieces"),
    (2, 13, {"map": "new-horizons", "feats": "union+honour"}, 25, "space"),
    (4, 14, {"map": "long-road", "draft": True}, 2, "draw"),
    (5, 15, {"map": "glacial-mass", "expeditions": True, "worship": "dead-ends"}, 60, None),
    (3, 16, {"map": "floating-lands", "feats": True}, 50, None),
    (4, 17, {"map": "forgotten-island", "expeditions": True}, 45, "space"),
    (3, 18, {"map": "uncharted-paths"}, 40, "space"),
    (6, 19, {"map": "the-void", "feats": True, "worship": "contested"}, 70, None),
    (1, 20, {"map": "new-horizons", "mode": "solo"}, 30, None),
    (2, 21, {"map": "vast-lands", "mode": "coop", "difficulty": "hard"}, 35, "void"),
    (1, 22, {"map": "glacial-mass", "mode": "solo", "difficulty": 5}, 60, None),
]


def finish(state, seed: int, log: list | None = None) -> tuple[list, str]:
    """Play ``state`` to its end (random legal ids, or ``log``'s); the log and the hash of every
    event and of the final JSON (without the bookkeeping of Undo and of the save version)."""
    rng = random.Random(seed)
    h = hashlib.sha256()
    played = []
    steps = iter(log) if log is not None else None
    while not state.is_over():
        if steps is None:
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat)).id
        else:
            seat, action = next(steps)
        h.update(json.dumps([seat, action, state.apply(seat, action)], sort_keys=True).encode())
        played.append([seat, action])
    final = state.to_json()
    for bookkeeping in ("undo_seat", "save_version"):
        final.pop(bookkeeping, None)
    h.update(json.dumps(final, sort_keys=True).encode())
    return played, h.hexdigest()


def cut(players: int, seed: int, opts: dict, at: int, phase: str | None):
    state = GAME.new_state(players, seed, opts)
    rng = random.Random(seed)
    step = 0
    while not (step >= at and (phase is None or state.phase == phase)):
        assert not state.is_over(), f"no {phase} after step {at}: {players} {seed} {opts}"
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
        step += 1
    return state


def record() -> list[dict]:
    out = []
    for players, seed, opts, at, phase in CASES:
        state = cut(players, seed, opts, at, phase)
        saved = json.loads(json.dumps(state.to_json()))
        log, digest = finish(state, seed)
        out.append({"case": [players, seed, opts, at, phase], "state": saved, "log": log, "hash": digest})
    return out


if __name__ == "__main__":
    SAVES.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
