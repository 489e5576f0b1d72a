"""The Discord layer's own words in the pseudo-language ``en_XA`` (issue 35): a short game of each
game played through SimCord, every interaction and every post in ``en_XA``, and every word that
cogs/ sends to Discord (contents, embeds, button labels, menus' placeholders, options and their
descriptions, text displays, alt texts, a thread's name) read in the REST calls the bot made: no
English left (``tests/i18n_helpers.py``).

Only the words of cogs/panel.py, matches.py, messages.py, replays.py, table.py, components.py and
common.py are checked here: the words that come from elsewhere where they enter these modules (an
engine's label, prompt or event through ``tr``/``format_event``, the facts, alt texts and lines of
``rendering``, a rules page) are taken as translated (``others_in_pseudo``), so that the test says
whether cogs/ passes every one of them through the translation where it becomes text, whichever of
the other parts of issue 35 has landed. The slash commands' names and descriptions (sent when the
commands are synced) are not cogs/'s words and are left out.
"""

from __future__ import annotations

import random
from contextvars import ContextVar

import pytest

import bot.service.base
import cogs.common
import cogs.components
import cogs.matches
import cogs.messages
import cogs.panel
import cogs.table
import rendering
from games.text import Msg
from rendering import i18n
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    live,
    lobby_button,
    lobby_message,
    make_world,
    member_of,
    start_match,
)
from tests.i18n_helpers import english_left

pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)

# One short game of each game: the smallest table it is played at.
GAMES = [("iki", 2, {}), ("kigi", 2, {}), ("ikenokoi", 2, {}), ("iwari", 1, {"mode": "solo"})]
NAMES = ("alice", "bob", "carol")


@pytest.fixture
def bot_settings() -> dict:
    # A whole game runs longer than the bot's timers (see tests/discord/test_games.py).
    return {"board_step_delay": 3600.0, "outbox_sweep": 0}


@pytest.fixture
def pseudo_everywhere(monkeypatch, request):
    """Every interaction and every post in ``en_XA``: the language of the moment is ``en_XA``
    wherever nothing sets it, and, where the bot sets it from Discord's locales (the person's for an
    interaction, the channel's or server's for a post), every person and the server say ``en-XA``
    (the ``locales`` fixture, where there is one)."""
    monkeypatch.setattr(i18n, "_current", ContextVar("koi_language", default=i18n.PSEUDO))
    try:
        return request.getfixturevalue("locales")
    except pytest.FixtureLookupError:
        return None


def _accented(text: str) -> str:
    """A text in ``en_XA`` whatever it was, as long as it was (no padding)."""
    return text.translate(i18n._ACCENTS)


@pytest.fixture
def others_in_pseudo(monkeypatch):
    """The words that enter cogs/ from the engines and ``rendering`` as if already translated:
    a plain string given to ``tr`` (or ``format_event``) comes out in ``en_XA`` as a message would;
    the facts, alt texts, lines beside the board and rules pages come out in ``en_XA``."""
    real_tr = i18n.tr

    def tr(value, code=None):
        if isinstance(value, str) and not isinstance(value, Msg) and (code or i18n.current()) == i18n.PSEUDO:
            return i18n.pseudo(value)
        return real_tr(value, code)

    for module in (bot.service.base, cogs.components, cogs.panel, cogs.messages, cogs.matches):
        monkeypatch.setattr(module, "tr", tr)

    def in_pseudo(fn):  # accented, not longer: these texts are cut to Discord's limits already
        def wrapper(*args, **kwargs):
            out = fn(*args, **kwargs)
            return _accented(out) if isinstance(out, str) else out

        return wrapper

    for module in (cogs.panel, cogs.table):
        monkeypatch.setattr(module, "facts", in_pseudo(module.facts))
    for name in ("describe", "glance", "standing", "outcome"):
        monkeypatch.setattr(rendering, name, in_pseudo(getattr(rendering, name)))
    monkeypatch.setattr(cogs.common, "rules_description", in_pseudo(cogs.common.rules_description))
    pages = cogs.common.rules_pages
    monkeypatch.setattr(cogs.common, "rules_pages", lambda text: [_accented(p) for p in pages(text)])


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


@pytest.mark.parametrize(("game", "n", "options"), GAMES, ids=[g for g, _n, _o in GAMES])
async def test_a_game_in_pseudo_has_no_english_of_cogs(
    simcord_env, pseudo_everywhere, others_in_pseudo, game, n, options
):
    world = await make_world(simcord_env, max(n, 2), NAMES)
    if pseudo_everywhere is not None:
        for member in world.players:
            pseudo_everywhere.user(member, "en-XA")
        pseudo_everywhere.guild(world.guild, "en-XA")
    await world.players[0].slash(world.channel, f"{game} rules")
    await start_match(world, game, n, **options)
    await world.players[0].slash(world.channel, "match mine")
    await world.players[0].slash(world.channel, "match log")
    await play(world, random.Random(3))
    match = await world.bot.store.finished_matches(world.channel.id, 1)
    assert match and match[0].match.status == "finished"
    final = world.channel.last_message
    await after_the_end(world, game, final)
    if game == "kigi":  # the animated replay once (it is long to draw): its words are its alt text
        await click_id(world.players[1], final, "rp:")
    left = english_said(simcord_env, NAMES[: max(n, 2)])
    assert not left, "English left in cogs/' words:\n" + "\n".join(
        f"{where}: {words!r} -> {english}" for where, words, english in left[:40]
    )
