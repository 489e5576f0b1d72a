"""The facts of a private panel in words: what the choice is about and what the player holds.

``facts(game_key, view, names)`` reads only ``state.view(seat)`` of the seat deciding, so it can
hold that seat's own secrets and nobody else's. A player must be able to decide from these words
alone in the common cases (the picture is there to look closer): Ike No Koi says the secret
challenge and what it is worth now; Iwari the hand and the territory in play; Kigi the
commissions and the card being placed; Iki the mat's essentials. The same words are the alt text
of the private picture, so they stay within Discord's 1,024 characters (``alt.LIMIT``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rendering.alt import LIMIT, _counts, _kigi_card, _plural, _river, clip, tribe_name, void_standing
from rendering.common import player_name


def _ikenokoi(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    lines = []
    secret = view.get("secret_challenge")
    if secret:
        worth = view.get("secret_points")
        # The game counts its points in lotus, as the rules and the pictures do.
        now = f" Worth {worth} lotus if the game ended now." if worth is not None else ""
        lines.append(f"**Your secret challenge:** {secret['text']}{now}")
    common = view.get("common_challenge")
    if common:
        lines.append(f"**Common challenge:** {common['text']}")
    river = f"**River:** {_river(view)}"
    if view.get("drawn"):
        river += f" (drawn this turn: {', '.join(map(str, view['drawn']))})"
    lines.append(river + f" · pond {view.get('pond_size', 0)} cards")
    if view.get("pool"):
        lines.append("**Pool you see:** " + ", ".join(map(str, view["pool"])))
    if view.get("peek"):
        lines.append("**You peeked at:** " + ", ".join(map(str, view["peek"])))
    players = view.get("players", [])
    if me is not None and me < len(players):
        p = players[me]
        koi = [
            (f"{v}" if z["koi"] == 1 else f"{v}×{z['koi']}" if z["koi"] else f"{v}: bamboo only")
            + (" +bamboo" if z.get("bamboo") and z["koi"] else "")
            for v, z in p.get("zones", {}).items()
            if z.get("koi") or z.get("bamboo")
        ]
        holds = f"**Your pond:** {', '.join(koi) or 'no Koi yet'}"
        extras = []
        if p.get("tokens"):
            extras.append("honour tokens " + ", ".join(map(str, p["tokens"])))
        if p.get("lotus"):
            extras.append(_plural(p["lotus"], "lotus flower", "lotus flowers"))
        if p.get("lanterns"):
            extras.append(_plural(p["lanterns"], "lantern"))
        lines.append(holds + ("; " + ", ".join(extras) if extras else ""))
    # Who leads each variety, and what its honour token is worth: who to overtake, what to keep.
    values = view.get("token_values") or {}
    held: dict[int, list[str]] = {}
    for variety, seat in (view.get("leaders") or {}).items():
        if seat is not None:
            held.setdefault(seat, []).append(f"{variety} ({values.get(variety, 0)} lotus)")
    if held:
        order = sorted(held, key=lambda s: (s != me, s))
        lines.append(
            "**Honour tokens:** "
            + "; ".join(f"{'you' if s == me else player_name(names, s)}: {', '.join(held[s])}" for s in order)
        )
    return lines


def _iki(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    players = view.get("players", [])
    if me is None or me >= len(players):
        return []
    p = players[me]
    lines = []
    # Mon and rice always (what hiring and feeding need), the other goods when there are some.
    goods = [f"{p.get('mon', 0)} mon", f"{p.get('rice', 0)} rice"]
    goods += [f"{p[k]} {k}" for k in ("wood", "koban", "sandal") if p.get(k)]
    lines.append(f"**You hold:** {', '.join(goods)}; {p.get('iki', 0)} iki")
    ranks = len(view.get("ff_order") or players)
    lines.append(
        f"**Firefighting:** {p.get('ff', 0)} (rank {p.get('ff_rank', 0) + 1} of {ranks})"
        + f" · {_plural(p.get('kobun_free', 0), 'kobun', 'kobun')} free to hire with"
    )
    mine = [s for s in view.get("stalls", []) if s.get("owner") == me and s.get("card")]
    if mine:
        chars = [
            f"{s['card']['name']} (nagaya {s['nagaya'] + 1}, experience {s.get('exp', 0)})" for s in mine
        ]
        lines.append(f"**Your characters ({len(mine)}):** " + ", ".join(chars))
    else:
        lines.append("**Your characters:** none yet")
    if p.get("retired"):
        lines.append("**Retired:** " + ", ".join(c.get("name", "?") for c in p["retired"]))
    shop = p.get("oyakata")
    at_builder = (
        isinstance(shop, int)
        and 0 <= shop < len(view.get("shop_keys", []))
        and (view["shop_keys"][shop] == "build")
    )
    if at_builder and me in view.get("to_act", []) and view.get("buildings"):
        # What a building does is in words only (the board has a line each: name and price).
        lines.append(
            "**To build:** "
            + "; ".join(
                f"{b['name']} ({b['wood']} wood, {b['mon']} mon: {b['iki']} iki"
                + (f", {b['ability_text']})" if b.get("ability_text") else ")")
                for b in view["buildings"]
            )
        )
    calendar = view.get("calendar", {})
    month = view.get("month")
    payday = next((m for m in calendar.get("paydays", []) if month is None or m >= month), None)
    when = [f"month {month}"] if month else []
    if payday is not None:
        need = _plural(len(mine), "rice", "rice")
        when.append(f"payday at the end of month {payday}: {need} to feed (you have {p.get('rice', 0)})")
    fire = calendar.get("next_fire")
    if fire:
        when.append(f"next fire in month {fire[0]}, strength {fire[1]}")
    if when:
        lines.append("**Calendar:** " + "; ".join(when))
    return lines


def _iwari(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    lines = []
    standing = void_standing(view)
    if standing:
        lines.append(f"**{standing}**" + f" · yours: {view.get('player_territories', 0)}")

    def who(tribe) -> str:
        return "you" if tribe == me else tribe_name(view, names, tribe)

    hand = view.get("hand")
    if hand is not None:
        lines.append(f"**Your hand:** {_counts(hand)}")
    left = view.get("tents_left") or []
    totems = view.get("totems_left") or []
    if me is not None and me < len(left):
        lines.append(f"**Left to place:** {_plural(left[me], 'tent')}, {_plural(totems[me], 'totem')}")
    pending = view.get("pending") or {}
    name = pending.get("territory") or view.get("pending_territory")
    if name:
        territory = next((t for t in view.get("territories", []) if t.get("name") == name), None)
        label = territory.get("label", name) if territory else name
        line = f"**In play:** {label}"
        if pending.get("pieces"):
            line += f", placing {pending['pieces'].replace('T', 'Tent ').strip()}"
        if pending.get("cards"):
            line += f", paid with {pending['cards']}"
        lines.append(line)
        if territory:
            tents = Counter(x for x in territory.get("tents", []) if x is not None)
            counts = [f"{who(s)} {n}" for s, n in tents.items()]
            free = pending.get("free_spaces")
            lines.append(
                f"**Tents there:** {', '.join(counts) or 'none'}"
                + (f" · free spaces {', '.join(free)}" if free else "")
            )
    else:
        # Where the majorities stand: what a territory choice is about.
        held = []
        for t in view.get("territories", []):
            tents = Counter(x for x in t.get("tents", []) if x is not None)
            if tents:
                counts = ", ".join(f"{who(s)} {n}" for s, n in tents.most_common())
                held.append(f"{t.get('label', t.get('name'))} {counts} ({len(t.get('tents', []))} spaces)")
        if held:
            lines.append("**Tents on the map:** " + "; ".join(held))
    display = view.get("display") or []
    if display:
        lines.append(f"**Display:** {', '.join(display)} · deck {view.get('deck', 0)}")
    return lines


def _kigi_words(card: dict) -> str:
    """A Kigi card as its action labels say it: "card 21 (dragonfly, 2 red)", or the commission."""
    if card.get("kind") == "commission":
        return _kigi_card(card)
    feats = card.get("features") or {}
    words = ", ".join(k if n == 1 else f"{n} {k}" for k, n in feats.items())
    return f"card {str(card.get('id', '?')).lstrip('t0') or '0'} ({words or _kigi_card(card)})"


def _kigi(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    lines = []
    pending = view.get("pending") or {}
    if pending.get("card") and pending.get("seat") == me:
        card = pending["card"]
        line = f"**Placing:** {_kigi_words(card)}"
        if card.get("tips"):
            line += f", tips {', '.join(card['tips'])}"
        tree = pending.get("tree")
        if tree is not None:
            line += f", on {'your' if tree == me else player_name(names, tree) + chr(39) + 's'} tree"
        lines.append(line)
    choosing = view.get("choosing") or {}
    if choosing.get("dealt"):
        lines.append("**Dealt to you:** " + "; ".join(c.get("text", "?") for c in choosing["dealt"]))
    commissions = view.get("commissions") or []
    if me is not None and me < len(commissions):
        mine = [
            c.get("text", "?") + (" (met now)" if c.get("met") else " (not met now)") for c in commissions[me]
        ]
        lines.append(f"**Your commissions:** {'; '.join(mine) or 'none'}")
    trees = {t["owner"]: t for t in view.get("trees", [])}
    if me in trees:
        stats = trees[me].get("stats", {})
        lines.append(
            f"**Your tree:** {_plural(stats.get('cards', 0), 'card')}, "
            f"{_plural(stats.get('branches', 0), 'branch', 'branches')}, "
            f"{_plural(stats.get('flowers', 0), 'flower')}, {_plural(stats.get('bugs', 0), 'bug')}; "
            f"collection {_plural(stats.get('collection', 0), 'card')}"
        )
    display = view.get("display") or []
    if display and not pending.get("card"):
        lines.append("**Display:** " + "; ".join(_kigi_words(c) for c in display))
    return lines


FACTS: dict[str, Callable[[dict, list[str] | None], list[str]]] = {
    "ikenokoi": _ikenokoi,
    "iki": _iki,
    "iwari": _iwari,
    "kigi": _kigi,
}


def facts(game_key: str, view: dict, names: list[str] | None = None) -> str:
    """The panel's facts, one per line in Discord markdown, at most ``LIMIT`` characters."""
    lines = FACTS.get(game_key, lambda v, n: [])(view, names)
    return clip("\n".join(line for line in lines if line), LIMIT)


def plain(text: str) -> str:
    """The same words without markdown: an alt text is read out, not rendered."""
    return text.replace("**", "").replace("\n", ". ").replace(":. ", ": ")
