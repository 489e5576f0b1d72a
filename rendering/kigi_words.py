"""Kigi in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from games.base import plural
from rendering.common import header, player_name


def _kigi_card(c: dict) -> str:
    """A display or pending card in words: its features, or a commission's text."""
    if c.get("kind") == "commission":
        return f"commission {c.get('text', c.get('id', '?'))}"
    feats = c.get("features") or {}
    return " ".join(k if n == 1 else f"{n} {k}" for k, n in feats.items()) or c.get("id", "?")


def describe(view: dict, names: list[str] | None) -> list[str]:
    parts = header("Kigi", view, names)
    display = view.get("display", [])
    if display:
        parts.append("Display: " + "; ".join(_kigi_card(c) for c in display) + ".")
    parts.append(f"Deck: {plural(view.get('deck_size', 0), 'card')}.")
    for tree in view.get("trees", []):
        stats = tree.get("stats", {})
        parts.append(
            f"{player_name(names, tree['owner'])}'s tree: {plural(stats.get('cards', 0), 'card')}, "
            f"{plural(stats.get('flowers', 0), 'flower')}, {plural(stats.get('bugs', 0), 'bug')}, "
            f"{plural(stats.get('branches', 0), 'branch', 'branches')}."
        )
    pending = view.get("pending")
    if pending and pending.get("card"):
        parts.append(f"{player_name(names, pending['seat'])} places the card {_kigi_card(pending['card'])}.")
    return parts


def glance(view: dict) -> str:
    display = "; ".join(_kigi_card(c) for c in view.get("display", [])) or "empty"
    return f"Display: {display} · deck {view.get('deck_size', 0)}"


def _kigi_words(card: dict) -> str:
    """A Kigi card as its action labels say it: "card 21 (dragonfly, 2 red)", or the commission."""
    if card.get("kind") == "commission":
        return _kigi_card(card)
    feats = card.get("features") or {}
    words = ", ".join(k if n == 1 else f"{n} {k}" for k, n in feats.items())
    return f"card {str(card.get('id', '?')).lstrip('t0') or '0'} ({words or _kigi_card(card)})"


def facts(view: dict, names: list[str] | None) -> list[str]:
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
            f"**Your tree:** {plural(stats.get('cards', 0), 'card')}, "
            f"{plural(stats.get('branches', 0), 'branch', 'branches')}, "
            f"{plural(stats.get('flowers', 0), 'flower')}, {plural(stats.get('bugs', 0), 'bug')}; "
            f"collection {plural(stats.get('collection', 0), 'card')}"
        )
    display = view.get("display") or []
    if display and not pending.get("card"):
        lines.append("**Display:** " + "; ".join(_kigi_words(c) for c in display))
    return lines
