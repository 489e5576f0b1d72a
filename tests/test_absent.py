"""A player who stays away, without Discord, on both stores: after the last reminder the other
players may let an AI play the seat or end the match; reminders obey the channel's settings as
they are when they fire. Through SimCord: tests/discord/test_absent.py."""

from __future__ import annotations

import pytest

from bot.reminders import ReminderScheduler
from bot.service import MAX_REMINDERS, MatchService, ServiceError
from tests.test_service import Clock, started

HOUR = 3600


@pytest.fixture
async def service(store):
    return MatchService(store, clock=Clock(), seed_source=lambda: 42, lobby_expiry=HOUR)


async def reminders_until(service, n: int) -> None:
    """Let ``n`` delays of an hour (and a second) pass, firing what is due."""
    scheduler = ReminderScheduler(service)
    for _ in range(n):
        service.clock.now += HOUR + 1
        await scheduler.tick()


async def absent_match(service, players=3, channel=10):
    """A started match of ``players`` in a channel with hourly reminders, left until the choice is
    offered: (match, absent seat, the user id of another player)."""
    await service.set_reminders(channel, HOUR, True)
    match, state = await started(service, players, channel=channel)
    (absent,) = state.to_act()
    await reminders_until(service, MAX_REMINDERS + 1)
    match = await service.get(match.id)
    other = next(s.user_id for i, s in enumerate(match.seats) if i != absent)
    return match, absent, other


async def test_the_choice_is_offered_once_after_the_last_reminder_and_its_wait(service):
    await service.set_reminders(10, HOUR, True)
    match, state = await started(service, 3)
    await reminders_until(service, MAX_REMINDERS)
    assert (await service.get(match.id)).stalled is None, "not before the wait after the last reminder"
    await reminders_until(service, 1)
    match = await service.get(match.id)
    assert match.stalled == match.version
    notices = [e.payload for e in await service.store.pending_effects(match.id) if e.kind == "notice"]
    absent = state.to_act()
    others = [i for i in range(3) if i not in absent]
    assert notices[-1] == {"stalled": absent, "others": others}
    assert await service.store.due_reminders(1e12) == [], "nothing more to fire"


async def test_any_one_other_player_lets_an_ai_play_the_seat_and_the_first_choice_wins(service):
    match, absent, other = await absent_match(service)
    absent_user = match.seats[absent].user_id
    with pytest.raises(ServiceError, match="waits for you"):
        await service.choose_for_absent(match.id, absent_user, match.version, "end")
    with pytest.raises(ServiceError, match="Only the other players"):
        await service.choose_for_absent(match.id, 999, match.version, "end")
    assert await service.choose_for_absent(match.id, other, match.version, "ai") == [absent]
    after = await service.get(match.id)
    assert after.seats[absent].ai == "quick" and after.held_seat_of(absent_user) == absent
    second = next(s.user_id for i, s in enumerate(match.seats) if i not in (absent,) and s.user_id != other)
    with pytest.raises(ServiceError, match="nothing to decide"):
        await service.choose_for_absent(match.id, second, match.version, "end")
    assert (await service.get(match.id)).status == "active"
    returned = await service.return_seat(match.channel_id, absent_user)
    assert returned.seats[absent].ai is None, "the player comes back as before"


async def test_ending_without_a_result_records_no_result(service):
    match, absent, other = await absent_match(service)
    await service.choose_for_absent(match.id, other, match.version, "end")
    assert (await service.get(match.id)).status == "abandoned"
    assert await service.store.finished_matches(match.channel_id) == []
    (final,) = [e for e in await service.store.pending_effects(match.id) if e.kind == "final"]
    assert final.payload == {"abandoned_by": other, "stalled": [absent]}


async def test_no_choice_before_it_is_offered_nor_after_a_move(service):
    await service.set_reminders(10, HOUR, True)
    match, state = await started(service, 3)
    other = next(s.user_id for i, s in enumerate(match.seats) if i not in state.to_act())
    with pytest.raises(ServiceError, match="nothing to decide"):  # a forged button, before the offer
        await service.choose_for_absent(match.id, other, match.version, "end")
    await reminders_until(service, MAX_REMINDERS + 1)
    (seat,) = state.to_act()
    moved = await service.act(
        match.id, match.seats[seat].user_id, match.version, state.legal_actions(seat)[0].id
    )
    with pytest.raises(ServiceError, match="nothing to decide"):  # they came back in time
        await service.choose_for_absent(match.id, other, match.version, "end")
    with pytest.raises(ServiceError, match="nothing to decide"):  # nor at the new version
        await service.choose_for_absent(match.id, other, moved.match.version, "ai")
    assert (await service.get(match.id)).status == "active"


async def test_with_takeover_on_an_ai_takes_the_seat_in_the_reminders_transaction(service):
    await service.set_reminders(10, HOUR, True, takeover=True)
    match, _ = await started(service, 2)
    scheduler = ReminderScheduler(service)
    taken = []

    async def on_takeover(m, seats):
        taken.append((await service.get(m.id)).seats[seats[0]].ai)  # already saved when called

    scheduler.on_takeover = on_takeover
    for _ in range(MAX_REMINDERS + 1):
        service.clock.now += HOUR + 1
        await scheduler.tick()
    assert taken == ["quick"]
    assert (await service.get(match.id)).stalled is None, "no choice to offer: the channel decided"


async def test_a_channel_may_offer_the_choice_later_or_never(service):
    await service.set_reminders(10, HOUR, True, stall_after=0)
    match, _ = await started(service, 2)
    await reminders_until(service, MAX_REMINDERS + 3)
    assert (await service.get(match.id)).stalled is None and await service.store.due_reminders(1e12) == []
    with pytest.raises(ServiceError, match="between 10 minutes and 30 days"):
        await service.set_reminders(10, None, None, stall_after=60)
    await service.set_reminders(10, None, None, stall_after=5 * HOUR)  # the count starts again
    await reminders_until(service, MAX_REMINDERS + 4)
    assert (await service.get(match.id)).stalled is None, "five hours after the last reminder, not four"
    await reminders_until(service, 1)
    assert (await service.get(match.id)).stalled == match.version


# -- a reminder obeys the settings as they are when it fires (the review's reminder race)


async def test_reminders_turned_off_while_one_fires_send_nothing(service):
    """/settings saves the channel's settings, then rewrites the match's reminder; a reminder that
    fires between the two obeys the new settings."""
    await service.set_reminders(10, HOUR, True)
    match, _ = await started(service, 2)
    service.clock.now += HOUR + 1
    (due,) = await service.store.due_reminders(service.clock())
    replace = service.store.replace_reminder

    async def fired_between(*args):
        await service.fire_reminder(due)
        return await replace(*args)

    service.store.replace_reminder = fired_between
    await service.set_reminders(10, None, False)
    service.store.replace_reminder = replace
    assert [e for e in await service.store.pending_effects(match.id) if e.kind == "notice"] == []
    assert await service.store.due_reminders(1e12) == []


async def test_a_lobby_whose_expiry_changed_as_it_fires_stays_open(service):
    lobby = await service.new_lobby("ikenokoi", 1, 10, 100, "host")
    service.clock.now += HOUR + 1
    (due,) = await service.store.due_reminders(service.clock())
    await service.set_reminders(10, None, None, lobby_expiry=3 * HOUR)
    await service.fire_reminder(due)  # read as due before the change
    assert (await service.get(lobby.id)).status == "lobby"
    await service.set_reminders(10, None, None, lobby_expiry=0)
    await service.fire_reminder(due)
    assert (await service.get(lobby.id)).status == "lobby"
    assert await service.store.due_reminders(1e12) == []


async def test_a_longer_delay_set_while_a_move_is_saved_delays_its_first_reminder(service):
    """The move computed its reminder from the old delay; /settings wrote the new one before the
    move committed (and no longer reads the match again): the reminder waits the new delay."""
    await service.set_reminders(10, HOUR, True)
    match, state = await started(service, 2)
    save = service.store.save_move

    async def settings_meanwhile(move, now):
        await service.set_reminders(10, 4 * HOUR, None)
        await save(move, now)

    service.store.save_move = settings_meanwhile
    seat, moved_at = state.to_act()[0], service.clock()
    await service.act(match.id, match.seats[seat].user_id, match.version, state.legal_actions(seat)[0].id)
    service.store.save_move = save
    scheduler = ReminderScheduler(service)
    service.clock.now += HOUR + 1
    await scheduler.tick()
    notices = [e for e in await service.store.pending_effects(match.id) if e.kind == "notice"]
    assert notices == [], "not after the old delay"
    (later,) = await service.store.due_reminders(1e12)
    assert later.due_at == moved_at + 4 * HOUR
    service.clock.now += 3 * HOUR
    await scheduler.tick()
    notices = [e for e in await service.store.pending_effects(match.id) if e.kind == "notice"]
    assert [n.payload["reminder"] for n in notices] == [1]
