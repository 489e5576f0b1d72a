"""Iki in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from collections import Counter

from games.base import plural
from rendering.common import counts, header, player_name


def describe(view: dict, names: list[str] | None) -> list[str]:
    players = view.get("players", [])
    parts = header("Iki", view, names)
    parts.append(f"Month {view.get('month', '?')}, season {view.get('season', '?')}.")
    row = view.get("row", [])
    if row:
        parts.append("Characters for hire: " + ", ".join(f"{c['name']} ({c['cost']} mon)" for c in row) + ".")
    fire = view.get("calendar", {}).get("next_fire")
    if fire:
        parts.append(f"Next fire: month {fire[0]}, strength {fire[1]}.")
    owned = Counter(s["owner"] for s in view.get("stalls", []) if s.get("owner") is not None)
    for seat, p in enumerate(players):
        goods = counts({k: p.get(k, 0) for k in ("mon", "rice", "wood", "koban", "sandal")})
        parts.append(
            f"{player_name(names, seat)}: {p.get('iki', 0)} iki, {goods}, "
            f"{plural(owned.get(seat, 0), 'character')} in the nagaya, firefighting {p.get('ff', 0)}."
        )
    return parts


def glance(view: dict) -> str:
    row = ", ".join(f"{c['name']} ({c['cost']} mon)" for c in view.get("row", []))
    line = f"Month {view.get('month', '?')}" + (f" · For hire: {row}" if row else "")
    fire = view.get("calendar", {}).get("next_fire")
    return line + (f" · next fire: month {fire[0]}, strength {fire[1]}" if fire else "")


def facts(view: dict, names: list[str] | None) -> list[str]:
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
        + f" · {plural(p.get('kobun_free', 0), 'kobun', 'kobun')} free to hire with"
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
        need = plural(len(mine), "rice", "rice")
        when.append(f"payday at the end of month {payday}: {need} to feed (you have {p.get('rice', 0)})")
    fire = calendar.get("next_fire")
    if fire:
        when.append(f"next fire in month {fire[0]}, strength {fire[1]}")
    if when:
        lines.append("**Calendar:** " + "; ".join(when))
    return lines
