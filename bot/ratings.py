"""Ratings of players per game per server, with OpenSkill (Plackett-Luce), not a home-made formula.

A finished match rates its human players only: seats of AI players carry no
user and are left out, and the humans are ranked among themselves (winners
first, all tied, then the others by score). A match needs at least two humans
with different ranks: when all of them share one rank (they won or lost
together against the Void, or drew) it says nothing about who plays better.

``rate`` is pure: the store calls it inside the transaction that records the
results, so a rating changes exactly once per finished match, with the results.
The rating shown to people is OpenSkill's ordinal, ``mu - 3 sigma``: a new
player starts at 0 and climbs as the system becomes sure of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma  # a player's rating before their first rated match
Z = 3.0  # the ordinal is mu - Z * sigma (the stores sort leaderboards by it in SQL: keep them equal)


@dataclass
class Rating:
    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    played: int  # rated matches

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma


def ordinal(mu: float, sigma: float) -> float:
    return mu - Z * sigma


def ranks(results) -> dict[int, int]:
    """Rank (1 = best) of each human user in a match's results: winners first, then by score."""
    humans = [r for r in results if r.user_id is not None]
    key = {r.user_id: (0, 0) if r.won else (1, -r.score) for r in humans}  # winners share rank 1
    order = sorted(set(key.values()))
    return {user: order.index(k) + 1 for user, k in key.items()}


def rate(results, current: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) of every rated player of a finished match; {} when the match rates nobody.

    ``results`` are the match's ``Result``s; ``current`` holds the (mu, sigma) of the players
    rated before (others start at the model's defaults).
    """
    rank = ranks(results)
    if len(rank) < 2 or len(set(rank.values())) < 2:
        return {}
    users = sorted(rank)
    teams = [[MODEL.rating(*current.get(u, (MU, SIGMA)), name=str(u))] for u in users]
    rated = MODEL.rate(teams, ranks=[rank[u] for u in users])
    return {u: (team[0].mu, team[0].sigma) for u, team in zip(users, rated, strict=True)}
