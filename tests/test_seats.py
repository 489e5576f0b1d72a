"""The AI seats driven through bot/seats.py, without Discord: the match service and a store only."""

from __future__ import annotations

import random

from bot.seats import AiSeats
from bot.store import StoreBusy
from tests.test_service import service  # noqa: F401  (the fixture)


async def with_ai(service, guild=1, channel=10, game="ikenokoi"):  # noqa: F811
    """A match of one person (user 100) and two AI players, started."""
    lobby = await service.new_lobby(game, guild, channel, 100, "host", None)
    await service.add_ai(lobby.id, 100, "quick")
    await service.add_ai(lobby.id, 100, "quick")
    match, _ = await service.start(lobby.id, 100)
    return match


def person(match) -> int:
    return next(seat for seat, s in enumerate(match.seats) if s.ai is None)


async def until_ai(service, match, rng):  # noqa: F811
    """The person moves while it is their turn: then an AI seat is to act."""
    while not service.ai_to_act(match):
        legal = service.state_of(match).legal_actions(person(match))
        match = (await service.act(match.id, 100, match.version, rng.choice(legal).id)).match
    return match


async def test_the_ai_seats_play_a_whole_game_with_a_person(service):  # noqa: F811
    seats = AiSeats(service, budget=0.02)
    match = await with_ai(service)
    rng = random.Random(5)
    for _ in range(500):
        seats.schedule(match.id)
        await seats.idle()
        match = await service.get(match.id)
        assert not service.ai_to_act(match), "the AI seats played until a person is to decide"
        state = service.state_of(match)
        if state.is_over():
            break
        assert state.to_act() == [person(match)]
        action = rng.choice(state.legal_actions(person(match))).id
        match = (await service.act(match.id, 100, match.version, action)).match
    assert match.status == "finished"
    played = {row.seat for row in await service.store.action_log(match.id) if row.user_id is None}
    assert played >= {0, 1, 2} - {person(match)}  # (and the forced steps, the person's too)


async def test_resume_drives_the_matches_of_this_process_only(service):  # noqa: F811
    """After a restart: the AI seats to act in this process's servers play, the others' wait."""
    ours = await with_ai(service, guild=1, channel=10)
    theirs = await with_ai(service, guild=2, channel=20)
    rng = random.Random(2)
    for match in (ours, theirs):
        await until_ai(service, match, rng)
    seats = AiSeats(service, budget=0.02, owns=lambda guild_id: guild_id == 1)
    assert await seats.resume() == 1
    await seats.idle()
    assert not service.ai_to_act(await service.get(ours.id))
    assert service.ai_to_act(await service.get(theirs.id)), "another process's match is left alone"


async def test_a_busy_store_is_tried_again_and_a_fault_of_ours_stops(service, monkeypatch):  # noqa: F811
    match = await with_ai(service)
    match = await until_ai(service, match, random.Random(3))
    waits = []

    async def no_wait(seconds):
        waits.append(seconds)

    monkeypatch.setattr("bot.seats.asyncio.sleep", no_wait)
    act_ai = service.act_ai
    failures = iter([StoreBusy("busy")] * 7)

    async def busy_then_free(*args):
        failure = next(failures, None)
        if failure:
            raise failure
        return await act_ai(*args)

    monkeypatch.setattr(service, "act_ai", busy_then_free)
    seats = AiSeats(service, budget=0.02)
    seats.schedule(match.id)
    await seats.idle()
    assert waits == [2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]  # kept trying, at least once a minute
    assert not service.ai_to_act(await service.get(match.id)), "then played"

    failures = iter([ValueError("a bug")] * 100)
    waits.clear()
    match = await until_ai(service, await service.get(match.id), random.Random(4))
    seats.schedule(match.id)
    await seats.idle()
    assert len(waits) == 5, "a fault that is not the store's stops after five tries (and waits between)"
    assert service.ai_to_act(await service.get(match.id)), "the seat waits for the next start"
