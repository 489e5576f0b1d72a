"""Play a whole game between AI players, without Discord, and keep the pictures.

    python -m bot demo kigi --players 3 --out /tmp/kigi --level quick --seed 7

Writes the spectator picture after every move as DIR/move-0001.png, ...
(DIR/move-0000.png is the set-up), an animated replay DIR/replay.gif (the
bot's replay: one frame per turn, fitted under Discord's upload limit), and prints
the final scores and the winner.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bot.replay import animate
from games import REGISTRY, IllegalSetup
from games.ai import LEVELS, analyse
from games.base import plural
from rendering.alt import outcome


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m bot demo", description="Play a whole game between AI players and save its pictures."
    )
    p.add_argument("game", help=f"game key: {', '.join(sorted(REGISTRY)) or 'none registered yet'}")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the smallest >= 2)")
    p.add_argument("--out", type=Path, default=None, help="output folder (default: ./demo-GAME)")
    p.add_argument("--level", choices=list(LEVELS), default="quick", help="AI level (default quick)")
    p.add_argument("--seed", type=int, default=0, help="seed of the deal and of the AI (default 0)")
    p.add_argument(
        "--budget",
        type=float,
        default=0.05,
        help="AI work per move, in seconds of thought on an unloaded host: a fixed number of engine "
        "steps per game, not wall time, so a busy host plays the same moves, only slower (default 0.05; max 5)",
    )
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--no-pictures", action="store_true", help="play and print the result only")
    return p.parse_args(argv)


def _options(items: list[str]) -> dict:
    options = {}
    for item in items:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


def _renderer(key: str):
    """``rendering.render`` if this game has pictures, else None."""
    try:
        import importlib

        import rendering

        importlib.import_module(f"rendering.{key}")
    except ImportError:
        return None
    return rendering.render


def result_line(game_key: str, state, names: list[str]) -> str:
    """Who won, in the final message's words: a game against the game itself (Iwari solo and
    co-op) says who won and why ("The Void wins: ..."), a game everyone lost says so."""
    special = outcome(game_key, state.view(None))
    winners = state.winners()
    if special:
        return special
    if not winners:
        return "Nobody wins: every player lost this time."
    return ("Winner: " if len(winners) == 1 else "Winners: ") + " and ".join(names[s] for s in winners)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    game = REGISTRY.get(args.game)
    if game is None:
        known = ", ".join(sorted(REGISTRY)) or "none registered yet"
        print(f"Unknown game {args.game!r}. Known games: {known}.", file=sys.stderr)
        return 2
    players = args.players
    if players is None:
        players = min((n for n in game.player_counts if n >= 2), default=min(game.player_counts))
    try:
        state = game.new_state(players, args.seed, _options(args.option))
    except IllegalSetup as exc:
        print(f"Cannot set up {game.title}: {exc}", file=sys.stderr)
        return 2
    names = [f"AI {s + 1} ({args.level})" for s in range(players)]

    pictures = None if args.no_pictures else _renderer(game.key)
    out = args.out or Path(f"demo-{game.key}")
    if pictures is None and not args.no_pictures:
        print(f"No pictures for {game.title} yet (rendering/{game.key}.py is missing); playing anyway.")
    if pictures is not None:
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("move-*.png"):
            old.unlink()
    turns: list[dict] = []  # the spectator view at the end of each turn: the replay's frames

    def snapshot(move: int, end_of_turn: bool) -> None:
        if pictures is None:
            return
        view = state.view(None)
        (out / f"move-{move:04d}.png").write_bytes(pictures(game.key, view, names))
        if end_of_turn:
            turns.append(view)

    start = time.perf_counter()
    thinking = 0.0
    fallbacks: set[str] = set()
    snapshot(0, True)
    moves = 0
    while not state.is_over():
        seat = state.to_act()[0]
        t0 = time.perf_counter()
        decision = analyse(state, seat, args.level, budget_s=args.budget, seed=args.seed * 100_003 + moves)
        thinking += time.perf_counter() - t0
        if decision.fallback:
            fallbacks.add(decision.fallback)
        state.apply(seat, decision.action)
        moves += 1
        # A frame per turn: after a move that hands the decision to someone else (or ends the game).
        snapshot(moves, state.is_over() or state.to_act() != [seat])

    if pictures is not None:
        (out / "replay.gif").write_bytes(animate(game.key, turns, names).data)
    scores = state.scores()
    print(f"{game.title}, {plural(players, 'player')}, level {args.level}, seed {args.seed}: {moves} moves")
    for seat in range(players):
        print(f"  {names[seat]:<16} {scores[seat]:>5}")
    print(result_line(game.key, state, names))
    for note in sorted(fallbacks):
        print(f"Note: {note}")
    elapsed = time.perf_counter() - start
    print(f"Thinking {thinking:.1f} s, total {elapsed:.1f} s.")
    if pictures is not None:
        print(f"Pictures: {out}/move-0000.png .. move-{moves:04d}.png; replay: {out / 'replay.gif'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
