"""Iwari in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from collections import Counter

from games.base import plural
from rendering.common import counts as _counts
from rendering.common import header, player_name


def describe(view: dict, names: list[str] | None) -> list[str]:
    parts = header("Iwari", view, names)
    if view.get("void") is not None:
        if view.get("over"):
            parts[1:2] = [f"Game over. {void_outcome(view)}"]
        else:
            parts.append(void_standing(view) + ".")
    journey = f"journey {view.get('journey', '?')}" + (", the final round" if view.get("final_round") else "")
    parts.append(f"Map {view.get('map_name', view.get('map', '?'))}, {journey}.")
    display = view.get("display") or []
    if display:
        parts.append("Display: " + ", ".join(display) + f". Deck: {plural(view.get('deck', 0), 'card')}.")
    majorities = []
    for t in view.get("territories", []):
        tents = Counter(x for x in t.get("tents", []) if x is not None)
        if tents:
            best = max(tents.values())
            leaders = [tribe_name(view, names, s) for s, c in tents.items() if c == best]
            label = t.get("label", t.get("name"))
            if len(leaders) == 1:
                majorities.append(f"{label} {leaders[0]} ({best})")
            else:
                majorities.append(f"{label} tied ({best} each)")
    if majorities:
        parts.append("Most tents: " + "; ".join(majorities) + ".")
    tents_left = view.get("tents_left", [])
    for seat in range(min(view.get("num_players", 0), len(tents_left))):
        line = f"{player_name(names, seat)}: {tents_left[seat]} tents and {view['totems_left'][seat]} totems left"
        sizes = view.get("hand_sizes") or []
        if seat < len(sizes):
            line += f", {plural(sizes[seat], 'card')} in hand"
        parts.append(line + ".")
    hand = view.get("hand")
    if hand:
        parts.append("Your hand: " + _counts(hand) + ".")
    return parts


def tribe_name(view: dict, names: list[str] | None, tribe) -> str:
    """An Iwari tribe by name: a seat's player, the Void (solo, co-op) or the third tribe (2 players)."""
    if not isinstance(tribe, int):
        return "the Void"
    if view.get("void") is not None and tribe == view["void"]:
        return "the Void"
    if view.get("neutral") is not None and tribe == view["neutral"]:
        return "the third tribe"
    return player_name(names, tribe)


def void_standing(view: dict) -> str:
    """Iwari solo and co-op: "The Void: 2 of the 3 territories it needs" ("" in a versus game)."""
    if view.get("void") is None:
        return ""
    target = view.get("void_target", 0)
    return f"The Void: {view.get('void_territories', 0)} of the {plural(target, 'territory', 'territories')} it needs"


def void_outcome(view: dict) -> str:
    """Iwari solo and co-op, over: who won and why, "The Void wins: it controlled 3 territories (it
    needed 3)" or "You win: the Void controlled 2 territories (it needed 3)" ("" otherwise)."""
    if view.get("void") is None or not view.get("over"):
        return ""
    held = plural(view.get("void_territories", 0), "territory", "territories")
    target = view.get("void_target", 0)
    if view.get("void_won"):
        why = view.get("void_won_by") or f"it controlled {held} (it needed {target})"
        return f"The Void wins: {why}."
    you = "You both win" if view.get("num_players", 1) > 1 else "You win"
    return f"{you}: the Void controlled {held} (it needed {target})."


def glance(view: dict) -> str:
    display = ", ".join(view.get("display") or []) or "empty"
    line = f"Display: {display} · deck {view.get('deck', 0)} · journey {view.get('journey', '?')}"
    standing = void_standing(view)
    return f"**{standing}** · {line}" if standing else line


def facts(view: dict, names: list[str] | None) -> list[str]:
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
        lines.append(f"**Left to place:** {plural(left[me], 'tent')}, {plural(totems[me], 'totem')}")
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
