"""Replays: a match rebuilt from its seed and action log, as an animated GIF under Discord's limit.

Games are deterministic (the engine contract): ``new_state(n, seed, options)``
and the logged actions applied in order give back every state the match went
through. ``turn_views`` keeps the spectator view at the set-up and after every
turn; ``animate`` draws them with the game's renderer and encodes an animated
GIF that fits ``limit`` bytes whatever the length of the match: at most
``MAX_FRAMES`` frames (thinned evenly, the first and last kept), one palette
for all frames (so Pillow stores only what changed between two frames), and
if it is still too large, fewer frames and then a smaller width until it fits.
Both are CPU-bound: run them in a worker thread, never on the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

import rendering
from games import Game, GameState, IllegalAction
from rendering.common import BACKGROUND

DISCORD_LIMIT = 10 * 1024 * 1024  # an upload without a server boost
LIMIT = DISCORD_LIMIT - 512 * 1024  # the request around the file needs room too
MAX_FRAMES = 100
MIN_FRAMES = 24  # fewer frames than this only when the width cannot go lower
WIDTH, MIN_WIDTH = 640, 320
FRAME_MS, LAST_FRAME_MS = 700, 5000
BAR = 6  # px: the progress bar under each frame
BAR_FILL, BAR_BACK = (0, 114, 178), (215, 210, 200)


class ReplayError(Exception):
    """The log does not rebuild the match (it cannot happen while the engines are deterministic)."""


@dataclass
class Replay:
    data: bytes
    frames: int  # frames in the picture
    turns: int  # turns of the match (the frames before thinning, less the set-up)
    width: int
    height: int


@dataclass
class Turn:
    """One step of a replay: the match at the set-up (no seats, no events) or after a turn."""

    seats: list[int]  # who acted in the turn, in order
    events: list[dict]  # what its actions said (private ones marked ``private_to``, as in the log)
    actions: int  # actions of the log applied so far
    turn: int  # the turn's number among its first seat's turns (0 at the set-up)
    round: int  # the highest such number so far: the round the match is in


def turns(
    game: Game, num_players: int, seed: int, options: dict, actions: Iterable[tuple[int, str]]
) -> Iterator[tuple[Turn, GameState]]:
    """The match at the set-up and at the end of each turn (a turn ends when the seats to act
    change, or the match ends), rebuilt from the seed and the log. The state is the live one:
    read it before the next step is taken."""
    state = game.new_state(num_players, seed, options)
    yield Turn([], [], 0, 0, 0), state
    seats: list[int] = []
    events: list[dict] = []
    counts = [0] * num_players
    n = 0

    def ended() -> Turn:
        counts[seats[0]] += 1
        return Turn(seats, events, n, counts[seats[0]], max(counts))

    for n, (seat, action) in enumerate(actions, 1):
        before = state.to_act()
        try:
            events += state.apply(seat, action)
        except IllegalAction as exc:
            raise ReplayError(f"action {n} ({action!r} of seat {seat}) does not replay: {exc}") from None
        if seat not in seats:
            seats.append(seat)
        if state.is_over() or state.to_act() != before:
            yield ended(), state
            seats, events = [], []
    if seats:  # the match ended within a turn (a resignation)
        yield ended(), state


def turn_views(
    game: Game, num_players: int, seed: int, options: dict, actions: Iterable[tuple[int, str]]
) -> tuple[list[dict], dict]:
    """The spectator views at the set-up and at the end of each turn, and the final state's JSON."""
    views = []
    for _, state in turns(game, num_players, seed, options, actions):
        views.append(state.view(None))
    return views, state.to_json()


@dataclass
class Timeline:
    """Every step of a match, for a viewer that steps through it: the turns, and the state after
    each (as JSON: a seat's view of any step is drawn from it when asked)."""

    turns: list[Turn]
    states: list[dict]

    def __len__(self) -> int:
        return len(self.turns)

    def view(self, game: Game, step: int, seat: int | None) -> dict:
        return game.load_state(self.states[step]).view(seat)


def timeline(
    game: Game, num_players: int, seed: int, options: dict, actions: Iterable[tuple[int, str]]
) -> Timeline:
    steps, states = [], []
    for turn, state in turns(game, num_players, seed, options, actions):
        steps.append(turn)
        states.append(state.to_json())
    return Timeline(steps, states)


def thin(count: int, most: int) -> list[int]:
    """At most ``most`` indices of ``range(count)``, evenly spread, the first and the last kept."""
    if count <= most:
        return list(range(count))
    if most <= 1:
        return [count - 1]
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def _scaled(image: Image.Image, width: int) -> Image.Image:
    if image.width <= width:
        return image
    return image.resize((width, max(1, round(image.height * width / image.width))), Image.LANCZOS)


def _frame(image: Image.Image, width: int, progress: float, size: tuple[int, int]) -> Image.Image:
    """The picture at ``width``, on a canvas of ``size``, with a progress bar under it."""
    image = _scaled(image, width)
    canvas = Image.new("RGB", size, BACKGROUND)
    canvas.paste(image, (0, 0))
    draw = ImageDraw.Draw(canvas)
    top = size[1] - BAR
    draw.rectangle((0, top, size[0], size[1]), fill=BAR_BACK)
    draw.rectangle((0, top, round(size[0] * progress), size[1]), fill=BAR_FILL)
    return canvas


def _encode(frames: Sequence[Image.Image]) -> bytes:
    buffer = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations,
        loop=0,
        optimize=True,  # unchanged pixels become transparent, which compresses to almost nothing
        disposal=1,  # frames stack: each stores only the rectangle that changed
    )
    return buffer.getvalue()


def animate(
    game_key: str,
    views: Sequence[dict],
    names: list[str] | None = None,
    limit: int = LIMIT,
    max_frames: int = MAX_FRAMES,
) -> Replay:
    """An animated GIF of the views (one frame each, thinned as needed), at most ``limit`` bytes."""
    if not views:
        raise ReplayError("nothing to replay")
    picks = thin(len(views), max_frames)
    pictures = [_scaled(rendering.draw(game_key, views[i], names), WIDTH) for i in picks]
    progress = [i / max(1, len(views) - 1) for i in picks]
    width = min(WIDTH, max(p.width for p in pictures))
    while True:
        height = max(round(p.height * width / p.width) for p in pictures) + BAR
        rgb = [_frame(p, width, f, (width, height)) for p, f in zip(pictures, progress, strict=True)]
        # One palette for every frame, from the set-up and the end together: an unchanged pixel
        # keeps its index, so each frame stores only what changed.
        sample = Image.new("RGB", (width, height * 2))
        sample.paste(rgb[0], (0, 0))
        sample.paste(rgb[-1], (0, height))
        palette = sample.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        frames = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in rgb]
        del rgb
        data = _encode(frames)
        if len(data) <= limit:
            return Replay(data, len(frames), len(views) - 1, width, height)
        # Too large: fewer frames first (the story stays), then a smaller picture.
        ratio = limit / len(data) * 0.9
        keep = len(pictures)
        if keep > MIN_FRAMES:
            keep = max(MIN_FRAMES, int(keep * ratio))
        elif width > MIN_WIDTH:
            width = max(MIN_WIDTH, int(width * ratio**0.5))
        elif keep > 2:
            keep = max(2, int(keep * ratio))
        else:
            raise ReplayError(f"even two frames take {len(data)} bytes")
        chosen = thin(len(pictures), keep)
        pictures = [pictures[i] for i in chosen]
        progress = [progress[i] for i in chosen]


def replay(
    game: Game,
    num_players: int,
    seed: int,
    options: dict,
    actions: Iterable[tuple[int, str]],
    names: list[str] | None = None,
    expected_state: dict | None = None,
    limit: int = LIMIT,
) -> Replay:
    """The whole match as an animated GIF; ``expected_state`` checks that the log rebuilt it."""
    views, final = turn_views(game, num_players, seed, options, actions)
    if expected_state is not None and final != expected_state:
        raise ReplayError("the action log does not rebuild the saved match")
    return animate(game.key, views, names, limit)
