"""Iwari at two players: judging a position against the shared third tribe (``estimate``).

With two players the third tribe plays after each player's own action, with cards of that
player's hand, and if it ends with the most points both players lose. Random playouts place its
pieces at random, as often as both players together, so it wins nearly every playout: every
move's win signal is the same loss and a search learns nothing from it. A player does not play
the third tribe like that: it gives it as few cards as the rule allows and puts its pieces where
they score least and hurt the other player most. So, as in solo (``games.iwari.estimate``), the
position is judged instead of played out:

- every tribe's projected final score: the points it has, plus the Tent scoring as things stand
  (twice while half journey is still to come), Totem connections, Settlements, The Long Road's
  purple road and The Forgotten Island's kept Ruins, all from the engine's own scoring;
- a seat's value is its lead over its best rival, the other player **and the third tribe**,
  on a logistic curve (``LEAD_SCALE`` points), so that losing to the third tribe is a loss for
  both players, and a move that keeps the third tribe down is worth as much as one that scores.

The AI's planner (``games.ai.plan``) judges whole moves with it, and follows the player's own
action with the third tribe's action it must play next (``plan_continues``), so it places its
own pieces knowing where the third tribe's cards will have to go. Three or more players have no
third tribe; their random playouts are informative, and ``estimate`` says None there.
"""

from __future__ import annotations

import math

# Points of lead that make a win about three times as likely as a loss (logistic scale).
LEAD_SCALE = 6.0
# The phases of a turn after which the same player still decides before anything hidden comes
# out (the draw): its own pieces and spaces, the third tribe's action, a Feat.
IN_TURN = ("act", "pieces", "space", "feat")


def third_tribe(state) -> bool:
    """Whether the game has a third tribe (two players, not solo/co-op): these functions apply."""
    return not state.solo and state.num_tribes > state.n


def estimate(state) -> list[float] | None:
    projected = projected_scores(state)
    out = []
    for x in range(state.n):
        rival = max(p for y, p in enumerate(projected) if y != x)
        out.append(1.0 / (1.0 + math.exp(-(projected[x] - rival) / LEAD_SCALE)))
    return out


def plan_continues(state) -> bool:
    return not state.over and state.phase in IN_TURN


def projected_scores(state) -> list[int]:
    """Every tribe's score if the journey ended now (half journey's Tents too, if still to come)."""
    tents = state.placement._score_tents(multiply=True)
    half = state.placement._score_tents(multiply=False) if state.exhaustions == 0 else [0] * state.num_tribes
    parts = [state.score, tents, half, state.placement._score_totems(), state.placement._score_settlements()]
    if state.board.purple_road:
        parts.append(state.placement._score_purple_road())
    if state.board.ruin_spaces:
        parts.append(state.ruins_kept)
    return [sum(p[x] for p in parts) for x in range(state.num_tribes)]
