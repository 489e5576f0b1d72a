"""Iki in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from collections import Counter

from games.iki.data import amount
from rendering.common import header, player_name
from rendering.i18n import _, _n, _p, list_words, tr

GOODS = ("mon", "rice", "wood", "koban", "sandal")


def _hire(row: list[dict]) -> str:
    """The characters for hire and their costs: "Potter (2 mon), Dyer (4 mon)"."""
    return list_words(
        [_("{card} ({cost})", card=tr(c["name"]), cost=tr(amount("mon", c["cost"]))) for c in row]
    )


def _phrases(items: list[str]) -> str:
    """Phrases that hold commas of their own, one after the other: "a, b; c"."""
    # TRANSLATORS: what separates phrases that hold commas of their own (English "; ")
    return _p("iki phrases", "; ").join(items)


def describe(view: dict, names: list[str] | None) -> list[str]:
    players = view.get("players", [])
    parts = header("Iki", view, names)
    parts.append(_("Month {m}, season {season}.", m=view.get("month", "?"), season=view.get("season", "?")))
    row = view.get("row", [])
    if row:
        parts.append(_("Characters for hire: {cards}.", cards=_hire(row)))
    fire = view.get("calendar", {}).get("next_fire")
    if fire:
        parts.append(_("Next fire: month {m}, strength {strength}.", m=fire[0], strength=fire[1]))
    owned = Counter(s["owner"] for s in view.get("stalls", []) if s.get("owner") is not None)
    for seat, p in enumerate(players):
        goods = list_words([amount(k, p[k]) for k in GOODS if p.get(k, 0)]) or _p("iki goods", "none")
        parts.append(
            _n(
                "{name}: {iki}, {goods}, {n} character in the nagaya, firefighting {ff}.",
                "{name}: {iki}, {goods}, {n} characters in the nagaya, firefighting {ff}.",
                owned.get(seat, 0),
                name=player_name(names, seat),
                iki=tr(amount("iki", p.get("iki", 0))),
                goods=goods,
                ff=p.get("ff", 0),
            )
        )
    return parts


def glance(view: dict) -> str:
    parts = [_("Month {m}", m=view.get("month", "?"))]
    row = view.get("row", [])
    if row:
        parts.append(_("For hire: {cards}", cards=_hire(row)))
    fire = view.get("calendar", {}).get("next_fire")
    if fire:
        parts.append(_("next fire: month {m}, strength {strength}", m=fire[0], strength=fire[1]))
    return " · ".join(parts)


def facts(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    players = view.get("players", [])
    if me is None or me >= len(players):
        return []
    p = players[me]
    lines = []
    # Mon and rice always (what hiring and feeding need), the other goods when there are some.
    goods = [amount("mon", p.get("mon", 0)), amount("rice", p.get("rice", 0))]
    goods += [amount(k, p[k]) for k in ("wood", "koban", "sandal") if p.get(k)]
    lines.append(
        _("**You hold:** {goods}; {iki}", goods=list_words(goods), iki=tr(amount("iki", p.get("iki", 0))))
    )
    ranks = len(view.get("ff_order") or players)
    lines.append(
        _n(
            "**Firefighting:** {ff} (rank {rank} of {ranks}) · {n} kobun free to hire with",
            "**Firefighting:** {ff} (rank {rank} of {ranks}) · {n} kobun free to hire with",
            p.get("kobun_free", 0),
            ff=p.get("ff", 0),
            rank=p.get("ff_rank", 0) + 1,
            ranks=ranks,
        )
    )
    mine = [s for s in view.get("stalls", []) if s.get("owner") == me and s.get("card")]
    if mine:
        chars = [
            _(
                "{card} (nagaya {k}, experience {exp})",
                card=tr(s["card"]["name"]),
                k=s["nagaya"] + 1,
                exp=s.get("exp", 0),
            )
            for s in mine
        ]
        lines.append(_("**Your characters ({n}):** {cards}", n=len(mine), cards=list_words(chars)))
    else:
        lines.append(_("**Your characters:** none yet"))
    if p.get("retired"):
        lines.append(_("**Retired:** {cards}", cards=list_words([c.get("name", "?") for c in p["retired"]])))
    shop = p.get("oyakata")
    at_builder = (
        isinstance(shop, int)
        and 0 <= shop < len(view.get("shop_keys", []))
        and (view["shop_keys"][shop] == "build")
    )
    if at_builder and me in view.get("to_act", []) and view.get("buildings"):
        # What a building does is in words only (the board has a line each: name and price).
        blds = [
            _(
                "{building} ({wood} wood, {mon} mon: {iki} iki, {ability})",
                building=tr(b["name"]),
                wood=b["wood"],
                mon=b["mon"],
                iki=b["iki"],
                ability=tr(b["ability_text"]),
            )
            if b.get("ability_text")
            else _(
                "{building} ({wood} wood, {mon} mon: {iki} iki)",
                building=tr(b["name"]),
                wood=b["wood"],
                mon=b["mon"],
                iki=b["iki"],
            )
            for b in view["buildings"]
        ]
        lines.append(_("**To build:** {buildings}", buildings=_phrases(blds)))
    calendar = view.get("calendar", {})
    month = view.get("month")
    payday = next((m for m in calendar.get("paydays", []) if month is None or m >= month), None)
    when = [_("month {m}", m=month)] if month else []
    if payday is not None:
        when.append(
            _n(
                "payday at the end of month {m}: {n} rice to feed (you have {rice})",
                "payday at the end of month {m}: {n} rice to feed (you have {rice})",
                len(mine),
                m=payday,
                rice=p.get("rice", 0),
            )
        )
    fire = calendar.get("next_fire")
    if fire:
        when.append(_("next fire in month {m}, strength {strength}", m=fire[0], strength=fire[1]))
    if when:
        lines.append(_("**Calendar:** {when}", when=_phrases(when)))
    return lines
