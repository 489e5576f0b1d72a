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


class VersusMixin:
    """``estimate`` and ``plan_continues`` of IwariState at two players (the third tribe)."""

    def _third_tribe(self) -> bool:
        return not self.solo and self.num_tribes > self.n

    def estimate(self) -> list[float] | None:
        if not self._third_tribe():
            return super().estimate()
        projected = self.projected_scores()
        out = []
        for x in range(self.n):
            rival = max(p for y, p in enumerate(projected) if y != x)
            out.append(1.0 / (1.0 + math.exp(-(projected[x] - rival) / LEAD_SCALE)))
        return out

    def plan_continues(self) -> bool:
        if not self._third_tribe():
            return super().plan_continues()
        return not self.over and self.phase in IN_TURN

    def projected_scores(self) -> list[int]:
        """Every tribe's score if the journey ended now (half journey's Tents too, if still to come)."""
        tents = self._score_tents(multiply=True)
        half = self._score_tents(multiply=False) if self.exhaustions == 0 else [0] * self.num_tribes
        parts = [self.score, tents, half, self._score_totems(), self._score_settlements()]
        if self.board.purple_road:
            parts.append(self._score_purple_road())
        if self.board.ruin_spaces:
            parts.append(self.ruins_kept)
        return [sum(p[x] for p in parts) for x in range(self.num_tribes)]
