"""What a seat (or a spectator) sees of an Iki game. Everything on the table
and on the player boards is public; only deck orders, the fire tiles and the
2-player blocking tiles are hidden (counts are shown)."""

from __future__ import annotations

from . import data as D


class ViewMixin:
    """The views of IkiState (games/iki/state.py inherits them; this module imports no state)."""

    def view(self, seat: int | None) -> dict:
        return build_view(self, seat)


def card_info(c: int, mons: int = 0) -> dict:
    name, season, typ, cost, sal, ff, pay, gain = D.CHARACTERS[c]
    return {
        "id": c,
        "name": name,
        "season": season,
        "type": typ,
        "cost": cost,
        "salaries": list(sal),
        "gains": len(sal) - 1,
        "ff": ff,
        "pay": pay,
        "gain": gain,
        "mons": mons,
    }


def token_info(t: int) -> dict:
    kind, season, price, iki, premium = D.SEASON_TOKENS[t]
    return {"id": t, "kind": kind, "season": season, "price": price, "iki": iki, "premium": premium}


def building_info(b: int) -> dict:
    name, wood, mon, iki, ability, amount = D.BUILDINGS[b]
    return {"id": b, "name": name, "wood": wood, "mon": mon, "iki": iki, "ability": ability, "amount": amount,
            "ability_text": D.ability_words(ability, amount)}  # fmt: skip


def street_options(state: ViewMixin) -> dict:
    """The places of main street the decision under way offers, as its options name them: the
    stalls (their index) and the shops (the distance a move takes there, 0 for a free choice).
    The private picture of the seat deciding shows them numbered on the street. Read from the
    same lists the legal actions are made of."""
    stalls: set[int] = set()
    shops: dict[str, int] = {}
    if state.is_over():
        return {"stalls": [], "shops": shops}
    seat = state.to_act()[0]
    d = state.d
    phase, step = d["phase"], d["step"]
    sub = step.get("sub")
    if phase == "C_neutral" and "card" in step:
        stalls.update(state.empty_stalls())
    elif phase == "start_nagaya":
        stalls.update(k * state.S for k in state.start_nagayas())
    elif phase == "NY" and sub == "place":
        shops = {str(k): 0 for k in range(8)}
    elif phase in ("B", "NY") and sub in ("hire_stall", "build_stall"):
        stalls.update(step["stalls"])
    elif phase in ("B", "NY") and sub == "income":  # a hire: every stall it could go to
        for card, mons in d["row"]:
            stalls.update(state._hire_stalls(seat, card, mons))
    elif phase in ("B", "NY") and sub == "move":
        pos = d["players"][seat]["pos"]
        shops = {str((pos + dist) % 8): dist for dist, _ in state.move_choices(seat)}
    return {"stalls": sorted(stalls), "shops": shops}


def build_view(state: ViewMixin, seat: int | None) -> dict:
    d = state.d
    n = d["n"]
    S = state.S
    stalls = []
    for i, x in enumerate(d["stalls"]):
        entry: dict = {
            "nagaya": i // S,
            "index": i % S,
            "surcharge": state.surcharge(i),
            "corner": i % S == S - 1,
        }
        if x is not None:
            kind, thing, owner, exp = x
            entry["owner"] = owner  # -1: neutral (2 players)
            if kind == "c":
                entry["card"] = card_info(thing)
                entry["exp"] = exp
            else:
                entry["building"] = building_info(thing)
        stalls.append(entry)
    ff_order = state.ff_order()
    players = []
    for s, p in enumerate(d["players"]):
        players.append(
            {
                "mon": p["mon"],
                "rice": p["rice"],
                "wood": p["wood"],
                "koban": p["koban"],
                "sandal": p["sandal"],
                "ff": state.ff(s),  # what counts: base + standing towers' bonuses, capped
                "ff_base": p["ff"],  # what is left if the towers burn
                "ff_rank": ff_order.index(s),
                "kobun_free": p["kobun"],
                "oyakata": p["pos"],
                "iki": p["iki"],
                "retired": [card_info(c) for c in p["retired"]],
                "tokens": [token_info(t) for t in p["tokens"]],
            }
        )
    step = d["step"]
    turn: dict = {"phase": d["phase"]}
    if d["phase"] in ("B", "NY"):
        turn.update(
            {k: v for k, v in step.items() if k in ("sub", "seat", "space", "shop", "char", "card", "bld")}
        )
    elif d["phase"] == "start_nagaya":
        turn["card"] = step["card"]
    elif d["phase"] == "C_feed":
        turn["left"] = step["left"]
    elif d["phase"] == "C_neutral" and "card" in step:
        turn["card"] = step["card"]
    m = d["month"]
    fires = {str(k): v - (D.FIRE_2P_REDUCTION if n == 2 else 0) for k, v in D.FIRES.items()}
    next_fire = next(([k, fires[str(k)]] for k in sorted(D.FIRES) if k >= max(m, 1)), None)
    sun = d["sun"]
    return {
        "game": "iki",
        "seat": seat,
        "num_players": n,
        "to_act": state.to_act(),
        "scores": state.scores(),
        "over": state.is_over(),
        "winners": state.winners(),
        "month": m,
        "season": D.SEASON_OF_MONTH.get(m, 4 if m > 12 else 1),
        "turn": turn,
        "shops": [D.SHOP_NAMES[s] for s in D.SHOPS],
        "shop_keys": list(D.SHOPS),
        "stalls_per_nagaya": S,
        "stalls": stalls,
        "ikizama": [
            {"space": D.IKIZAMA[s], "seat": d["ikz"][s], "blocked": s == d["blocked"]}
            for s in range(len(D.IKIZAMA))
        ],
        "calendar": {
            "month": m,
            "paydays": list(D.PAYDAYS),
            "fires": fires,
            "next_fire": next_fire,
            "sun_moon": {str(k): D.sun_or_moon(k) for k in range(1, 13)} if n == 2 else None,
        },
        "sun": sun,
        "moon": None if sun is None else 1 - sun,
        "row": [card_info(c, mons) for c, mons in d["row"]],
        "start_row": [card_info(c) for c in d["start_row"]],
        "deck_counts": {str(s): len(d["decks"][s]) for s in (1, 2, 3, 4)},
        "tokens": [token_info(t) for t in d["tokens"]],
        "buildings": [building_info(b) for b in d["bavail"]],
        "players": players,
        "ff_order": ff_order,
        "fire_tiles": len(d["fire_tiles"]),
        "blocking_tiles": len(d["block"]),
        "fires_past": d["fires"],
        "harmony_now": state.harmony(),
        "final": d["final"],
        "street_options": street_options(state),
    }
