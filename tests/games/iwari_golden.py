"""Random Iwari games of every mode and map, hashed: the golden record that guards refactors.

``python -m tests.games.iwari_golden`` rewrites tests/games/iwari_golden.json from the code as
it is; tests/games/test_iwari_golden.py replays the same games and compares. Regenerate only when
a change of behaviour is intended (and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from games.base import IllegalSetup
from games.iwari import GAME
from games.iwari.data import FEAT_OPTIONS, WORSHIP_VARIANTS
from games.iwari.maps import MAPS
from games.iwari.solo import SOLO_MAPS
from games.iwari.state import IwariState

GOLDEN = Path(__file__).parent / "iwari_golden.json"
SEEDS = 8  # per map and mode


def cases() -> list[tuple[int, int, dict]]:
    """(players, seed, options) for every map and mode; versus options drawn at random per seed."""
    out = []
    for m in MAPS:
        for seed in range(SEEDS):
            rng = random.Random(f"{m}-{seed}")
            for _ in range(100):  # draw versus options until a legal set-up comes up
                players = rng.choice([6] if m == "the-void" else [2, 3, 4, 5])
                feats = rng.choice(FEAT_OPTIONS)
                opts = {
                    "map": m,
                    "mode": "versus",
                    "feats": feats,
                    "draft": rng.random() < 0.3,
                    "expeditions": rng.random() < 0.4,
                    "courage": bool(feats) and rng.random() < 0.5,
                    "worship": rng.choice(WORSHIP_VARIANTS),
                }
                try:
                    IwariState.check_setup(players, opts)
                except IllegalSetup:
                    continue
                out.append((players, 1000 + seed, opts))
                break
            if m in SOLO_MAPS:
                for mode, players in (("solo", 1), ("coop", 2)):
                    out.append((players, 2000 + seed, {"map": m, "mode": mode}))
                    # The easiest target: longer games, so Corruptions and counts come up.
                    out.append((players, 3000 + seed, {"map": m, "mode": mode, "difficulty": 5}))
    return out


def play(players: int, seed: int, opts: dict) -> str:
    """A random game to its end; the hash of every event and of the final JSON."""
    state = GAME.new_state(players, seed, dict(opts))
    rng = random.Random(seed)
    h = hashlib.sha256()
    while not state.is_over():
        seat = state.to_act()[0]
        # A whole refill in one step (group "refill", newer than the record) is the same steps
        # as the draws offered one by one: left out, so the recorded games stay the same.
        action = rng.choice([a for a in state.legal_actions(seat) if a.group != "refill"]).id
        h.update(json.dumps([seat, action, state.apply(seat, action)], sort_keys=True).encode())
    final = state.to_json()
    # The service's Undo bookkeeping and the save's version (newer than the record), not play.
    for bookkeeping in ("undo_seat", "save_version"):
        final.pop(bookkeeping, None)
    h.update(json.dumps(final, sort_keys=True).encode())
    return h.hexdigest()


def key(players: int, seed: int, opts: dict) -> str:
    return json.dumps([players, seed, opts], sort_keys=True)


def record() -> dict[str, str]:
    return {key(*c): play(*c) for c in cases()}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
