"""Async play without Discord: lobbies that expire, a user's live matches, the turn ping setting.
Through SimCord: tests/discord/test_async_play.py."""

from __future__ import annotations

import pytest

from bot.reminders import ReminderScheduler
from bot.service import MatchService, ServiceError
from bot.stores import SqliteStore
from tests.test_service import Clock, started


@pytest.fixture
async def service(tmp_path):
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    yield MatchService(store, clock=Clock(), seed_source=lambda: 42, lobby_expiry=3600)
    await store.close()


async def test_a_lobby_nobody_starts_closes_itself_with_a_short_post(service):
    lobby = await service.new_lobby("iwari", 1, 10, 100, "host")
    scheduler = ReminderScheduler(service)
    service.clock.now += 3599
    assert await scheduler.tick() == 0 and (await service.get(lobby.id)).status == "lobby"
    service.clock.now += 2
    assert await scheduler.tick() == 1
    assert (await service.get(lobby.id)).status == "abandoned"
    effects = await service.store.pending_effects(lobby.id)
    assert [e.kind for e in effects][-2:] == ["lobby", "notice"]
    assert effects[-2].payload == {"expired": True}
    assert "nobody started it within 1 hour" in effects[-1].payload["text"]
    assert await scheduler.tick() == 0, "it fires once"
    # The channel is free again.
    await service.new_lobby("iki", 1, 10, 100, "host")


async def test_a_started_lobby_never_expires_and_a_channel_may_change_or_stop_expiry(service):
    match, _ = await started(service, n=2, game="ikenokoi", channel=11)
    service.clock.now += 10 * 3600
    for reminder in await service.store.due_reminders(service.clock()):
        await service.fire_reminder(reminder)
    assert (await service.get(match.id)).status == "active"
    await service.set_reminders(12, None, None, lobby_expiry=0)
    lobby = await service.new_lobby("iki", 1, 12, 100, "host")
    assert await service.lobby_expiry(12) == 0
    assert lobby.id not in [r.match_id for r in await service.store.due_reminders(1e12)]
    await service.set_reminders(12, None, None, lobby_expiry=7200)  # the open lobby follows
    due = {r.match_id: r.due_at for r in await service.store.due_reminders(1e12)}
    assert due[lobby.id] == lobby.created_at + 7200
    with pytest.raises(ServiceError, match="between 10 minutes and 30 days"):
        await service.set_reminders(12, None, None, lobby_expiry=60)


async def test_my_matches_lists_live_matches_of_this_server_and_whether_they_wait_for_me(service):
    match, state = await started(service, n=2, game="ikenokoi", channel=20, guild=1)
    await service.new_lobby("iki", 1, 21, 101, "p1")
    await service.new_lobby("kigi", 2, 22, 101, "p1")  # another server
    mine = await service.my_matches(1, 101)
    assert [(m.channel_id, m.status) for m, _ in mine] == [(20, "active"), (21, "lobby")]
    to_act = match.seats[state.to_act()[0]].user_id
    assert dict((m.channel_id, w) for m, w in mine)[20] == (to_act == 101)
    assert [m.channel_id for m, _ in await service.my_matches(1, 999)] == []


async def test_the_turn_ping_setting_is_checked(service):
    await service.set_turn_ping(5, "dm")
    assert await service.store.turn_pings([5]) == {5: "dm"}
    with pytest.raises(ServiceError):
        await service.set_turn_ping(5, "loud")


async def test_the_wait_starts_when_the_turn_came_not_at_the_players_own_steps(service):
    match, state = await started(service, n=2, game="ikenokoi", channel=30)
    first = state.to_act()[0]
    assert await service.waiting_since(match, [first]) == match.updated_at  # since the start
    service.clock.now += 100
    # Ike No Koi: the first draw keeps the turn (at least two cards before stopping).
    outcome = await service.act(match.id, match.seats[first].user_id, match.version, "draw")
    assert outcome.state.to_act() == [first]
    assert await service.waiting_since(outcome.match, [first]) == match.updated_at
    service.clock.now += 100
    match = outcome.match
    while service.state_of(match).to_act() == [first]:
        legal = [a.id for a in service.state_of(match).legal_actions(first)]
        step = "stop" if "stop" in legal else legal[0]
        match = (await service.act(match.id, match.seats[first].user_id, match.version, step)).match
    now = service.state_of(match).to_act()
    rows = await service.store.action_log(match.id)
    last_other = max(r.created_at for r in rows if r.seat not in now)
    assert await service.waiting_since(match, now) == last_other == service.clock.now
