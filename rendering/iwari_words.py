"""Iwari in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from collections import Counter

from games.text import P
from rendering.common import counts as _counts
from rendering.common import header, player_name
from rendering.i18n import _, _n, _p, list_words, tr


def _phrases(items: list[str]) -> str:
    """Phrases that hold commas of their own, one after the other: "a, b; c"."""
    # TRANSLATORS: what separates phrases that hold commas of their own (English "; ")
    return _p("iwari phrases", "; ").join(items)


def _cards(cards: list) -> str:
    return list_words([tr(c) for c in cards])


def describe(view: dict, names: list[str] | None) -> list[str]:
    parts = header("Iwari", view, names)
    if view.get("void") is not None:
        if view.get("over"):
            parts[1:2] = [_("Game over. {outcome}", outcome=void_outcome(view))]
        else:
            parts.append(_("{standing}.", standing=void_standing(view)))
    where = tr(view.get("map_name", view.get("map", "?")))
    if view.get("final_round"):
        parts.append(_("Map {map}, journey {n}, the final round.", map=where, n=view.get("journey", "?")))
    else:
        parts.append(_("Map {map}, journey {n}.", map=where, n=view.get("journey", "?")))
    display = view.get("display") or []
    if display:
        parts.append(
            _n(
                "Display: {cards}. Deck: {n} card.",
                "Display: {cards}. Deck: {n} cards.",
                view.get("deck", 0),
                cards=_cards(display),
            )
        )
    majorities = []
    for t in view.get("territories", []):
        tents = Counter(x for x in t.get("tents", []) if x is not None)
        if tents:
            best = max(tents.values())
            leaders = [tribe_name(view, names, s) for s, c in tents.items() if c == best]
            label = tr(t.get("label", t.get("name")))
            if len(leaders) == 1:
                majorities.append(_("{territory} {tribe} ({n})", territory=label, tribe=leaders[0], n=best))
            else:
                majorities.append(_("{territory} tied ({n} each)", territory=label, n=best))
    if majorities:
        parts.append(_("Most tents: {majorities}.", majorities=_phrases(majorities)))
    tents_left = view.get("tents_left", [])
    for seat in range(min(view.get("num_players", 0), len(tents_left))):
        name, tents, totems = player_name(names, seat), tents_left[seat], view["totems_left"][seat]
        sizes = view.get("hand_sizes") or []
        if seat < len(sizes):
            parts.append(
                _n(
                    "{name}: {tents} tents and {totems} totems left, {n} card in hand.",
                    "{name}: {tents} tents and {totems} totems left, {n} cards in hand.",
                    sizes[seat],
                    name=name,
                    tents=tents,
                    totems=totems,
                )
            )
        else:
            parts.append(
                _("{name}: {tents} tents and {totems} totems left.", name=name, tents=tents, totems=totems)
            )
    hand = view.get("hand")
    if hand:
        parts.append(_("Your hand: {cards}.", cards=_counts(hand)))
    return parts


def tribe_name(view: dict, names: list[str] | None, tribe) -> str:
    """An Iwari tribe by name: a seat's player, the Void (solo, co-op) or the third tribe (2 players)."""
    if not isinstance(tribe, int):
        return _p("iwari tribe", "the Void")
    if view.get("void") is not None and tribe == view["void"]:
        return _p("iwari tribe", "the Void")
    if view.get("neutral") is not None and tribe == view["neutral"]:
        return _p("iwari tribe", "the third tribe")
    return player_name(names, tribe)


def void_standing(view: dict) -> str:
    """Iwari solo and co-op: "The Void: 2 of the 3 territories it needs" ("" in a versus game)."""
    if view.get("void") is None:
        return ""
    target = view.get("void_target", 0)
    return _n(
        "The Void: {held} of the {n} territory it needs",
        "The Void: {held} of the {n} territories it needs",
        target,
        held=view.get("void_territories", 0),
    )


def void_outcome(view: dict) -> str:
    """Iwari solo and co-op, over: who won and why, "The Void wins: it controlled 3 territories (it
    needed 3)" or "You win: the Void controlled 2 territories (it needed 3)" ("" otherwise)."""
    if view.get("void") is None or not view.get("over"):
        return ""
    held = view.get("void_territories", 0)
    target = view.get("void_target", 0)
    if view.get("void_won"):
        if view.get("void_won_by"):
            return _("The Void wins: {why}.", why=tr(view["void_won_by"]))
        return _n(
            "The Void wins: it controlled {n} territory (it needed {target}).",
            "The Void wins: it controlled {n} territories (it needed {target}).",
            held,
            target=target,
        )
    if view.get("num_players", 1) > 1:
        return _n(
            "You both win: the Void controlled {n} territory (it needed {target}).",
            "You both win: the Void controlled {n} territories (it needed {target}).",
            held,
            target=target,
        )
    return _n(
        "You win: the Void controlled {n} territory (it needed {target}).",
        "You win: the Void controlled {n} territories (it needed {target}).",
        held,
        target=target,
    )


def glance(view: dict) -> str:
    display = _cards(view.get("display") or []) or _p("iwari display", "empty")
    line = _(
        "Display: {cards} · deck {deck} · journey {n}",
        cards=display,
        deck=view.get("deck", 0),
        n=view.get("journey", "?"),
    )
    standing = void_standing(view)
    return f"**{standing}** · {line}" if standing else line


def facts(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    lines = []
    standing = void_standing(view)
    if standing:
        lines.append(_("**{standing}** · yours: {n}", standing=standing, n=view.get("player_territories", 0)))

    def who(tribe) -> str:
        return _p("iwari tribe", "you") if tribe == me else tribe_name(view, names, tribe)

    hand = view.get("hand")
    if hand is not None:
        lines.append(_("**Your hand:** {cards}", cards=_counts(hand)))
    left = view.get("tents_left") or []
    totems = view.get("totems_left") or []
    if me is not None and me < len(left):
        lines.append(
            _(
                "**Left to place:** {tents}, {totems}",
                tents=_n("{n} tent", "{n} tents", left[me]),
                totems=_n("{n} totem", "{n} totems", totems[me]),
            )
        )
    pending = view.get("pending") or {}
    name = pending.get("territory") or view.get("pending_territory")
    if name:
        territory = next((t for t in view.get("territories", []) if t.get("name") == name), None)
        label = tr(territory.get("label", name) if territory else name)
        line = _("**In play:** {territory}", territory=label)
        if pending.get("pieces"):
            line = _("{line}, placing {pieces}", line=line, pieces=_pieces(pending["pieces"]))
        if pending.get("cards"):
            line = _("{line}, paid with {cards}", line=line, cards=tr(pending["cards"]))
        lines.append(line)
        if territory:
            tents = Counter(x for x in territory.get("tents", []) if x is not None)
            counts = list_words([_("{tribe} {n}", tribe=who(s), n=n) for s, n in tents.items()])
            free = pending.get("free_spaces")
            there = counts or _p("iwari tents", "none")
            if free:
                lines.append(
                    _("**Tents there:** {tents} · free spaces {spaces}", tents=there, spaces=list_words(free))
                )
            else:
                lines.append(_("**Tents there:** {tents}", tents=there))
    else:
        # Where the majorities stand: what a territory choice is about.
        held = []
        for t in view.get("territories", []):
            tents = Counter(x for x in t.get("tents", []) if x is not None)
            if tents:
                counts = list_words([_("{tribe} {n}", tribe=who(s), n=n) for s, n in tents.most_common()])
                label = tr(t.get("label", t.get("name")))
                held.append(
                    _(
                        "{territory} {tents} ({n} spaces)",
                        territory=label,
                        tents=counts,
                        n=len(t.get("tents", [])),
                    )
                )
        if held:
            lines.append(_("**Tents on the map:** {territories}", territories=_phrases(held)))
    display = view.get("display") or []
    if display:
        lines.append(_("**Display:** {cards} · deck {deck}", cards=_cards(display), deck=view.get("deck", 0)))
    return lines


def _pieces(pieces: str) -> str:
    """A half-chosen play's pieces as the panel says them: "Tent Tent", "Tent M" (the pieces' codes
    besides Tents, a letter each: M a Totem, R a Tent on a Ruin, V a Void Totem, K a Contested token)."""
    return " ".join(tr(PIECE_LETTERS.get(code, code)) for code in pieces)


# The pieces of a play being chosen, as the private panel names them ("Tent M").
PIECE_LETTERS = {
    # TRANSLATORS: a Tent in the list of pieces of a play being chosen ("Tent Tent", "Tent M")
    "T": P("iwari piece", "Tent"),
    # TRANSLATORS: the one-letter mark of a Totem in the pieces of a play being chosen ("Tent M")
    "M": P("iwari piece letter", "M"),
    # TRANSLATORS: the one-letter mark of a Tent placed on a Ruin in the pieces of a play being chosen ("R Tent")
    "R": P("iwari piece letter", "R"),
    # TRANSLATORS: the one-letter mark of a Void Totem moved, in the pieces of a play being chosen ("V Tent")
    "V": P("iwari piece letter", "V"),
    # TRANSLATORS: the one-letter mark of a Contested token moved, in the pieces of a play being chosen ("K Tent")
    "K": P("iwari piece letter", "K"),
}
