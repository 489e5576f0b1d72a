"""Ratings: OpenSkill per game per server, updated with the results of a finished match."""

from __future__ import annotations

from bot.ratings import MU, SIGMA, ordinal, ranks, rate
from bot.store import Result, Seat

GUILD, CHANNEL = 7, 70


def test_winner_rises_and_loser_falls():
    new = rate([Result(0, 1, 30, True), Result(1, 2, 20, False)], {})
    assert new[1][0] > MU > new[2][0]
    assert new[1][1] < SIGMA and new[2][1] < SIGMA  # both are better known


def test_ranks_winners_first_then_by_score():
    results = [
        Result(0, 1, 10, False),
        Result(1, 2, 5, True),
        Result(2, 3, 12, False),
        Result(3, 4, 10, False),
    ]
    assert ranks(results) == {2: 1, 3: 2, 1: 3, 4: 3}


def test_ai_seats_are_not_rated():
    # An AI seat has no user: one human and an AI rate nobody, two humans and an AI rate the two.
    assert rate([Result(0, 1, 30, True), Result(1, None, 40, False)], {}) == {}
    new = rate([Result(0, None, 50, True), Result(1, 1, 30, False), Result(2, 2, 20, False)], {})
    assert set(new) == {1, 2} and new[1][0] > new[2][0]


def test_humans_who_win_or_lose_together_are_not_rated():
    # Co-op against the Void: both won or both lost, nothing says who plays better.
    assert rate([Result(0, 1, 3, True), Result(1, 2, 5, True)], {}) == {}
    assert rate([Result(0, 1, 3, False), Result(1, 2, 3, False)], {}) == {}


def test_current_ratings_are_the_starting_point():
    strong = (35.0, 3.0)
    new = rate([Result(0, 1, 30, True), Result(1, 2, 20, False)], {1: strong})
    fresh = rate([Result(0, 1, 30, True), Result(1, 2, 20, False)], {})
    assert new[1][0] - strong[0] < fresh[1][0] - MU  # an expected win moves a sure rating less


# ``store``: the shared fixture of tests/conftest.py, on SQLite and on PostgreSQL.


async def finish(store, game: str, results: list[tuple[int | None, int, bool]], guild=GUILD, now=1.0):
    seats = [Seat(u, f"user{u}" if u else "AI", None if u else "quick") for u, _, _ in results]
    match = await store.create_match(game, guild, CHANNEL, seats[0].user_id or 1, seats, {}, 1, now)
    rows = [Result(i, u, score, won) for i, (u, score, won) in enumerate(results)]
    await store.end_match(match.id, "finished", rows, now)
    return match


async def test_finished_matches_update_the_ratings_and_the_leaderboard(store):
    # Three players, three matches of Kigi: user 1 wins twice, user 3 once, user 2 never.
    await finish(store, "kigi", [(1, 30, True), (2, 20, False), (3, 25, False)], now=1.0)
    await finish(store, "kigi", [(1, 28, True), (2, 21, False)], now=2.0)
    await finish(store, "kigi", [(3, 40, True), (2, 10, False), (None, 50, False)], now=3.0)
    board = await store.leaderboard(GUILD, "kigi")
    assert [r.user_id for r in board] == [1, 3, 2]
    assert [r.played for r in board] == [2, 2, 3]
    assert [r.ordinal for r in board] == sorted((r.ordinal for r in board), reverse=True)
    assert board[0].ordinal > ordinal(MU, SIGMA) > board[-1].ordinal
    # Per game and per server: Iki and another server are untouched.
    assert await store.leaderboard(GUILD, "iki") == []
    assert await store.leaderboard(GUILD + 1, "kigi") == []
    mine = await store.ratings(GUILD, 1)
    assert [(r.game, r.played) for r in mine] == [("kigi", 2)]


async def test_a_winners_rating_rises_over_matches(store):
    before = ordinal(MU, SIGMA)
    for n in range(3):
        await finish(store, "iki", [(1, 30, True), (2, 20, False)], now=float(n))
        (rating,) = [r for r in await store.ratings(GUILD, 1) if r.game == "iki"]
        assert rating.ordinal > before
        before = rating.ordinal
    (loser,) = await store.ratings(GUILD, 2)
    assert loser.mu < MU and loser.played == 3


async def test_a_match_with_one_human_or_no_server_rates_nobody(store):
    await finish(store, "iki", [(1, 30, True), (None, 20, False)])
    await finish(store, "iki", [(1, 30, True), (2, 20, False)], guild=None)
    assert await store.ratings(GUILD, 1) == []


async def test_finished_matches_of_a_channel_latest_first(store):
    first = await finish(store, "kigi", [(1, 30, True), (2, 20, False)], now=1.0)
    second = await finish(store, "iki", [(2, 9, True), (1, 3, False)], now=2.0)
    lobby = await store.create_match("iki", GUILD, CHANNEL, 1, [Seat(1, "user1")], {}, 1, 3.0)
    await store.end_match(lobby.id, "abandoned", [], 3.0)
    history = await store.finished_matches(CHANNEL)
    assert [h.match.id for h in history] == [second.id, first.id]
    assert [(r.user_id, r.score, r.won) for r in history[0].results] == [(2, 9, True), (1, 3, False)]
    assert history[0].finished_at == 2.0
    assert await store.finished_matches(CHANNEL + 1) == []
