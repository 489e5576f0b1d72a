"""The store suite: every test runs on SQLite and on PostgreSQL (the ``backend`` fixture).

Both stores implement one interface with one set of semantics: a change is one transaction;
compare-and-set arguments make the loser of a race raise ``StaleVersion`` and change nothing;
the effects of a change are recorded with it; a reminder fires once; a channel has one live
match. Tests that only concern one backend's files stay in tests/test_service.py and
tests/test_concurrency.py (SQLite) and tests/test_postgres.py (PostgreSQL).
"""

from __future__ import annotations

import asyncio
import gc
import random
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.service import LiveMatchExists, MatchService, ServiceError, StaleClick
from bot.store import (
    KEEP,
    ActionRow,
    ChannelBusy,
    ChannelSettings,
    CorruptRow,
    Effect,
    Move,
    NewerDatabase,
    Reminder,
    Result,
    Seat,
    Shards,
    StaleVersion,
    StoreFull,
    migrations,
    shard_of,
)
from bot.stores import open_store
from games import REGISTRY
from tests.test_service import Clock, play, started

ROOT = Path(__file__).resolve().parents[1]
BIG = 2**63 - 1  # the largest Discord id a BIGINT (and SQLite's INTEGER) holds


@pytest.fixture
async def service(store):
    return MatchService(store, clock=Clock(), seed_source=lambda: 42)


async def click(service: MatchService, match_id: int, rng: random.Random) -> bool:
    """The player to act clicks a random legal action of the version they see."""
    match = await service.get(match_id)
    state = service.state_of(match)
    if state.is_over():
        return False
    seat = state.to_act()[0]
    action = rng.choice(state.legal_actions(seat)).id
    await service.act(match.id, match.seats[seat].user_id, match.version, action)
    return True


def move_of(match, expected: int, marker: str) -> Move:
    return Move(
        match.id,
        expected,
        {"marker": marker},
        ActionRow(expected + 1, 0, None, marker, [{"text": marker}], 5.0),
        effects=[Effect("board", {"by": marker}, expected + 1)],
    )


async def new_active(store, channel=1, guild=1, seats=None):
    seats = seats or [Seat(1, "a"), Seat(2, "b")]
    match = await store.create_match("ikenokoi", guild, channel, 1, seats, {}, 7, 1.0)
    await store.start_match(match.id, seats, {"v": 0}, None, 2.0)
    return await store.get_match(match.id)


# -- the schema


async def test_migrations_are_recorded_once_and_reopening_changes_nothing(fresh_database, backend):
    database = fresh_database
    for _ in range(2):
        store = open_store(database)
        await store.open()
        await store.close()
    store = open_store(database)
    await store.open()
    try:
        rows = await store.fetch_raw("SELECT number FROM schema_migrations ORDER BY number")
        expected = [n for n, _, _ in migrations(backend)]
        assert [r[0] for r in rows] == expected
        await store.check_writable()
    finally:
        await store.close()


async def test_a_database_migrated_by_a_newer_bot_is_refused_and_left_alone(fresh_database):
    """Issue 34: a migration this bot does not know means a newer bot changed the tables."""
    store = open_store(fresh_database)
    await store.open()
    await store.execute_raw("INSERT INTO schema_migrations VALUES (?, ?)", (999, "999_future.sql"))
    await store.close()
    with pytest.raises(NewerDatabase, match=r"newer version of the bot \(migration 999 unknown"):
        await open_store(fresh_database).open()


def test_both_backends_have_the_same_migration_numbers():
    assert [n for n, _, _ in migrations("sqlite")] == [n for n, _, _ in migrations("postgres")]


async def test_discord_ids_and_seeds_of_64_bits_round_trip(store):
    seats = [Seat(BIG, "big"), Seat(BIG - 1, "big2", ai="quick")]
    match = await store.create_match("kigi", BIG, BIG - 2, BIG, seats, {"advanced": True}, 2**62 + 3, 1.5)
    await store.set_messages(match.id, board_message_id=BIG - 3, lobby_message_id=BIG - 4)
    again = await store.get_match(match.id)
    assert (again.guild_id, again.channel_id, again.host_id, again.seed) == (BIG, BIG - 2, BIG, 2**62 + 3)
    assert (again.board_message_id, again.lobby_message_id) == (BIG - 3, BIG - 4)
    assert again.seats == seats and again.options == {"advanced": True} and again.created_at == 1.5
    await store.put_channel_settings(BIG, ChannelSettings(600, False, True))
    assert await store.channel_settings(BIG) == ChannelSettings(600, False, True)
    await store.put_dm_reminders(BIG, True)
    assert await store.dm_reminders(BIG)


async def test_a_state_reads_back_exactly_as_written(store):
    """JSON is stored as written: key order and numbers survive (the engines may rely on order)."""
    match = await store.create_match("ikenokoi", 1, 1, 1, [Seat(1, "a")], {"z": 1, "a": 2}, 7, 1.0)
    state = {"zeta": [3, 1.5, -0.0], "alpha": {"b": None, "a": "é"}, "m": True}
    await store.start_match(match.id, [Seat(1, "a")], state, None, 2.0)
    again = await store.get_match(match.id)
    assert list(again.state) == ["zeta", "alpha", "m"] and again.state == state
    assert list(again.state["alpha"]) == ["b", "a"] and list(again.options) == ["z", "a"]


# -- matches and their compare-and-set


async def test_one_live_match_per_channel(store):
    first = await store.create_match("kigi", 1, 5, 1, [Seat(1, "a")], {}, 1, 1.0, [Effect("lobby")])
    with pytest.raises(ChannelBusy):
        await store.create_match("iki", 1, 5, 2, [Seat(2, "b")], {}, 1, 1.0, [Effect("lobby")])
    assert [e.kind for e in await store.pending_effects(first.id)] == ["lobby"]
    assert (await store.live_match(5)).id == first.id
    await store.end_match(first.id, "abandoned", [], 2.0)
    assert await store.live_match(5) is None
    second = await store.create_match("iki", 1, 5, 2, [Seat(2, "b")], {}, 1, 3.0)
    assert second.id > first.id and (await store.live_match(5)).id == second.id


async def test_seat_changes_compare_the_old_seats(store):
    match = await store.create_match("kigi", 1, 5, 1, [Seat(1, "a")], {}, 1, 1.0)
    old = [Seat(1, "a")]
    await store.update_seats(match.id, old, [Seat(1, "a"), Seat(2, "b")], "lobby", 2.0, [Effect("lobby")])
    with pytest.raises(StaleVersion):
        await store.update_seats(match.id, old, [Seat(1, "a"), Seat(3, "c")], "lobby", 3.0, [Effect("lobby")])
    again = await store.get_match(match.id)
    assert [s.user_id for s in again.seats] == [1, 2] and again.updated_at == 2.0
    assert len(await store.pending_effects(match.id)) == 1, "the loser recorded no effect"
    with pytest.raises(StaleVersion):  # the status is compared too
        await store.update_seats(match.id, again.seats, again.seats, "active", 4.0)


async def test_a_lobby_starts_once(store):
    match = await store.create_match("kigi", 1, 5, 1, [Seat(1, "a"), Seat(2, "b")], {}, 1, 1.0)
    reminder = Reminder(match.id, 100.0, 0, 0)
    await store.start_match(match.id, match.seats, {"v": 1}, reminder, 2.0, [Effect("board")])
    with pytest.raises(StaleVersion):
        await store.start_match(match.id, match.seats, {"v": 2}, None, 3.0, [Effect("board")])
    again = await store.get_match(match.id)
    assert again.status == "active" and again.state == {"v": 1} and again.version == 0
    assert await store.due_reminders(1e9) == [reminder]
    assert len(await store.pending_effects(match.id)) == 1


async def test_two_moves_for_one_version_one_wins_and_the_loser_changes_nothing(store):
    match = await new_active(store)
    await store.put_reminder(Reminder(match.id, 50.0, 0, 0))
    results = await asyncio.gather(
        *(store.save_move(move_of(match, 0, f"m{i}"), 10.0) for i in range(6)), return_exceptions=True
    )
    winners = [i for i, r in enumerate(results) if r is None]
    assert len(winners) == 1 and all(isinstance(r, StaleVersion) for r in results if r is not None)
    marker = f"m{winners[0]}"
    again = await store.get_match(match.id)
    assert again.version == 1 and again.state == {"marker": marker}
    assert [(a.version, a.action) for a in await store.actions(match.id)] == [(1, marker)]
    assert [e.payload for e in await store.pending_effects(match.id)] == [{"by": marker}]
    assert await store.due_reminders(1e9) == [], "the winning move (no reminder) cleared it"


async def test_a_move_saves_its_reminder_results_and_effects_together(store):
    match = await new_active(store)
    move = move_of(match, 0, "x")
    move.reminder = Reminder(match.id, 99.0, 0, 1)
    await store.save_move(move, 10.0)
    assert await store.due_reminders(1e9) == [Reminder(match.id, 99.0, 0, 1)]
    last = move_of(await store.get_match(match.id), 1, "y")
    last.status = "finished"
    last.results = [Result(0, 1, 30, True), Result(1, 2, 20, False)]
    last.effects = [Effect("final", {}, 2)]
    await store.save_move(last, 11.0)
    again = await store.get_match(match.id)
    assert again.status == "finished" and again.version == 2
    assert await store.due_reminders(1e9) == []
    assert [(s.game, s.played, s.won) for s in await store.stats(1, 1)] == [("ikenokoi", 1, 1)]
    assert [(s.played, s.won) for s in await store.stats(1, 2)] == [(1, 0)]
    assert await store.stats(2, 1) == []
    assert [e.kind for e in await store.pending_effects(match.id)] == ["board", "final"]
    with pytest.raises(StaleVersion):  # a finished match takes no move
        await store.save_move(move_of(again, 2, "z"), 12.0)


async def test_ending_a_match_compares_the_version_when_asked(store):
    match = await new_active(store, guild=None)
    await store.save_move(move_of(match, 0, "x"), 3.0)
    with pytest.raises(StaleVersion):
        await store.end_match(match.id, "finished", [Result(0, 1, 1, True)], 4.0, [], expected_version=0)
    assert (await store.get_match(match.id)).status == "active"
    await store.put_reminder(Reminder(match.id, 9.0, 0, 1))
    await store.end_match(match.id, "finished", [Result(0, 1, 1, True)], 4.0, [Effect("final")], 1)
    assert await store.due_reminders(1e9) == []
    assert [(s.played, s.won) for s in await store.stats(None, 1)] == [(1, 1)], "a match outside a server"
    with pytest.raises(StaleVersion):
        await store.end_match(match.id, "abandoned", [], 5.0)


async def test_actions_come_oldest_first_and_limited_to_the_latest(store):
    match = await new_active(store)
    for v in range(5):
        await store.save_move(move_of(await store.get_match(match.id), v, f"a{v}"), 10.0 + v)
    rows = await store.actions(match.id, limit=3)
    assert [(r.version, r.action, r.events) for r in rows] == [
        (v, f"a{v - 1}", [{"text": f"a{v - 1}"}]) for v in (3, 4, 5)
    ]


async def test_undoing_deletes_the_steps_raises_the_version_and_compares_it(store):
    match = await new_active(store)
    for v in range(4):
        await store.save_move(move_of(await store.get_match(match.id), v, f"a{v}"), 10.0 + v)
    await store.put_reminder(Reminder(match.id, 50.0, 0, 4))
    with pytest.raises(StaleVersion):  # a stale Undo changes nothing
        await store.undo_move(match.id, 3, 3, {"undone": True}, None, 20.0, [Effect("board", {}, 4)])
    assert (await store.get_match(match.id)).version == 4 and len(await store.action_log(match.id)) == 4
    reminder = Reminder(match.id, 99.0, 0, 5)
    await store.undo_move(match.id, 4, 3, {"undone": True}, reminder, 20.0, [Effect("board", {"u": 1}, 5)])
    again = await store.get_match(match.id)
    assert again.version == 5 and again.state == {"undone": True} and again.status == "active"
    assert [r.action for r in await store.action_log(match.id)] == ["a0", "a1"]
    assert await store.due_reminders(1e9) == [reminder]
    assert [(e.payload, e.version) for e in await store.pending_effects(match.id)][-1] == ({"u": 1}, 5)
    # The next move goes on after the new version (the log has a gap where the steps were).
    await store.save_move(move_of(again, 5, "b"), 21.0)
    assert [(r.version, r.action) for r in await store.action_log(match.id)] == [
        (1, "a0"),
        (2, "a1"),
        (6, "b"),
    ]
    await store.undo_move(match.id, 6, 6, {"again": True}, None, 22.0)
    assert await store.due_reminders(1e9) == []
    await store.end_match(match.id, "finished", [], 23.0)
    with pytest.raises(StaleVersion):  # a finished match takes no undo
        await store.undo_move(match.id, 7, 1, {}, None, 24.0)


async def test_a_lobby_expires_once_unless_started_and_settings_keep_their_new_columns(store):
    # The expiry is a reminder row at version 0; it fires like one and a start replaces it.
    lobby = await store.create_match("iki", 1, 5, 1, [Seat(1, "a")], {}, 3, 1.0, expires_at=100.0)
    assert await store.due_reminders(1e9) == [Reminder(lobby.id, 100.0, 0, 0)]
    started = await store.create_match("iki", 1, 6, 1, [Seat(1, "a")], {}, 3, 1.0, expires_at=100.0)
    await store.start_match(started.id, [Seat(1, "a")], {"v": 0}, None, 2.0)
    assert [r.match_id for r in await store.due_reminders(1e9)] == [lobby.id], "a start drops the expiry"
    with pytest.raises(StaleVersion):  # an expiry never ends a match that has started
        await store.end_match(started.id, "abandoned", [], 3.0, [], from_status="lobby")
    await store.end_match(
        lobby.id, "abandoned", [], 3.0, [Effect("notice", {"text": "closed"})], from_status="lobby"
    )
    with pytest.raises(StaleVersion):  # the second process to fire it changes nothing
        await store.end_match(lobby.id, "abandoned", [], 3.0, [], from_status="lobby")
    assert await store.due_reminders(1e9) == [] and (await store.get_match(lobby.id)).status == "abandoned"
    assert [m.id for m in await store.live_matches_in(1)] == [started.id]
    assert await store.live_matches_in(2) == []
    await store.put_channel_settings(5, ChannelSettings(600, True, lobby_expiry=0))
    assert (await store.channel_settings(5)).lobby_expiry == 0
    assert await store.turn_pings([7, 8]) == {7: "channel", 8: "channel"}
    await store.put_turn_ping(7, "dm")
    await store.put_dm_reminders(7, True)  # one setting never resets the other
    await store.put_turn_ping(8, "mute")
    assert await store.turn_pings([7, 8]) == {7: "dm", 8: "mute"} and await store.dm_reminders(7)


async def test_a_reminder_is_replaced_only_while_the_match_has_the_status_read(store):
    lobby = await store.create_match("iki", 1, 5, 1, [Seat(1, "a")], {}, 3, 1.0, expires_at=100.0)
    assert await store.replace_reminder(lobby.id, "lobby", 50.0)
    assert await store.due_reminders(1e9) == [Reminder(lobby.id, 50.0, 0, 0)]
    turn = Reminder(lobby.id, 900.0, 0, 0)
    await store.start_match(lobby.id, [Seat(1, "a")], {"v": 0}, turn, 2.0)
    # A lobby's expiry written after the start (as read before it) changes nothing.
    assert not await store.replace_reminder(lobby.id, "lobby", 60.0)
    assert not await store.replace_reminder(lobby.id, "lobby", None)
    assert await store.due_reminders(1e9) == [turn], "the match keeps its turn reminder"
    await store.save_move(move_of(await store.get_match(lobby.id), 0, "m"), 3.0)
    # Written for the version the match has now: a move between the read and the write is no
    # reason to read again.
    assert await store.replace_reminder(lobby.id, "active", 80.0)
    assert await store.due_reminders(1e9) == [Reminder(lobby.id, 80.0, 0, 1)]
    assert await store.replace_reminder(lobby.id, "active", None)
    assert await store.due_reminders(1e9) == []
    await store.end_match(lobby.id, "abandoned", [], 4.0)
    assert not await store.replace_reminder(lobby.id, "active", 90.0)
    assert await store.due_reminders(1e9) == []


async def test_firing_the_last_reminder_takes_over_seats_or_records_the_offer_at_its_version(store):
    match = await new_active(store)
    other, theirs = match.seats, [Seat(s.user_id, s.name, "quick") for s in match.seats]
    # A reminder of an older version fires, but changes no seat: nothing is changed at all.
    await store.put_reminder(Reminder(match.id, 10.0, 3, match.version + 1))
    stale = Reminder(match.id, 10.0, 3, match.version + 1)
    assert not await store.fire_reminder(stale, None, [Effect("notice", {"x": 1})], seats=(other, theirs))
    assert await store.due_reminders(1e9) == [stale], "rolled back: the reminder is still there"
    assert (await store.get_match(match.id)).seats == other and await store.pending_effects(match.id) == []
    await store.delete_reminder(match.id)
    # At the match's version: the offer is recorded with the reminder's end and its effects.
    due = Reminder(match.id, 20.0, 3, match.version)
    await store.put_reminder(due)
    assert await store.fire_reminder(due, None, [Effect("notice", {"stalled": [0]}, 0)], stalled=True)
    got = await store.get_match(match.id)
    assert got.stalled == match.version and got.seats == other
    assert [e.payload for e in await store.pending_effects(match.id)] == [{"stalled": [0]}]
    assert not await store.fire_reminder(due, None, stalled=True), "fired once"
    # Seats taken over only from the seats as read.
    await store.put_reminder(due)
    assert not await store.fire_reminder(due, None, seats=(theirs, other))
    assert await store.fire_reminder(due, None, seats=(other, theirs))
    assert (await store.get_match(match.id)).seats == theirs and await store.due_reminders(1e9) == []


async def test_seats_are_updated_at_the_expected_version_only(store):
    match = await new_active(store)
    theirs = [Seat(s.user_id, s.name, "quick") for s in match.seats]
    with pytest.raises(StaleVersion):
        await store.update_seats(
            match.id, match.seats, theirs, "active", 2.0, expected_version=match.version + 1
        )
    await store.update_seats(match.id, match.seats, theirs, "active", 2.0, expected_version=match.version)
    assert (await store.get_match(match.id)).seats == theirs


async def test_the_absent_players_setting_round_trips(store):
    await store.put_channel_settings(6, ChannelSettings(600, True, stall_after=0))
    assert (await store.channel_settings(6)).stall_after == 0
    await store.put_channel_settings(6, ChannelSettings(600, True, stall_after=7200))
    assert (await store.channel_settings(6)).stall_after == 7200
    assert (await store.channel_settings(6)) == ChannelSettings(600, True, stall_after=7200)


async def test_the_languages_round_trip_and_leave_the_other_settings(store):
    """A channel's language (issue 35) is one of its settings; the server's and each user's
    Discord locale are remembered apart, and writing one never resets another setting."""
    assert await store.user_locale(BIG) is None and await store.guild_locale(BIG) is None
    await store.put_channel_settings(6, ChannelSettings(600, True, threads=True, language="fr"))
    assert await store.channel_settings(6) == ChannelSettings(600, True, threads=True, language="fr")
    await store.put_channel_settings(6, ChannelSettings(600, True, threads=True))
    assert (await store.channel_settings(6)).language is None  # back to the server's
    await store.put_dm_reminders(BIG, True)
    await store.put_user_locale(BIG, "pt-BR")
    await store.put_user_locale(BIG - 1, "en-XA")
    assert (await store.user_locale(BIG), await store.user_locale(BIG - 1)) == ("pt-BR", "en-XA")
    await store.put_user_locale(BIG, "ja")
    await store.put_turn_ping(BIG, "dm")
    assert await store.user_locale(BIG) == "ja" and await store.dm_reminders(BIG)
    assert await store.turn_pings([BIG]) == {BIG: "dm"}
    await store.put_guild_locale(BIG, "de")
    await store.put_guild_locale(BIG, "es-ES")
    assert await store.guild_locale(BIG) == "es-ES" and await store.guild_locale(BIG - 1) is None


async def test_lobby_expiry_set_while_the_lobby_starts_leaves_the_turn_reminder(service):
    """/settings lobby_expiry reads the channel's lobby; Start commits before it writes the expiry."""
    store = service.store
    lobby = await service.new_lobby("ikenokoi", 1, 10, 100, "host")
    await service.join(lobby.id, 101, "p1")
    live_match = store.live_match

    async def started_meanwhile(channel_id):
        found = await live_match(channel_id)
        if found is not None and found.status == "lobby":
            await service.start(found.id, 100)  # between the read and the write
        return found

    store.live_match = started_meanwhile
    await service.set_reminders(10, None, None, lobby_expiry=3 * 3600)
    store.live_match = live_match
    match = await store.get_match(lobby.id)
    assert match.status == "active"
    (reminder,) = await store.due_reminders(1e12)
    assert reminder == Reminder(match.id, service.clock() + 12 * 3600, 0, match.version), (
        "the match's turn reminder, not the lobby's expiry"
    )


@pytest.mark.parametrize(
    "column, value",
    [
        ("seats", "not json"),
        ("seats", '[{"user_id": "x"}]'),
        ("seats", "{}"),
        ("options", "[1]"),
        ("options", "{"),
    ],
)
async def test_unreadable_seats_or_options_load_as_a_damaged_match(store, column, value):
    """Issue 34: such a match is found in its channel (as damaged: it cannot go on), so that
    /match abandon can end it and free the channel; before, reading it failed everywhere."""
    good = await new_active(store, channel=1)
    bad = await new_active(store, channel=2)
    await store.execute_raw(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, bad.id))
    for match in (await store.get_match(bad.id), await store.live_match(2)):
        assert match.id == bad.id and match.damaged and match.status == "active"
    assert not (await store.get_match(good.id)).damaged
    assert {m.id: m.damaged for m in await store.active_matches()} == {good.id: False, bad.id: True}
    service = MatchService(store, clock=Clock(), seed_source=lambda: 42)
    with pytest.raises(CorruptRow):
        await service.act(bad.id, 1, bad.version, "draw")
    assert (await service.abandon(2, 1, can_manage=False)).status == "abandoned"
    assert await store.live_match(2) is None, "the channel is free again"


# -- the outbox


async def test_effects_are_finished_by_id_and_messages_recorded(store):
    match = await new_active(store)
    await store.add_effects(
        match.id, [Effect("board", {"bottom": True}, 0), Effect("notice", {"text": "hi"}, 0)]
    )
    first, second = await store.pending_effects(match.id)
    assert (first.kind, first.payload, second.kind, second.payload) == (
        "board",
        {"bottom": True},
        "notice",
        {"text": "hi"},
    )
    assert first.id < second.id and first.match_id == match.id
    assert await store.matches_with_effects() == [(match.id, 1)]
    await store.finish_effects(match.id, [first.id], board_message_id=77)
    assert [e.id for e in await store.pending_effects(match.id)] == [second.id]
    again = await store.get_match(match.id)
    assert again.board_message_id == 77 and again.lobby_message_id is None
    await store.set_messages(match.id, lobby_message_id=5)
    await store.set_messages(match.id, board_message_id=None, lobby_message_id=KEEP)
    again = await store.get_match(match.id)
    assert again.board_message_id is None and again.lobby_message_id == 5
    await store.finish_effects(match.id, [second.id])
    assert await store.pending_effects(match.id) == [] and await store.matches_with_effects() == []


async def test_finishing_effects_deletes_exactly_the_delivered_ones(store):
    match = await new_active(store)
    await store.add_effects(match.id, [Effect("notice", {"text": str(i)}, 0) for i in range(3)])
    first, second, third = await store.pending_effects(match.id)
    # The writer delivered the first and the third; the second (say, committed after the writer's
    # read with an earlier id) stays pending even though a later id was finished.
    await store.finish_effects(match.id, [first.id, third.id])
    assert [e.id for e in await store.pending_effects(match.id)] == [second.id]


async def test_an_unreadable_effect_is_marked_not_fatal(store):
    match = await new_active(store)
    await store.add_effects(match.id, [Effect("notice", {"text": "x"}, 0)])
    await store.execute_raw("UPDATE outbox SET payload = '[1' WHERE match_id = ?", (match.id,))
    (effect,) = await store.pending_effects(match.id)
    assert effect.payload == {"unreadable": True}


# -- reminders and settings


async def test_a_reminder_fires_once_and_is_replaced_by_the_next(store):
    match = await new_active(store)
    due = Reminder(match.id, 10.0, 0, 0)
    await store.put_reminder(due)
    assert await store.next_reminder_at() == 10.0
    assert await store.due_reminders(9.0) == [] and await store.due_reminders(10.0) == [due]
    following = Reminder(match.id, 20.0, 1, 0)
    fired = await asyncio.gather(
        *(store.fire_reminder(due, following, [Effect("notice", {"reminder": 1}, 0)]) for _ in range(5))
    )
    assert sorted(fired) == [False, False, False, False, True]
    assert len(await store.pending_effects(match.id)) == 1, "only the winner recorded its notice"
    assert await store.due_reminders(1e9) == [following]
    assert not await store.fire_reminder(due, None), "the old reminder is gone"
    assert await store.fire_reminder(following, None)
    assert await store.due_reminders(1e9) == [] and await store.next_reminder_at() is None
    await store.put_reminder(Reminder(match.id, 30.0, 0, 0))
    await store.put_reminder(Reminder(match.id, 40.0, 2, 0))  # one reminder per match: replaced
    assert await store.due_reminders(1e9) == [Reminder(match.id, 40.0, 2, 0)]
    await store.delete_reminder(match.id)
    assert await store.due_reminders(1e9) == []


async def test_reminders_of_other_shards_are_left_to_their_processes(store):
    guilds = [g << 22 for g in range(1, 7)] + [None]  # shards (of 3): 1, 2, 0, 1, 2, 0, and 0
    matches = [await new_active(store, channel=i + 1, guild=g) for i, g in enumerate(guilds)]
    for i, m in enumerate(matches):
        await store.put_reminder(Reminder(m.id, 100.0 + i, 0, 0))
    for shard in range(3):
        mine = Shards(3, (shard,))
        due = await store.due_reminders(1e9, mine)
        expected = [m.id for m in matches if shard_of(m.guild_id, 3) == shard]
        assert [r.match_id for r in due] == expected and expected
        assert await store.next_reminder_at(mine) == 100.0 + [m.id for m in matches].index(expected[0])
    both = await store.due_reminders(1e9, Shards(3, (0, 2)))
    assert len(both) == 5
    assert (
        len(await store.due_reminders(1e9)) == len(await store.due_reminders(1e9, Shards(3, (0, 1, 2)))) == 7
    )
    assert await store.next_reminder_at(Shards(3, (1,))) == 100.0


async def test_channel_and_user_settings_are_replaced(store):
    assert await store.channel_settings(9) is None
    await store.put_channel_settings(9, ChannelSettings(600, True))
    await store.put_channel_settings(9, ChannelSettings(900, False, True))
    assert await store.channel_settings(9) == ChannelSettings(900, False, True)
    assert not await store.dm_reminders(4)
    await store.put_dm_reminders(4, True)
    assert await store.dm_reminders(4)
    await store.put_dm_reminders(4, False)
    assert not await store.dm_reminders(4)


async def test_settings_changed_by_another_process_are_seen_at_once(database):
    """Nothing is cached per process: a second store (process) sees the change immediately."""
    a, b = open_store(database), open_store(database)
    await a.open()
    await b.open()
    try:
        one, two = MatchService(a, clock=Clock()), MatchService(b, clock=Clock())
        assert await two.reminder_delay(3) == 12 * 3600
        await one.set_reminders(3, 3600, True, takeover=True)
        assert await two.reminder_delay(3) == 3600 and await two.ai_takeover(3)
        await one.set_reminders(3, None, False)
        assert await two.reminder_delay(3) is None
    finally:
        await a.close()
        await b.close()


async def test_a_read_only_database_is_found_before_logging_in(fresh_database, backend):
    database = fresh_database
    store = open_store(database)
    await store.open()
    try:
        await store.check_writable()
        if backend == "sqlite":
            await store.execute_raw("PRAGMA query_only = ON")  # what a read-only file does to writes
        else:
            (row,) = await store.fetch_raw("SELECT current_database()")
            await store.execute_raw(f'ALTER DATABASE "{row[0]}" SET default_transaction_read_only = on')
            await store.close()
            store = open_store(database)
            await store.open()
        with pytest.raises(Exception, match=r"(?i)read.only|readonly"):
            await store.check_writable()
    finally:
        await store.close()


# -- through the match service


async def test_the_action_log_replays_the_match_from_its_seed(service):
    match, _ = await started(service)
    match = await play(service, match, 60, random.Random(1))
    stored = await service.store.get_match(match.id)
    replay = REGISTRY[stored.game].new_state(len(stored.seats), stored.seed, stored.options)
    for row in await service.store.actions(match.id, limit=10_000):
        replay.apply(row.seat, row.action)
    assert replay.to_json() == stored.state
    assert stored.version == len(await service.store.actions(match.id, limit=10_000))


async def test_refusals_change_nothing(service):
    match, state = await started(service)
    seat = state.to_act()[0]
    other = (seat + 1) % 3
    before = await service.store.get_match(match.id)
    v = before.version  # after the start's steps without a choice (Ike No Koi's first draws)
    logged = await service.store.actions(match.id)
    with pytest.raises(ServiceError, match="not your turn"):
        await service.act(match.id, match.seats[other].user_id, v, state.legal_actions(seat)[0].id)
    with pytest.raises(ServiceError, match="not playing"):
        await service.act(match.id, 999, v, "draw")
    with pytest.raises(ServiceError):
        await service.act(match.id, match.seats[seat].user_id, v, "made-up-action")
    with pytest.raises(StaleClick):
        await service.act(match.id, match.seats[seat].user_id, v + 7, state.legal_actions(seat)[0].id)
    after = await service.store.get_match(match.id)
    assert after.state == before.state and after.version == v
    assert await service.store.actions(match.id) == logged


async def test_one_live_match_per_channel_and_lobby_rules(service):
    lobby = await service.new_lobby("kigi", 1, 5, 100, "host")
    with pytest.raises(LiveMatchExists) as exc:
        await service.new_lobby("iki", 1, 5, 200, "other")
    assert exc.value.match.id == lobby.id
    with pytest.raises(ServiceError, match="Option advanced"):
        await service.new_lobby("kigi", 1, 6, 100, "host", {"advanced": "maybe"})
    with pytest.raises(ServiceError, match="Unknown option"):
        await service.new_lobby("kigi", 1, 6, 100, "host", {"colour": "red"})
    for i in range(1, 5):
        await service.join(lobby.id, 100 + i, f"p{i}")
    with pytest.raises(ServiceError, match="full"):
        await service.join(lobby.id, 999, "late")
    await service.cancel(lobby.id, 100, can_manage=False)
    assert await service.store.live_match(5) is None


async def test_finished_match_stores_results(service):
    match, _ = await started(service, n=2)
    match = await play(service, match, 10_000, random.Random(3))
    stored = await service.store.get_match(match.id)
    assert stored.status == "finished"
    state = service.state_of(stored)
    stats = [await service.store.stats(1, 100 + i) for i in range(2)]
    assert [s[0].played for s in stats] == [1, 1]
    won = {100 + i for i in range(2) if stats[i][0].won}
    assert won == {stored.seats[w].user_id for w in state.winners()}
    assert await service.store.due_reminders(1e12) == []


async def test_a_corrupt_row_is_refused_and_left_alone(service):
    match, _ = await started(service)
    await service.store.execute_raw("UPDATE matches SET state = '{not json' WHERE id = ?", (match.id,))
    service._states.clear()
    damaged = await service.store.get_match(match.id)
    assert damaged.damaged
    with pytest.raises(CorruptRow):
        service.state_of(damaged)
    with pytest.raises(CorruptRow):
        await service.act(match.id, match.seats[0].user_id, match.version, "draw")
    abandoned = await service.abandon(10, 100, can_manage=False)
    assert abandoned.status == "abandoned"


async def test_reminders_are_scheduled_and_reset_by_moves(service):
    match, _ = await started(service)
    clock = service.clock
    (reminder,) = await service.store.due_reminders(clock.now + 12 * 3600)
    assert reminder.due_at == pytest.approx(clock.now + 12 * 3600)
    clock.now += 3600
    match = await play(service, match, 1, random.Random(0))
    (reminder,) = await service.store.due_reminders(clock.now + 12 * 3600)
    assert reminder.due_at == pytest.approx(clock.now + 12 * 3600) and reminder.version == match.version
    await service.set_reminders(10, None, False)
    assert await service.store.due_reminders(1e12) == []


# -- many matches and several processes at once


@pytest.mark.parametrize("matches", [10, 50])
async def test_moves_on_many_matches_at_the_same_moment_all_succeed(service, matches):
    ids = [(await started(service, n=2, channel=channel))[0].id for channel in range(1, matches + 1)]
    rounds = 8
    for r in range(rounds):
        results = await asyncio.gather(
            *(click(service, mid, random.Random(mid * 100 + r)) for mid in ids), return_exceptions=True
        )
        failures = [x for x in results if isinstance(x, BaseException)]
        assert not failures, f"{len(failures)} of {matches} clicks failed: {failures[:3]}"
    for mid in ids:
        match = await service.get(mid)
        rows = await service.store.actions(mid, limit=10_000)
        assert [row.version for row in rows] == list(range(1, match.version + 1)), "versions have gaps"
        clicks = [row for row in rows if row.user_id is not None]  # the others had no choice
        assert len(clicks) == rounds or match.status == "finished"
        # A move records its effects in the same transaction: each for a version the log has, and
        # the turn passing (a mention) at least twice in eight clicks of Ike No Koi.
        effects = await service.store.pending_effects(mid)
        assert {e.version for e in effects} <= {row.version for row in rows} | {0}
        assert sum(1 for e in effects if e.payload.get("mention")) >= 2


async def test_effects_are_recorded_with_each_change(service):
    match, _ = await started(service, n=2)
    kinds = [e.kind for e in await service.store.pending_effects(match.id)]
    assert kinds == ["lobby", "lobby", "lobby", "board"]  # opened, joined, started (lobby and board)


async def test_a_double_click_moves_once(service):
    match, state = await started(service, n=2)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0].id
    user = match.seats[seat].user_id
    logged = len(await service.store.actions(match.id))
    results = await asyncio.gather(
        *(service.act(match.id, user, match.version, action) for _ in range(5)), return_exceptions=True
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    assert len(wins) == 1
    assert all(isinstance(r, StaleClick) for r in results if isinstance(r, BaseException))
    assert len(await service.store.actions(match.id)) == logged + 1 + wins[0].forced


async def test_a_failed_transaction_never_takes_another_tasks_write_with_it(service):
    """A move that loses its race rolls back alone: a write of another task at the same moment stays."""
    match, state = await started(service, n=2, channel=1)
    other, _ = await started(service, n=2, channel=2)
    seat = state.to_act()[0]
    stale = state.legal_actions(seat)[0].id
    user = match.seats[seat].user_id
    v = match.version
    await service.act(match.id, user, v, stale)

    async def loser():
        with pytest.raises(StaleClick):
            await service.act(match.id, user, v, stale)

    async def writer():
        await service.store.set_messages(other.id, board_message_id=4242)

    await asyncio.gather(*(loser() for _ in range(5)), writer(), *(loser() for _ in range(5)))
    assert (await service.get(other.id)).board_message_id == 4242


async def test_finished_matches_leave_no_lock_behind(service):
    ids = [(await started(service, n=2, channel=channel))[0].id for channel in range(1, 6)]
    rng = random.Random(3)
    for mid in ids:
        while await click(service, mid, rng):
            pass
    gc.collect()
    assert len(service._locks) == 0 and len(service._channel_locks) == 0


async def two_services(database):
    stores = [open_store(database), open_store(database)]
    for store in stores:
        await store.open()
    return stores, [MatchService(store, clock=Clock()) for store in stores]


async def test_two_services_racing_on_one_match_one_move_per_version_wins(database):
    """Two processes' worth of service and store: the version compare-and-set decides every race."""
    stores, (a, b) = await two_services(database)
    try:
        match, _ = await started(a, n=2)
        for _ in range(12):
            match = await a.get(match.id)
            version = match.version
            state = a.state_of(match)
            if state.is_over():
                break
            seat = state.to_act()[0]
            actions = [x.id for x in state.legal_actions(seat)]
            user = match.seats[seat].user_id
            clicks = [
                svc.act(match.id, user, version, actions[i % len(actions)])
                for i in range(3)
                for svc in (a, b)
            ]
            results = await asyncio.gather(*clicks, return_exceptions=True)
            wins = [r for r in results if not isinstance(r, BaseException)]
            assert len(wins) == 1, results
            assert all(isinstance(r, StaleClick) for r in results if isinstance(r, BaseException))
        rows = await b.store.actions(match.id, limit=100)
        final = await b.get(match.id)
        assert [r.version for r in rows] == list(range(1, final.version + 1)) and final.version >= 1
        effects = await b.store.pending_effects(match.id)
        assert {e.version for e in effects} <= {r.version for r in rows} | {0}
    finally:
        for store in stores:
            await store.close()


async def test_two_services_on_different_matches_at_once_all_succeed(database):
    stores, services = await two_services(database)
    try:
        ids = {0: [], 1: []}
        for channel in range(1, 21):
            svc = services[channel % 2]
            ids[channel % 2].append((await started(svc, n=2, channel=channel))[0].id)
        for r in range(6):
            clicks = [
                click(services[side], mid, random.Random(mid * 31 + r))
                for side in (0, 1)
                for mid in ids[side]
            ]
            results = await asyncio.gather(*clicks, return_exceptions=True)
            failures = [x for x in results if isinstance(x, BaseException)]
            assert not failures, failures[:3]
        for side in (0, 1):
            for mid in ids[side]:
                match = await services[1 - side].get(mid)  # the other process sees every move
                rows = await services[1 - side].store.actions(mid, limit=100)
                assert sum(r.user_id is not None for r in rows) == 6 or match.status == "finished"
                assert len(rows) == match.version
    finally:
        for store in stores:
            await store.close()


async def test_ratings_of_matches_finishing_at_once_in_two_processes_lose_no_update(database):
    from bot.ratings import rate

    stores, _ = await two_services(database)
    try:
        seats = [Seat(1, "a"), Seat(2, "b")]
        ids = []
        for channel in range(1, 7):
            match = await stores[channel % 2].create_match("kigi", 9, channel, 1, seats, {}, 1, 1.0)
            ids.append((stores[channel % 2], match.id))
        results = [Result(0, 1, 30, True), Result(1, 2, 20, False)]
        await asyncio.gather(*(store.end_match(mid, "finished", results, 2.0) for store, mid in ids))
        expected: dict = {}
        for _ in ids:
            expected = rate(results, expected)
        got = {r.user_id: r for r in await stores[0].leaderboard(9, "kigi")}
        assert {u: got[u].played for u in got} == {1: 6, 2: 6}
        for user in (1, 2):
            assert (got[user].mu, got[user].sigma) == pytest.approx(expected[user])
    finally:
        for store in stores:
            await store.close()


def test_processes_starting_at_once_on_a_new_database_all_migrate(fresh_database, backend):
    database = fresh_database
    script = textwrap.dedent(
        f"""
        import asyncio, sys
        sys.path.insert(0, {str(ROOT)!r})
        from bot.stores import open_store

        async def main():
            store = open_store({database!r})
            await store.open()
            await store.check_writable()
            await store.close()

        asyncio.run(main())
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE) for _ in range(3)]
    errors = [p.communicate(timeout=120)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0] * 3, errors

    async def numbers():
        store = open_store(database)
        await store.open()
        try:
            return [
                r[0] for r in await store.fetch_raw("SELECT number FROM schema_migrations ORDER BY number")
            ]
        finally:
            await store.close()

    assert asyncio.run(numbers()) == [n for n, _, _ in migrations(backend)]
    if backend == "sqlite":
        assert sqlite3.connect(database).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


async def test_a_step_whose_events_cannot_be_read_is_read_without_them(store):
    """Issue 34: one damaged step of the log froze the board (every read of the last steps failed)."""
    match = await new_active(store)
    for version, marker in enumerate(["one", "two", "three"]):
        await store.save_move(move_of(await store.get_match(match.id), version, marker), 3.0)
    await store.execute_raw(
        "UPDATE actions SET events = '{broken' WHERE match_id = ? AND version = 2", (match.id,)
    )
    await store.execute_raw(
        "UPDATE actions SET events = ? WHERE match_id = ? AND version = 3", ('[{"text": 5}]', match.id)
    )
    for rows in (await store.actions(match.id, 5), await store.action_log(match.id)):
        assert [(r.version, r.action, r.events) for r in rows] == [
            (1, "one", [{"text": "one"}]),
            (2, "two", []),
            (3, "three", []),
        ]


async def fill_the_disk(store, backend: str) -> None:
    """Writes that need room fail from now on as on a full disk: SQLite's file may not grow (and its
    free room is used up); PostgreSQL answers "disk full" (SQLSTATE 53100) to new steps of a log."""
    if backend == "sqlite":
        (pages,) = await store.fetch_raw("PRAGMA page_count")
        await store.execute_raw(f"PRAGMA max_page_count = {pages[0]}")
        for user in range(100_000):
            try:
                await store.execute_raw(
                    "INSERT INTO user_settings (user_id, dm_reminders) VALUES (?, 0)", (user,)
                )
            except sqlite3.OperationalError as exc:
                assert "full" in str(exc)
                return
        raise AssertionError("the file never filled up")
    await store.execute_raw(
        "CREATE FUNCTION disk_full() RETURNS trigger AS $$ BEGIN"
        " RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$ LANGUAGE plpgsql"
    )
    await store.execute_raw(
        "CREATE TRIGGER disk_full BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION disk_full()"
    )


async def test_a_full_disk_is_said_and_changes_nothing(service, backend):
    """Issue 34: a full disk was an unexpected error (the generic apology); now it is ``StoreFull``,
    a transient failure the answer names, and the move is not half saved."""
    match, _ = await started(service, 2)
    await fill_the_disk(service.store, backend)
    try:
        rng = random.Random(4)
        for _ in range(100):  # until a move needs room (SQLite's pages may have some left)
            match = await service.get(match.id)
            try:
                await click(service, match.id, rng)
            except StoreFull:
                break
        else:
            raise AssertionError("no move ever needed room")
        assert (await service.store.get_match(match.id)).version == match.version
        assert len(await service.store.action_log(match.id)) == match.version
    finally:
        if backend == "postgres":  # the session's database is shared: emptied, never dropped
            await service.store.execute_raw("DROP TRIGGER disk_full ON actions")
            await service.store.execute_raw("DROP FUNCTION disk_full")
