"""The private panel through SimCord: its order, its facts in words, one live panel per player,
selects that ask in words, and one look per kind of decision."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from bot import merge
from bot.service import forced_steps
from cogs.panel import CLOSE_MARGIN, CLOSED, PLACEHOLDER_MAX, TOKEN_LIFETIME, VIEW_CLOSED, panel_rows
from cogs.table import PLAY_COOLDOWN, VIEW_COOLDOWN
from games import REGISTRY
from games.iwari.common import card_name
from rendering.facts import facts as facts_of
from tests.discord.helpers import (
    board_message,
    components,
    live,
    make_choice,
    make_world,
    member_of,
    play_one_action,
    slash_options,
    start_match,
    text,
)

pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 3600.0}


def kinds(message) -> list[str]:
    """The panel's leaves in order, by kind: text, button, select, picture."""
    names = {10: "text", 2: "button", 3: "select", 12: "picture"}
    return [names.get(c.get("type"), str(c.get("type"))) for c in components(message)]


async def open_panel(world, game: str, n: int, steps: int = 0, **options):
    """Start a match, play ``steps`` random actions, and press Play as the player to act."""
    await start_match(world, game, n, **options)
    rng = random.Random(5)
    for _ in range(steps):
        await play_one_action(world, rng)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    opened = await player.click(board_message(world), label="Play")
    return seat, player, opened.response or opened.followups[-1]


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_the_panel_reads_prompt_facts_choices_then_picture(simcord_env, game):
    """The panel of the game's usual set-up: the prompt, the facts the game writes for the seat
    (what they say is each game's own: tests/test_facts.py), the choices, then the picture."""
    n, options = REGISTRY[game].usual_setup()
    world = await make_world(simcord_env, n)
    seat, _, panel = await open_panel(world, game, n, steps=6, **slash_options(game, options))
    order = kinds(panel)
    assert order[:2] == ["text", "text"], order
    first_choice = next(i for i, k in enumerate(order) if k in ("button", "select"))
    assert set(order[2:first_choice]) <= {"text"}
    assert order[-1] == "picture" and "picture" not in order[:-1], "the picture comes last"
    assert all(k in ("button", "select") for k in order[first_choice:-1]), order
    prompt, facts = (c["content"] for c in components(panel)[:2])
    state = world.bot.service.state_of(await live(world))
    assert state.prompt(seat).split("{")[0][:30] in prompt
    match = await live(world)
    assert facts == facts_of(game, state.view(seat), match.shown_names), "the facts the game writes"
    (attachment,) = panel.attachments
    assert attachment.description and len(attachment.description) <= 1024
    assert facts.replace("**", "").split("\n")[0][:40] in attachment.description, "the alt text says the same"


async def test_ikenokoi_facts_name_the_secret_challenge_and_its_worth(simcord_env):
    world = await make_world(simcord_env, 3)
    seat, _, panel = await open_panel(world, "ikenokoi", 3)
    view = world.bot.service.state_of(await live(world)).view(seat)
    facts = components(panel)[1]["content"]
    assert view["secret_challenge"]["text"] in facts
    assert f"Worth {view['secret_points']} lotus" in facts


async def test_a_second_play_retires_the_first_panel(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    first = await player.click(board_message(world), label="Play")
    old = first.response or first.followups[-1]
    await world.env.advance_time(PLAY_COOLDOWN)  # Play again at the same moment: after its cooldown
    second = await player.click(board_message(world), label="Play")
    new = second.response or second.followups[-1]
    assert old.id != new.id
    await world.env.settle()
    ephemeral = [m for m in world.channel.history(viewer=player) if m.flags.ephemeral]
    ids = {m.id for m in ephemeral}
    assert old.id not in ids and new.id in ids, "only the newest panel is left"
    assert any(c.get("custom_id", "").startswith("ac:") for c in components(new))


async def test_a_panel_is_closed_before_its_token_ends(simcord_env):
    world = await make_world(simcord_env, 2)
    _, _, panel = await open_panel(world, "ikenokoi", 2)
    await world.env.advance_time(TOKEN_LIFETIME - CLOSE_MARGIN + 1)
    await world.env.settle()
    assert CLOSED in text(panel)
    assert not any(c.get("custom_id") for c in components(panel)), "a closed panel offers nothing"
    assert not panel.attachments


async def test_my_view_answers_are_retired_like_panels(simcord_env):
    """Issue 32: an old My view stayed showing the first turn's hand. A newer My view, or a panel,
    deletes the older one (while its token lives); the last one is closed before its token ends."""
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player, other = member_of(world, match, seat), member_of(world, match, 1 - seat)

    def private(member) -> set[int]:
        return {m.id for m in world.channel.history(viewer=member) if m.flags.ephemeral}

    async def my_view(member):
        await world.env.advance_time(VIEW_COOLDOWN)
        shown = await member.click(board_message(world), label="My view")
        await world.env.settle()
        return shown.response or shown.followups[-1]

    first = await my_view(other)
    second = await my_view(other)
    assert first.id not in private(other) and second.id in private(other), "only the newest My view is left"
    view = await my_view(player)
    opened = await player.click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]
    await world.env.settle()
    assert view.id not in private(player) and panel.id in private(player), "the panel retires My view"
    assert second.id in private(other), "another player's view is theirs"
    await world.env.advance_time(TOKEN_LIFETIME - CLOSE_MARGIN + 1)
    await world.env.settle()
    assert second.content == VIEW_CLOSED and not second.attachments, "closed before its token ends"


async def test_done_promises_the_next_choice_only_until_the_token_ends(simcord_env):
    world = await make_world(simcord_env, 2)
    seat, player, panel = await open_panel(world, "ikenokoi", 2)
    rng = random.Random(1)
    # Play this seat's turn to its end through the panel: the last click shows "Done". The match's
    # seed is random, so a step may ask with buttons or with a select menu: answer either.
    while seat in world.bot.service.state_of(await live(world)).to_act():
        buttons = [c["custom_id"] for c in components(panel) if c.get("custom_id", "").startswith("ac:")]
        menus = [c for c in components(panel) if c.get("custom_id", "").startswith("as:")]
        stop = [i for i in buttons if i.endswith(":stop")]
        choices = [("click", i, None) for i in stop or buttons]
        if not stop:
            choices += [("select", m["custom_id"], o["value"]) for m in menus for o in m["options"]]
        assert choices, f"the panel offers nothing while it is this seat's turn: {text(panel)!r}"
        kind, cid, value = rng.choice(choices)
        if kind == "click":
            await player.click(panel, custom_id=cid)
        else:
            await player.select(panel, [value], custom_id=cid)
    done = text(panel)
    assert "Done" in done and "<t:" in done and "press Play on the board" in done


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_menus_name_their_question_join_no_navigation_and_keep_one_shape(simcord_env, game):
    """Issue 30's menu rules, on the panels of a random game: a select's placeholder names its
    question with its count within 25 characters; a joined option never holds a navigation step;
    a decision of up to five options is a row of buttons on every turn, never only a menu item;
    a question's options are all joined with their next steps or none is."""
    n, options = REGISTRY[game].usual_setup()
    world = await make_world(simcord_env, n)
    world.bot.service.seed_source = lambda: 4
    await start_match(world, game, n, **slash_options(game, options))
    rng = random.Random(4)
    selects = 0
    for _ in range(150):
        match = await live(world)
        if match is None or selects >= 4:
            break
        state = world.bot.service.state_of(match)
        seat = state.to_act()[0]
        player = member_of(world, match, seat)
        opened = await player.click(board_message(world), label="Play")
        panel = opened.response or opened.followups[-1]
        offered = []
        legal = state.legal_actions(seat)
        shown: dict[str, list[str]] = {}  # first step -> how it is shown ("button", "menu", "joined")
        pages = [components(panel)]  # a long panel is paged: every page is looked at
        while more := [
            c for c in pages[-1] if c.get("custom_id", "").startswith("pg:") and c["label"] != "Previous"
        ]:
            await player.click(panel, custom_id=more[0]["custom_id"])
            pages.append(components(panel))
        for c in (c for page in pages for c in page):
            cid = c.get("custom_id", "")
            if cid.startswith("ac:"):
                shown.setdefault(cid.split(":", 3)[3], []).append("button")
                offered.append((cid, cid.split(":", 3)[3]))
            elif cid.startswith("as:"):
                selects += 1
                offered += [(cid, option["value"]) for option in c["options"]]
                placeholder = c["placeholder"]
                assert len(placeholder) <= PLACEHOLDER_MAX and " · " in placeholder, placeholder
                count = placeholder.rstrip().split(" ")[-1]  # "12", or a page of them: "26-50/91"
                assert re.fullmatch(r"\d+|\d+-\d+/\d+", count), f"no count: {placeholder!r}"
                for option in c["options"]:
                    steps = merge.split(option["value"])
                    shown.setdefault(steps[0], []).append("joined" if len(steps) > 1 else "menu")
                    work = state.copy()
                    for step in steps:
                        kind = {a.id: a.group for a in work.legal_actions(seat)}[step]
                        assert kind not in merge.navigation(work), f"navigation joined: {option['label']!r}"
                        work.apply(seat, step)
                        forced_steps(work)
        for kind in {a.group for a in legal}:
            ids = [a.id for a in legal if a.group == kind]
            looks = {look for i in ids for look in shown.get(i, [])}
            assert looks, f"{game}: {kind} is not on the panel"
            assert len(looks) == 1, f"{game}: {kind} is shown as {looks}"
            if len(ids) <= 5:  # on every turn: never only a menu item
                assert looks == {"button"}, f"{game}: {kind} ({len(ids)} options) is {looks}"
        cid, aid = rng.choice(offered)  # one step: every decision is looked at
        while cid not in {c.get("custom_id") for c in components(panel)}:  # back on the page that holds it
            await player.click(panel, label="Previous")
        await make_choice(player, panel, cid, aid)
    assert selects, "no select was shown"


def test_a_kind_of_decision_never_changes_its_look():
    """Up to five options are buttons whatever the kind, six or more a select; a question is joined
    whole or not at all, and one of up to five options never (it would be a button on one turn and
    a menu item on another)."""
    for key, game in REGISTRY.items():
        for n, options in game.usual_setups():
            state = game.new_state(num_players=n, seed=n, options=options)
            rng = random.Random(n)
            for _ in range(300):
                forced_steps(state)
                if state.is_over():
                    break
                seat = state.to_act()[0]
                acts = state.legal_actions(seat)
                rows = panel_rows(merge.choices(state, seat))
                for row in rows:
                    kind = row.group.split(merge.JOIN)[0]
                    size = sum(1 for a in acts if a.group == kind)
                    assert (row.kind == "buttons") == (size <= 5 and merge.JOIN not in row.group), (
                        f"{key}: {row.group} of {size} options is {row.kind}"
                    )
                state.apply(seat, rng.choice(acts).id)


async def test_iki_panel_shows_main_street_while_hiring_or_choosing_a_stall(simcord_env):
    """Hiring, choosing a stall or moving on the shared street: the panel's picture is main street
    with the options marked (not the player's mat); a player who waits sees their mat."""
    import io

    from PIL import Image

    import rendering
    from rendering.iki import CHOSEN

    world = await make_world(simcord_env, 3)
    await start_match(world, "iki", 3)
    rng = random.Random(2)
    for _ in range(60):  # the set-up and the Ikizama track, to the first hire or stall in phase B
        state = world.bot.service.state_of(await live(world))
        if state.view(None)["turn"].get("sub") in ("income", "hire_stall"):
            break
        await play_one_action(world, rng)
    match = await live(world)
    state = world.bot.service.state_of(match)
    seat = state.to_act()[0]
    view = state.view(seat)
    assert view["turn"].get("sub") in ("income", "hire_stall") and view["street_options"]["stalls"]
    opened = await member_of(world, match, seat).click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]
    (attachment,) = panel.attachments
    with Image.open(io.BytesIO(await attachment.read())) as picture:
        street = rendering.draw("iki", view, match.names)
        assert picture.size == street.size and picture.convert("RGB").tobytes() == street.tobytes()
        assert CHOSEN in {colour for _, colour in picture.convert("RGB").getcolors(1 << 16)}
    mat = rendering.draw("iki", {**view, "street_options": {"stalls": [], "shops": {}}}, match.names)
    assert mat.size != street.size, "the street, not the mat"
    waiting = next(s for s in range(3) if s not in state.to_act())
    mine = await member_of(world, match, waiting).click(board_message(world), label="My view")
    answer = mine.response or mine.followups[-1]
    (attachment,) = answer.attachments
    with Image.open(io.BytesIO(await attachment.read())) as picture:
        assert picture.size == rendering.draw("iki", state.view(waiting), match.names).size
        assert CHOSEN not in {colour for _, colour in picture.convert("RGB").getcolors(1 << 16)}


async def test_iwari_refill_of_two_or_three_cards_is_one_tap(simcord_env):
    """Issue 30: a refill of several cards is one tap ("Draw 2 from the deck", "Take Forest, draw 1
    from the deck"), a row of buttons beside the single draws, which stay buttons: every order of
    draws is still there. The tap ends the turn with a full hand and a full display."""
    world = await make_world(simcord_env, 3)
    world.bot.service.seed_source = lambda: 4
    await start_match(world, "iwari", 3)
    rng = random.Random(4)
    for _ in range(40):  # turns, until one ends in a refill of two or more cards
        match = await live(world)
        state = world.bot.service.state_of(match)
        seat = state.to_act()[0]
        player = member_of(world, match, seat)
        opened = await player.click(board_message(world), label="Play")
        panel = opened.response or opened.followups[-1]
        while seat in state.to_act() and not (state.phase == "draw" and sum(state.hands[seat]) <= 1):
            legal = {a.id for a in state.legal_actions(seat)}
            offered = [
                (c["custom_id"], value)
                for c in components(panel)
                if c.get("custom_id", "").startswith(("ac:", "as:"))
                for value in (
                    [o["value"] for o in c["options"]]
                    if "options" in c
                    else [c["custom_id"].split(":", 3)[3]]
                )
                if merge.split(value)[0] in legal and not value.startswith("r")
            ]
            await make_choice(player, panel, *rng.choice(offered))
            state = world.bot.service.state_of(await live(world))
        if seat in state.to_act():
            break
    else:
        pytest.fail("no refill of two cards in 40 turns")
    need = 3 - sum(state.hands[seat])
    buttons = {
        c["label"]: c["custom_id"] for c in components(panel) if c.get("custom_id", "").startswith("ac:")
    }
    names = {card_name(b) for b in state.display}
    assert {f"Take {name} from the display" for name in names} <= set(buttons)
    assert any(label.startswith("Draw from the deck") for label in buttons)
    assert f"Draw {need} from the deck" in buttons
    assert {f"Take {name}, draw {need - 1} from the deck" for name in names} <= set(buttons)
    assert not [c for c in components(panel) if c.get("custom_id", "").startswith("as:")]
    drawn = sum(state.hands[seat])
    await player.click(panel, custom_id=buttons[f"Draw {need} from the deck"])
    state = world.bot.service.state_of(await live(world))
    assert seat not in state.to_act() and sum(state.hands[seat]) == drawn + need == 3
    assert len(state.display) == 4


async def test_iwari_whole_plays_in_one_menu_territory_by_territory(simcord_env):
    """Issue 30: when every play joined to its tent space would not fit four menus of 25, the panel
    still shows the territory question on one page in at most four menus, a territory's plays with
    a Tent end with their tent space for all of them or for none, and one such option taken from the
    menu places the Tent at once: the next question is the refill, no tent space asked apart."""
    world = await make_world(simcord_env, 3)
    world.bot.service.seed_source = lambda: 1
    await start_match(world, "iwari", 3)
    rng = random.Random(1)
    for _ in range(120):
        match = await live(world)
        assert match is not None, "the game ended: no play whose tent space was joined where not all fit"
        state = world.bot.service.state_of(match)
        seat = state.to_act()[0]
        plays = [c for c in merge.choices(state, seat) if c.group.startswith("territory")]
        heads = {merge.SEP.join(merge.split(c.id)[:2]) for c in plays if merge.SEP in c.id}
        whole = sum(len(merge.follow_ups(state, seat, merge.Action(h, "", "")) or [h]) for h in heads)
        ends = [c.id for c in plays if len(merge.split(c.id)) == 3 and merge.split(c.id)[2].startswith("s")]
        if whole > merge.MERGE_MAX and ends:
            break
        await play_one_action(world, rng)
    else:
        pytest.fail("no turn whose plays joined to their tent space would not fit four menus")
    player = member_of(world, match, seat)
    opened = await player.click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]
    selects = [c for c in components(panel) if c.get("custom_id", "").startswith("as:")]
    assert 1 <= len(selects) <= 4 and not [
        c for c in components(panel) if c.get("custom_id", "").startswith("pg:")
    ]
    values = {o["value"]: c["custom_id"] for c in selects for o in c["options"]}
    assert {merge.split(v)[0] for v in values} == {
        a.id for a in state.legal_actions(seat) if a.group == "territory"
    }
    assert all(c["placeholder"].startswith("Territory") for c in selects)
    for territory in {merge.split(v)[0] for v in values}:  # whole plays for a territory, or none
        spaces = {
            len(merge.split(v)) == 3
            for v in values
            if merge.split(v)[0] == territory
            and merge.split(v)[1].startswith("c")
            and any(
                s.group == "space" for s in state_after(state, seat, merge.split(v)[:2]).legal_actions(seat)
            )
        }
        assert len(spaces) <= 1, f"{territory}: the tent space joined for some of its plays only"
    choice = rng.choice(ends)
    await player.select(panel, [choice], custom_id=values[choice])
    state = world.bot.service.state_of(await live(world))
    assert state.phase != "space" and (seat not in state.to_act() or state.phase in ("draw", "feat"))
    placed = [row.action for row in await world.bot.store.actions(match.id, 3)]
    assert merge.split(choice)[-1] in placed


def state_after(state, seat: int, steps: list[str]):
    work = state.copy()
    for step in steps:
        work.apply(seat, step)
        forced_steps(work)
    return work


async def test_my_view_answers_arriving_out_of_order_keep_the_latest_click():
    """Two My view clicks whose pictures finish in the other order: the answer to the later click
    stays, the earlier click's answer (drawn last) is the one deleted, whichever arrives first."""
    from cogs.panel import Panels

    for arrival in ((1, 2), (2, 1)):
        panels = Panels(service=None, messages=None)  # type: ignore[arg-type]
        deleted: list[int] = []

        def deleter(message_id: int, out: list[int] = deleted):
            async def delete() -> None:
                out.append(message_id)

            return delete

        async def edit(**_: object) -> None:
            return None

        for click in arrival:  # message id = the click's order, delivered in ``arrival`` order
            panels.live(7, 42, 100 + click, edit, deleter(100 + click), my_view=True, order=click)
        await asyncio.gather(*panels._tasks)
        assert deleted == [101], f"arrival {arrival}: the earlier click's answer goes"
        assert panels._views[(7, 42)].message_id == 102, "the latest click's answer stays"
        for entry in panels._views.values():
            entry.closer.cancel()
