"""Kigi in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from games.kigi.data import COMMISSION_TEXTS, SHORT_NAMES, TIP_NAMES, counted_feature
from rendering.common import header, player_name
from rendering.i18n import _, _n, _np, list_words, tr


def commission_text(c: dict) -> str:
    """A commission's text in the language of the moment (its message, found by its id)."""
    text = COMMISSION_TEXTS.get(c.get("id"))
    return tr(text if text is not None else c.get("text", "?"))


def feature_word(feature: str, n: int = 1) -> str:
    """A feature as the menus name it, with how many: "pink", "2 red"."""
    if feature not in SHORT_NAMES:  # an id this version does not know: shown as it is
        return feature if n == 1 else f"{n} {feature}"
    return tr(SHORT_NAMES[feature] if n == 1 else counted_feature(feature, n))


def semicolons(items: list[str]) -> str:
    """Things one after another: "card 3 (red); card 7 (pink)"."""
    out = ""
    for item in items:
        # TRANSLATORS: cards of Kigi's display, one after another ("card 3 (red); card 7 (pink)")
        out = _("{cards}; {card}", cards=out, card=item) if out else item
    return out


def _kigi_card(c: dict) -> str:
    """A display or pending card in words: its features, or a commission's text."""
    if c.get("kind") == "commission":
        return _("commission {text}", text=commission_text(c))
    out = ""
    for k, n in (c.get("features") or {}).items():
        # TRANSLATORS: a Kigi card's features one after another ("dragonfly 2 pink")
        out = (
            _("{features} {feature}", features=out, feature=feature_word(k, n)) if out else feature_word(k, n)
        )
    return out or c.get("id", "?")


def describe(view: dict, names: list[str] | None) -> list[str]:
    parts = header("Kigi", view, names)
    display = view.get("display", [])
    if display:
        parts.append(_("Display: {cards}.", cards=semicolons([_kigi_card(c) for c in display])))
    parts.append(_n("Deck: {n} card.", "Deck: {n} cards.", view.get("deck_size", 0)))
    for tree in view.get("trees", []):
        stats = tree.get("stats", {})
        parts.append(
            _(
                "{name}'s tree: {cards}, {flowers}, {bugs}, {branches}.",
                name=player_name(names, tree["owner"]),
                cards=_n("{n} card", "{n} cards", stats.get("cards", 0)),
                flowers=_np("kigi", "{n} flower", "{n} flowers", stats.get("flowers", 0)),
                bugs=_n("{n} bug", "{n} bugs", stats.get("bugs", 0)),
                branches=_n("{n} branch", "{n} branches", stats.get("branches", 0)),
            )
        )
    pending = view.get("pending")
    if pending and pending.get("card"):
        parts.append(
            _(
                "{name} places the card {card}.",
                name=player_name(names, pending["seat"]),
                card=_kigi_card(pending["card"]),
            )
        )
    return parts


def glance(view: dict) -> str:
    display = semicolons([_kigi_card(c) for c in view.get("display", [])]) or _("empty")
    return _("Display: {display} · deck {deck}", display=display, deck=view.get("deck_size", 0))


def _kigi_words(card: dict) -> str:
    """A Kigi card as its action labels say it: "card 21 (dragonfly, 2 red)", or the commission."""
    if card.get("kind") == "commission":
        return _kigi_card(card)
    feats = card.get("features") or {}
    words = list_words([feature_word(k, n) for k, n in feats.items()]) if feats else ""
    number = str(card.get("id", "?")).lstrip("t0") or "0"
    return _("card {number} ({features})", number=number, features=words or _kigi_card(card))


def facts(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    lines = []
    pending = view.get("pending") or {}
    if pending.get("card") and pending.get("seat") == me:
        card = pending["card"]
        line = _("**Placing:** {card}", card=_kigi_words(card))
        if card.get("tips"):
            tips = list_words([tr(TIP_NAMES.get(t, t)) for t in card["tips"]])
            # TRANSLATORS: the card being placed, then its tips ("left, straight")
            line = _("{line}, tips {tips}", line=line, tips=tips)
        tree = pending.get("tree")
        if tree is not None:
            if tree == me:
                line = _("{line}, on your tree", line=line)
            else:
                line = _("{line}, on {name}'s tree", line=line, name=player_name(names, tree))
        lines.append(line)
    choosing = view.get("choosing") or {}
    if choosing.get("dealt"):
        dealt = semicolons([commission_text(c) for c in choosing["dealt"]])
        lines.append(_("**Dealt to you:** {commissions}", commissions=dealt))
    commissions = view.get("commissions") or []
    if me is not None and me < len(commissions):
        mine = [
            _("{text} (met now)", text=commission_text(c))
            if c.get("met")
            else _("{text} (not met now)", text=commission_text(c))
            for c in commissions[me]
        ]
        if mine:
            lines.append(_("**Your commissions:** {commissions}", commissions=semicolons(mine)))
        else:
            lines.append(_("**Your commissions:** none"))
    trees = {t["owner"]: t for t in view.get("trees", [])}
    if me in trees:
        stats = trees[me].get("stats", {})
        lines.append(
            _(
                "**Your tree:** {cards}, {branches}, {flowers}, {bugs}; collection {collection}",
                cards=_n("{n} card", "{n} cards", stats.get("cards", 0)),
                branches=_n("{n} branch", "{n} branches", stats.get("branches", 0)),
                flowers=_np("kigi", "{n} flower", "{n} flowers", stats.get("flowers", 0)),
                bugs=_n("{n} bug", "{n} bugs", stats.get("bugs", 0)),
                collection=_n("{n} card", "{n} cards", stats.get("collection", 0)),
            )
        )
    display = view.get("display") or []
    if display and not pending.get("card"):
        lines.append(_("**Display:** {cards}", cards=semicolons([_kigi_words(c) for c in display])))
    return lines
