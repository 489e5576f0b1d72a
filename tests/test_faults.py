"""Faults below Discord: an answer lost after COMMIT, the writer's retry delays, the settings."""

from __future__ import annotations

import random
from types import SimpleNamespace

import discord
import pytest

from bot.config import ConfigError, Settings
from bot.service import MatchService
from bot.store import StoreBusy, Timeouts
from cogs.writer import TRANSIENT_BACKOFF, retry_delay
from tests.test_service import Clock, started


@pytest.fixture
async def service(store):
    return MatchService(store, clock=Clock(), seed_source=lambda: 42)


def lose_the_answer(store, after_commit: bool) -> None:
    """The next save_move's connection drops around its COMMIT (after it, or before it)."""
    original = store.save_move

    async def save_move(move, now):
        store.save_move = original
        if after_commit:
            await original(move, now)
        raise StoreBusy("the connection was lost", ambiguous=True)

    store.save_move = save_move


async def test_a_move_committed_before_the_connection_dropped_is_a_success(service, store):
    match, state = await started(service, 2)
    kicked = []
    service.on_effects = kicked.append
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0].id
    lose_the_answer(store, after_commit=True)
    outcome = await service.act(match.id, match.seats[seat].user_id, match.version, action)
    assert outcome.match.version > match.version
    saved = await store.get_match(match.id)
    assert saved.version == outcome.match.version, "the move is in, and reported as made"
    assert kicked == [match.id], "the writer is told to deliver its effects"


async def test_a_move_lost_before_commit_is_reported_as_busy_and_changes_nothing(service, store):
    match, state = await started(service, 2)
    seat = state.to_act()[0]
    lose_the_answer(store, after_commit=False)
    with pytest.raises(StoreBusy):
        await service.act(match.id, match.seats[seat].user_id, match.version, state.legal_actions(seat)[0].id)
    assert (await store.get_match(match.id)).version == match.version
    # Nothing half done: the same click works now.
    fresh = await store.get_match(match.id)
    rng = random.Random(1)
    action = rng.choice(service.state_of(fresh).legal_actions(seat)).id
    await service.act(match.id, match.seats[seat].user_id, fresh.version, action)


# -- the writer's delays


def http_error(status: int, headers: dict | None = None) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="x", headers=headers or {})
    return discord.HTTPException(response, "failed")


def test_the_writer_waits_as_long_as_discord_asks():
    assert retry_delay(http_error(429, {"Retry-After": "7.5"}), 1) == 7.5
    assert retry_delay(http_error(429, {"Retry-After": "90"}), 1) == 90.0, "even past the usual cap"
    assert retry_delay(discord.RateLimited(12.0), 9) == 12.0


def test_transient_failures_back_off_to_about_a_minute_at_most():
    for failures in range(1, 30):
        assert retry_delay(http_error(503), failures) <= TRANSIENT_BACKOFF
        assert retry_delay(StoreBusy("busy"), failures) <= TRANSIENT_BACKOFF
        assert retry_delay(ConnectionResetError(), failures) <= TRANSIENT_BACKOFF
    assert retry_delay(http_error(503), 20) == TRANSIENT_BACKOFF
    assert retry_delay(http_error(503), 1) < TRANSIENT_BACKOFF, "it starts short"


# -- settings


def test_database_time_limits_come_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_LOCK_TIMEOUT", "1.5")
    monkeypatch.setenv("DATABASE_ACQUIRE_TIMEOUT", "0")
    settings = Settings.from_env(env_file=None)
    assert settings.database_timeouts == Timeouts(acquire=0.0, lock=1.5)
    assert settings.store_options == {"timeouts": settings.database_timeouts}
    monkeypatch.delenv("DATABASE_LOCK_TIMEOUT")
    monkeypatch.delenv("DATABASE_ACQUIRE_TIMEOUT")
    assert Settings.from_env(env_file=None).database_timeouts == Timeouts()


@pytest.mark.parametrize("value", ["soon", "-1", "99999"])
def test_a_malformed_time_limit_is_refused_by_name(monkeypatch, value):
    monkeypatch.setenv("DATABASE_STATEMENT_TIMEOUT", value)
    with pytest.raises(ConfigError, match="DATABASE_STATEMENT_TIMEOUT"):
        Settings.from_env(env_file=None)


# -- resigning against the game


@pytest.mark.parametrize(("players", "mode"), [(1, "solo"), (2, "coop")])
async def test_resigning_a_solo_or_coop_match_is_a_loss_against_the_void(service, store, players, mode):
    lobby = await service.new_lobby("iwari", 1, 10, 100, "host", {"mode": mode})
    for i in range(1, players):
        await service.join(lobby.id, 100 + i, f"p{i}")
    match, _ = await service.start(lobby.id, 100)
    ended, winners = await service.resign(10, 100)
    assert ended.status == "finished" and winners == []
    (final,) = [e for e in await store.pending_effects(match.id) if e.kind == "final"]
    assert final.payload == {"resigned": match.seat_of(100), "winners": []}
    assert [s.played for s in await store.stats(1, 100)] == [1]
    assert [s.won for s in await store.stats(1, 100)] == [0], "a loss"


# -- open lobbies per person


async def test_a_person_hosts_at_most_three_open_lobbies_per_server(service, store):
    from bot.service import MAX_OPEN_LOBBIES, ServiceError

    for channel in range(MAX_OPEN_LOBBIES):
        await service.new_lobby("ikenokoi", 1, 50 + channel, 100, "host")
    with pytest.raises(ServiceError, match="open lobbies"):
        await service.new_lobby("ikenokoi", 1, 60, 100, "host")
    assert await store.live_match(60) is None, "nothing was created"
    await service.new_lobby("ikenokoi", 2, 61, 100, "host")  # another server: its own count
    await service.new_lobby("ikenokoi", 1, 62, 101, "other")  # another person
    first = await store.live_match(50)
    await service.cancel(first.id, 100, False)
    await service.new_lobby("ikenokoi", 1, 60, 100, "host")  # one closed: room for one more
