"""AI seats keep playing through a long database outage: they resume by themselves once it is back."""

from __future__ import annotations

import random

from bot.store import StoreBusy
from tests.discord.helpers import custom_ids, live, make_world, open_lobby, play_one_action


def database_down(store) -> dict:
    """While ``down["now"]``, every read of a match fails as an unreachable server does."""
    down = {"now": False, "refused": 0}
    original = store.get_match

    async def get_match(match_id):
        if down["now"]:
            down["refused"] += 1
            raise StoreBusy("the database did not answer (ConnectionRefusedError)", ambiguous=True)
        return await original(match_id)

    store.get_match = get_match
    return down


async def test_an_ai_seat_resumes_after_a_database_outage_longer_than_any_give_up(simcord_env):
    world = await make_world(simcord_env, 1)
    world.bot.table.ai.budget = 0.05
    human = world.players[0]
    lobby = await open_lobby(world, human, "ikenokoi")
    await human.select(lobby, ["quick"], custom_id=next(c for c in custom_ids(lobby) if c.startswith("la:")))
    await human.click(lobby, label="Start")
    rng = random.Random(3)
    match = await live(world)
    while world.bot.service.state_of(match).to_act() != [match.seat_of(human.id)]:
        await simcord_env.advance_time(1)  # the AI's first turns, if it starts
        match = await live(world)
    down = database_down(world.bot.store)
    original_act = world.bot.service.act

    # The human's move that passes the turn to the AI is saved; then the database goes away,
    # before the AI reads the match.
    async def act_then_fail(*args, **kwargs):
        outcome = await original_act(*args, **kwargs)
        if world.bot.service.ai_to_act(outcome.match):
            down["now"] = True
        return outcome

    world.bot.service.act = act_then_fail
    for _ in range(50):
        assert await play_one_action(world, rng)
        if down["now"]:
            break
    world.bot.service.act = original_act
    stuck = await _read(world, down)
    assert world.bot.service.ai_to_act(stuck), "the AI is to play"
    for _ in range(30):  # half an hour of outage: far longer than the old five tries (about a minute)
        await simcord_env.advance_time(60)
    assert down["refused"] > 6, "the AI kept trying through the outage"
    assert (await _read(world, down)).version == stuck.version
    down["now"] = False
    await simcord_env.advance_time(61)  # at most the capped backoff
    resumed = await live(world)
    assert resumed is None or resumed.version > stuck.version, "the AI moved once the database was back"


async def _read(world, down):
    """The match as the database has it, whatever the bot's view of the outage."""
    was, down["now"] = down["now"], False
    try:
        return await live(world)
    finally:
        down["now"] = was


async def test_a_busy_database_is_answered_privately_and_the_next_try_works(simcord_env):
    from tests.discord.helpers import board_message, start_match

    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    member = next(p for p in world.players if p.id == match.seats[seat].user_id)
    down = database_down(world.bot.store)
    down["now"] = True
    refused = await member.click(board_message(world), label="Play")
    assert refused.ephemeral and "database" in (refused.response.content or "")
    down["now"] = False
    opened = await member.click(board_message(world), label="Play")
    assert opened.ephemeral and "database" not in ((opened.response or opened.followups[-1]).content or "")
