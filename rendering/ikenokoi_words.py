"""Ike No Koi in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from games.ikenokoi import data
from rendering.common import header, player_name
from rendering.i18n import _, _n, list_words, tr


def kind(k) -> str:
    """A card kind of a view ("7", "bamboo") in words: "Koi 7", "bamboo"."""
    k = str(k)
    return tr(data.CARD_NAMES[int(k)]) if k.isdigit() else tr(data.kind_word(k))


def kinds(ks) -> str:
    """Card kinds of a view as they are written on the cards: "7, bamboo"."""
    return list_words([tr(data.kind_word(str(k))) for k in ks])


def challenge_text(ch: dict) -> str:
    """A challenge card's text in the language of the moment (its message, found by its id)."""
    if "id" in ch and 0 <= ch["id"] < len(data.CHALLENGES):
        return tr(data.CHALLENGES[ch["id"]]["text"])
    return tr(ch["text"])


def _river(view: dict) -> str:
    """Ike No Koi's river in words: "Koi 8, lotus", or "empty"."""
    river = view.get("river", [])
    # TRANSLATORS: no card there (Ike No Koi's river, Kigi's display)
    return list_words([kind(k) for k in river]) if river else _("empty")


def describe(view: dict, names: list[str] | None) -> list[str]:
    parts = header("Ike No Koi", view, names)
    parts.append(_("Turn {turn}. River: {river}.", turn=view.get("turn", 0), river=_river(view)))
    parts.append(
        _n(
            "Pond: {n} card; pool: {pool}.",
            "Pond: {n} cards; pool: {pool}.",
            view.get("pond_size", 0),
            pool=view.get("pool_size", 0),
        )
    )
    leaders = view.get("leaders", {})
    led = [_("{v} by {name}", v=v, name=player_name(names, s)) for v, s in leaders.items() if s is not None]
    if led:
        parts.append(_("Honour tokens led: {tokens}.", tokens=list_words(led)))
    common = view.get("common_challenge")
    if common:
        parts.append(_("Common challenge: {text}", text=challenge_text(common)))
    # At the end the secret challenges are public: each whole, before the ponds (a long text is cut
    # at its end).
    secrets = [
        _n(
            "{name}'s secret, {n} lotus: {text}",
            "{name}'s secret, {n} lotus: {text}",
            p["score"]["secret"] or 0,
            name=player_name(names, seat),
            text=challenge_text(p["challenge"]),
        )
        for seat, p in enumerate(view.get("players", []))
        if view.get("over") and p.get("challenge")
    ]
    parts += secrets
    for seat, p in enumerate(view.get("players", [])):
        koi = [
            v if z["koi"] == 1 else f"{v}×{z['koi']}" for v, z in p.get("zones", {}).items() if z.get("koi")
        ]
        line = _n("{name}: {n} Koi", "{name}: {n} Koi", p.get("koi_cards", 0), name=player_name(names, seat))
        if koi:
            # TRANSLATORS: a player's Koi count and, in brackets, the zones they are in ("5×2": two 5s)
            line = _("{koi} ({zones})", koi=line, zones=list_words(koi))
        extras = []
        if p.get("lanterns"):
            extras.append(_n("{n} lantern", "{n} lanterns", p["lanterns"]))
        if p.get("lotus"):
            extras.append(_n("{n} lotus flower", "{n} lotus flowers", p["lotus"]))
        if p.get("tokens"):
            extras.append(_("tokens {tokens}", tokens=list_words([str(t) for t in p["tokens"]])))
        # TRANSLATORS: the end of a sentence listing what a player has
        parts.append(_("{items}.", items=list_words([line, *extras])))
    secret = view.get("secret_challenge")
    if secret:
        parts.append(_("Your secret challenge: {text}", text=challenge_text(secret)))
    pool = view.get("pool")
    if pool:
        parts.append(_("Pool you see: {cards}.", cards=kinds(pool)))
    return parts


def glance(view: dict) -> str:
    return _(
        "River: {river} · pond {pond} · pool {pool}",
        river=_river(view),
        pond=view.get("pond_size", 0),
        pool=view.get("pool_size", 0),
    )


def facts(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    lines = []
    secret = view.get("secret_challenge")
    if secret:
        worth = view.get("secret_points")
        # The game counts its points in lotus, as the rules and the pictures do.
        if worth is not None:
            lines.append(
                _n(
                    "**Your secret challenge:** {text} Worth {n} lotus if the game ended now.",
                    "**Your secret challenge:** {text} Worth {n} lotus if the game ended now.",
                    worth,
                    text=challenge_text(secret),
                )
            )
        else:
            lines.append(_("**Your secret challenge:** {text}", text=challenge_text(secret)))
    common = view.get("common_challenge")
    if common:
        lines.append(_("**Common challenge:** {text}", text=challenge_text(common)))
    pond = view.get("pond_size", 0)
    if view.get("drawn"):
        river = _n(
            "**River:** {river} (drawn this turn: {drawn}) · pond {n} cards",
            "**River:** {river} (drawn this turn: {drawn}) · pond {n} cards",
            pond,
            river=_river(view),
            drawn=kinds(view["drawn"]),
        )
    else:
        river = _n(
            "**River:** {river} · pond {n} cards",
            "**River:** {river} · pond {n} cards",
            pond,
            river=_river(view),
        )
    lines.append(river)
    if view.get("pool"):
        lines.append(_("**Pool you see:** {cards}", cards=kinds(view["pool"])))
    if view.get("peek"):
        lines.append(_("**You peeked at:** {cards}", cards=kinds(view["peek"])))
    players = view.get("players", [])
    if me is not None and me < len(players):
        p = players[me]
        koi = []
        for v, z in p.get("zones", {}).items():
            if not (z.get("koi") or z.get("bamboo")):
                continue
            zone = f"{v}" if z["koi"] == 1 else f"{v}×{z['koi']}" if z["koi"] else _("{v}: bamboo only", v=v)
            if z.get("bamboo") and z["koi"]:
                # TRANSLATORS: a zone of a pontoon that also holds a bamboo ("5×2 +bamboo")
                zone = _("{zone} +bamboo", zone=zone)
            koi.append(zone)
        holds = _("**Your pond:** {zones}", zones=list_words(koi)) if koi else _("**Your pond:** no Koi yet")
        extras = []
        if p.get("tokens"):
            extras.append(_("honour tokens {tokens}", tokens=list_words([str(t) for t in p["tokens"]])))
        if p.get("lotus"):
            extras.append(_n("{n} lotus flower", "{n} lotus flowers", p["lotus"]))
        if p.get("lanterns"):
            extras.append(_n("{n} lantern", "{n} lanterns", p["lanterns"]))
        # TRANSLATORS: your pond, then what else you hold
        lines.append(_("{pond}; {extras}", pond=holds, extras=list_words(extras)) if extras else holds)
    # Who leads each variety, and what its honour token is worth: who to overtake, what to keep.
    values = view.get("token_values") or {}
    held: dict[int, list[str]] = {}
    for variety, seat in (view.get("leaders") or {}).items():
        if seat is not None:
            worth = values.get(variety, 0)
            held.setdefault(seat, []).append(_n("{v} ({n} lotus)", "{v} ({n} lotus)", worth, v=variety))
    if held:
        order = sorted(held, key=lambda s: (s != me, s))
        who = [
            # TRANSLATORS: who holds which Honour tokens; {who} is a name or "you"
            _(
                "{who}: {tokens}",
                who=_("you") if s == me else player_name(names, s),
                tokens=list_words(held[s]),
            )
            for s in order
        ]
        lines.append(_("**Honour tokens:** {holders}", holders="; ".join(who)))
    return lines
