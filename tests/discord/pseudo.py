"""Reading what the bot said, and playing a whole game by the components' ids, for the tests of
the pseudo-language ``en_XA`` (issue 35): the words of every REST call the bot made, with the English
left in them (``tests/i18n_helpers.py``); a game played at random through Play, its menus and Undo,
whatever language its labels are in; the buttons and commands about a finished match."""

from __future__ import annotations

import random

import pytest

from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    live,
    lobby_button,
    lobby_message,
    member_of,
)
from tests.i18n_helpers import english_left

# -- what the bot said


def _component_words(c: dict) -> list[str]:
    out = [c.get(k) for k in ("label", "placeholder", "content")]
    out += [o.get(k) for o in c.get("options") or [] for k in ("label", "description")]
    out += [item.get("description") for item in c.get("items") or []]  # a gallery's alt texts
    for kid in [*(c.get("components") or []), *([c["accessory"]] if c.get("accessory") else [])]:
        out += _component_words(kid)
    return out


def _embed_words(e: dict) -> list[str]:
    out = [e.get("title"), e.get("description"), (e.get("footer") or {}).get("text")]
    out += [f.get(k) for f in e.get("fields") or [] for k in ("name", "value")]
    return out


def said(payload) -> list[str]:
    """The words a person reads in a REST call's JSON: a message (posted, edited, an interaction's
    answer or follow-up), or a thread's name."""
    if not isinstance(payload, dict):
        return []
    body = payload.get("data") if isinstance(payload.get("data"), dict) else payload
    out = [body.get("content"), body.get("name")]
    out += [w for e in body.get("embeds") or [] for w in _embed_words(e)]
    out += [w for c in body.get("components") or [] for w in _component_words(c)]
    out += [a.get("description") for a in body.get("attachments") or []]
    return [w for w in out if isinstance(w, str) and w]


def english_said(env, names) -> list[tuple[str, str, list[str]]]:
    found = []
    for request in env.http_requests:
        if "/commands" in request.path:  # the slash commands' own words (cogs/games.py, plumbing)
            continue
        for words in said(request.json):
            left = english_left(words, names)
            if left:
                found.append((f"{request.method} {request.path}", words, left))
    return found


# -- playing by the components' ids (their labels are not English)


def answer(result):
    """The message an answer became (a deferred one: its follow-up)."""
    return result.followups[-1] if result.followups else result.response


async def click_id(member, message, prefix: str):
    cid = next(c for c in custom_ids(message) if c.startswith(prefix))
    return await member.click(message, custom_id=cid)


async def play(world, rng: random.Random) -> None:
    """Each player to act presses Play and chooses at random (a page, a menu's option, Undo now and
    then), until the game is over; each player looks at My view once, and one who is not to act
    presses Play (refused)."""
    bot = world.bot
    viewed: set[int] = set()
    for _i in range(3000):
        match = await live(world)
        if match is None:
            return
        state = bot.service.state_of(match)
        seat = state.to_act()[0]
        member = member_of(world, match, seat)
        board = board_message(world)
        if member.id not in viewed:
            viewed.add(member.id)
            await click_id(member, board, "bd:view:")
            others = [member_of(world, match, s) for s in range(len(match.seats)) if s != seat]
            if others:
                await click_id(others[0], board, "bd:play:")  # not their turn: refused
        panel = answer(await click_id(member, board, "bd:play:"))
        while True:
            match = await live(world)
            if match is None or seat not in bot.service.state_of(match).to_act():
                break
            choices = []
            for c in components(panel):
                cid = c.get("custom_id", "")
                if cid.startswith(("ac:", "pg:", "un:")):
                    choices.append((cid, None))
                elif cid.startswith("as:"):
                    choices += [(cid, o["value"]) for o in c["options"]]
            if not choices:
                break
            undo = [c for c in choices if c[0].startswith("un:")]
            cid, value = undo[0] if undo and rng.random() < 0.05 else rng.choice(choices)
            if value is None:
                await member.click(panel, custom_id=cid)
            else:
                await member.select(panel, [value], custom_id=cid)
    pytest.fail("the game did not end")


async def after_the_end(world, game: str, final) -> None:
    """The result's buttons and the commands about finished matches: the viewer (steps, the menu
    of places, whose hand), the history, the stats, the leaderboard, a rematch."""
    alice = world.players[0]
    view = answer(await click_id(alice, final, "rs:"))
    forward = next(c for c in custom_ids(view) if c.startswith("rv:") and c.endswith(":n"))
    await alice.click(view, custom_id=forward)
    jump = next(c for c in components(view) if c.get("custom_id", "").startswith("rj:"))
    await alice.select(view, [jump["options"][-1]["value"]], custom_id=jump["custom_id"])
    seat = next(c for c in components(view) if c.get("custom_id", "").startswith("rw:"))
    await alice.select(view, [seat["options"][-1]["value"]], custom_id=seat["custom_id"])
    await alice.slash(world.channel, "match history")
    await alice.slash(world.channel, "stats")
    await alice.slash(world.channel, "leaderboard", game=game)
    await click_id(alice, final, "rm:")  # a rematch lobby, then cancelled
    rematch = lobby_message(world)
    await alice.click(rematch, custom_id=lobby_button(rematch, "cancel"))
