"""The Iki rules: set-up, the 12 months (card set-up, phases A, B, C), New Year's
Day and the end scoring.

The whole state is one plain dict ``self.d`` (JSON-able), so ``to_json`` is a
copy and search stays cheap. Component data comes from ``data.py``.

Rulings after play-testing (shared/design/iki.md): labels name players as ``{p0}``...;
firefighting raises are offered only whole under the stand-in cap; the Fire
Watchtower's bonus is ongoing and kept apart from the base firefighting (a player's
``ff`` is the base; a building's 4th stall field holds its bonus; the value that counts
is min(cap, base + bonuses of the towers standing), so the order of hires and the tower
never changes what is left when it burns); unfed counts at payday live in the step, not in a scratch key.

Action ids (short, they go into Discord custom_ids):
  sc<card>   set-up: take a starting character      (group "start_card")
  sn<n>      set-up: put it in Nagaya n's outer stall (group "nagaya")
  ik<s>      phase A: Ikizama on space s (0 = "1-4")  (group "ikizama")
  inc        phase B: take income                      (group "income")
  h<card>    phase B: hire that character              (group "hire")
  st<stall>  choose a stall (hire, build, neutral)     (group "stall")
  mv<d>      move d spaces (sandals pay the excess)    (group "move")
  x<trade>   do business with the shop                 (group "shop")
  t<token>   buy a fish / pipe / pouch                 (group "shop")
  b<bld>     build a building                          (group "shop")
  c<stall>   do business with that character           (group "character")
  done       end business                              (group "done")
  nc<card>   2 players: place that neutral character   (group "neutral")
  rm<stall>  payday: remove an unfed character         (group "starve")
  ny<shop>   New Year's Day: place the Oyakata there   (group "place")
"""

from __future__ import annotations

import json
from functools import cache

from games.base import Action, GameState, event
from games.rng import Rng
from games.text import L, Msg, N, P, T

from . import data as D
from .view import ViewMixin

# The final scoring's parts (``score_breakdown``), in the rulebook's order, as a person reads them.
SCORE_PARTS = (
    ("track", P("iki score", "iki track")),
    ("types", P("iki score", "character types")),
    ("fish", P("iki score", "fish")),
    ("tobacco", P("iki score", "tobacco")),
    ("buildings", P("iki score", "buildings")),
    ("resources", P("iki score", "goods")),  # koban, wood and mon left: the final picture's word
)
SEASON_TOKEN_IDS = {s: [i for i, t in enumerate(D.SEASON_TOKENS) if t[1] == s] for s in (1, 2, 3, 4)}


def card_gains(card: int) -> int:
    return len(D.CHARACTERS[card][4]) - 1


def _who(seat: int) -> str:
    """A seat as words name it: ``{p0}``, filled with the player's name where it is read."""
    return "{p" + str(seat) + "}"


# The Oyakata's arrival at a shop, one whole sentence per shop (each language words the place its own way).
ARRIVALS = {
    "rice": lambda p: T("{p} places the Oyakata at the Rice shop.", p=p),
    "sandal": lambda p: T("{p} places the Oyakata at the Sandal shop.", p=p),
    "wood": lambda p: T("{p} places the Oyakata at the Wood yard.", p=p),
    "fish": lambda p: T("{p} places the Oyakata at the Fish market.", p=p),
    "exchange": lambda p: T("{p} places the Oyakata at the Koban exchange.", p=p),
    "tobacco": lambda p: T("{p} places the Oyakata at the Pipes & tobacco.", p=p),
    "fire": lambda p: T("{p} places the Oyakata at the Fire brigade.", p=p),
    "build": lambda p: T("{p} places the Oyakata at the Builder.", p=p),
}
MOVES = {
    "rice": lambda p, n: T("{p} moves {n} to the Rice shop.", p=p, n=n),
    "sandal": lambda p, n: T("{p} moves {n} to the Sandal shop.", p=p, n=n),
    "wood": lambda p, n: T("{p} moves {n} to the Wood yard.", p=p, n=n),
    "fish": lambda p, n: T("{p} moves {n} to the Fish market.", p=p, n=n),
    "exchange": lambda p, n: T("{p} moves {n} to the Koban exchange.", p=p, n=n),
    "tobacco": lambda p, n: T("{p} moves {n} to the Pipes & tobacco.", p=p, n=n),
    "fire": lambda p, n: T("{p} moves {n} to the Fire brigade.", p=p, n=n),
    "build": lambda p, n: T("{p} moves {n} to the Builder.", p=p, n=n),
}


def ability_text(pay: dict, gain: dict) -> Msg:
    """What business with a character does: "1 mon -> +1 wood, +1 iki"."""
    # TRANSLATORS: a gain, e.g. "+2 rice"
    g = L([T("+{amount}", amount=D.amount(k, v)) for k, v in gain.items()])
    if not pay:
        return g
    # TRANSLATORS: what business with a character costs -> what it gives
    return T("{cost} -> {gain}", cost=L([D.amount(k, v) for k, v in pay.items()]), gain=g)


# ---------------------------------------------------------------- the actions, each made once
def _stall_name(S: int, i: int) -> str:
    return f"{i // S + 1}.{i % S + 1}"


@cache
def _card_label(c: int, mons: int = 0) -> Msg:
    name, _, typ, cost, _sal, ff, _pay, _gain = D.CHARACTERS[c]
    kind = D.TYPE_NAMES[typ]
    if mons and ff:
        # TRANSLATORS: a character card: its name, [its type], its cost; "ff" is firefighting
        return T(
            "{card} [{type}] cost {cost}, {n} mon on it, ff+{ff}",
            card=name,
            type=kind,
            cost=cost,
            n=mons,
            ff=ff,
        )
    if mons:
        return T("{card} [{type}] cost {cost}, {n} mon on it", card=name, type=kind, cost=cost, n=mons)
    if ff:
        return T("{card} [{type}] cost {cost}, ff+{ff}", card=name, type=kind, cost=cost, ff=ff)
    return T("{card} [{type}] cost {cost}", card=name, type=kind, cost=cost)


@cache
def _a_start_card(c: int) -> Action:
    return Action(f"sc{c}", _card_label(c), "start_card")


@cache
def _a_nagaya(k: int) -> Action:
    return Action(f"sn{k}", T("Nagaya {k} (outer stall)", k=k + 1), "nagaya")


@cache
def _a_ikizama(s: int) -> Action:
    return Action(f"ik{s}", T("Ikizama on space {space}", space=D.IKIZAMA[s]), "ikizama")


@cache
def _a_stall(S: int, i: int, extra: int) -> Action:
    stall = _stall_name(S, i)
    if i % S == S - 1:
        if extra:
            label = T("Stall {stall} corner (+{n} mon)", stall=stall, n=extra)
        else:
            label = T("Stall {stall} corner", stall=stall)
    elif extra:
        label = T("Stall {stall} (+{n} mon)", stall=stall, n=extra)
    else:
        label = T("Stall {stall}", stall=stall)
    return Action(f"st{i}", label, "stall")


@cache
def _a_neutral(c: int, mons: int, place: bool) -> Action:
    if place:
        return Action(f"nc{c}", T("Place {card}", card=_card_label(c, mons)), "neutral")
    return Action(f"nc{c}", T("Remove {card}", card=_card_label(c, mons)), "neutral")


@cache
def _a_starve(S: int, i: int, c: int) -> Action:
    label = T("Remove {card} (stall {stall})", card=D.CHARACTERS[c][0], stall=_stall_name(S, i))
    return Action(f"rm{i}", label, "starve")


@cache
def _a_place(k: int) -> Action:
    return Action(f"ny{k}", T("Oyakata to shop {k}: {shop}", k=k + 1, shop=D.SHOP_NAMES[D.SHOPS[k]]), "place")


@cache
def _a_income() -> Action:
    return Action("inc", T("Take income (+{n} mon)", n=D.INCOME), "income")


@cache
def _a_hire(c: int, net: int) -> Action:
    return Action(f"h{c}", T("Hire {card} ({n} mon + stall)", card=D.CHARACTERS[c][0], n=net), "hire")


@cache
def _a_move(dist: int, pos: int, cost: int) -> Action:
    k = (pos + dist) % 8
    shop = D.SHOP_NAMES[D.SHOPS[k]]
    if cost:
        label = T("Move {n} to shop {k}: {shop} ({cost} sandal)", n=dist, k=k + 1, shop=shop, cost=cost)
    else:
        label = T("Move {n} to shop {k}: {shop}", n=dist, k=k + 1, shop=shop)
    return Action(f"mv{dist}", label, "move")


@cache
def _a_trade(tid: str, label: Msg) -> Action:
    return Action(f"x{tid}", label, "shop")


@cache
def _a_token(t: int) -> Action:
    kind, s, price, iki, prem = D.SEASON_TOKENS[t]
    if kind == "fish" and prem:
        label = T(
            "Buy {fish} fish for {price} mon, premium {iki} iki", fish=D.FISH_NAMES[s], price=price, iki=iki
        )
    elif kind == "fish":
        label = T("Buy {fish} fish for {price} mon", fish=D.FISH_NAMES[s], price=price)
    elif kind == "pipe":
        label = T("Buy a pipe for {price} mon", price=price)
    else:
        label = T("Buy a tobacco pouch for {price} mon ({iki} iki)", price=price, iki=iki)
    return Action(f"t{t}", label, "shop")


@cache
def _a_build(b: int) -> Action:
    name, wood, mon, iki, _ab, _n = D.BUILDINGS[b]
    label = T(
        "Build {building} ({wood} wood, {mon} mon, {iki} iki)", building=name, wood=wood, mon=mon, iki=iki
    )
    return Action(f"b{b}", label, "shop")


@cache
def _a_character(i: int, card: int, whose: int) -> Action:
    """Business with the character ``card`` in stall ``i``: ``whose`` is -1 for the neutral one,
    -2 for one of the seat's own, else its owner's seat."""
    name, _, _, _, _, _, pay, gain = D.CHARACTERS[card]
    does = ability_text(pay, gain)
    if whose == -1:
        label = T("{card} (neutral): {ability}", card=name, ability=does)
    elif whose == -2:
        label = T("{card} (yours): {ability}", card=name, ability=does)
    else:
        label = T("{card} ({p}): {ability}", card=name, p=_who(whose), ability=does)
    return Action(f"c{i}", label, "character")


@cache
def _a_done() -> Action:
    return Action("done", T("Done with business"), "done")


class IkiState(ViewMixin, GameState):
    def __init__(self, d: dict) -> None:
        self.d = d
        self._cache: tuple | None = None
        self._S = D.STALLS[d["n"]]
        self._sur = [D.SURCHARGE[self._S][i % self._S] for i in range(4 * self._S)]

    # ------------------------------------------------------------ set-up
    @classmethod
    def new(cls, n: int, seed: int, options: dict) -> IkiState:
        rng = Rng(seed)
        S = D.STALLS[n]
        sun = rng.randrange(2) if n == 2 else None
        first = sun if n == 2 else 0
        players = []
        for _i in range(n):
            p = dict(D.START)
            p.update(ff=0, stamp=0, kobun=D.KOBUN, pos=-1, iki=0, retired=[], tokens=[])
            players.append(p)
        for k in range(n):  # the first player's disc on top, then clockwise
            players[(first + k) % n]["stamp"] = n - k
        decks = [[]]
        for s in (1, 2, 3, 4):
            deck = list(D.SEASON_CARDS[s])
            rng.shuffle(deck)
            decks.append(deck)
        blds = list(range(len(D.BUILDINGS)))
        rng.shuffle(blds)
        fire = list(D.FIRE_TILES)
        rng.shuffle(fire)
        block = []
        if n == 2:
            block = list(D.BLOCKING_TILES)
            rng.shuffle(block)
        d = {
            "n": n,
            "first": first,
            "sun": sun,
            "month": 0,
            "phase": "start_card",
            "order": [(first - 1 - k) % n for k in range(n)],
            "step": {},
            "players": players,
            "stalls": [None] * (4 * S),
            "start_row": list(D.START_CARDS),
            "decks": decks,
            "row": [],
            "box": [],
            "tokens": list(SEASON_TOKEN_IDS[1]),
            "tfuture": [t for s in (2, 3, 4) for t in SEASON_TOKEN_IDS[s]],
            "tbox": [],
            "bavail": sorted(blds[: D.BUILDINGS_PER_GAME]),
            "bbox": sorted(blds[D.BUILDINGS_PER_GAME :]),
            "fire_tiles": fire,
            "block": block,
            "blocked": None,
            "ikz": [None] * len(D.IKIZAMA),
            "bank": D.BANK_MON,
            "stampc": n + 1,
            "fires": [],
            "final": None,
            "ffsplit": True,  # players' "ff" is the base firefighting, towers' bonuses apart
            "ver": 0,
            "rngs": rng.to_json(),
        }
        return cls(d)

    @classmethod
    def load(cls, data: dict) -> IkiState:
        d = json.loads(json.dumps(data))
        # Saves from before the unfed counts moved into the step kept them in a scratch key.
        starve = d.pop("_starve", None)
        if starve is not None and d["phase"] == "C_feed" and "short" not in d["step"]:
            d["step"]["short"] = [starve[str(seat)] for seat in d["order"][1:]]
        if not d.get("ffsplit"):
            # Saves from before the Watchtower's bonus was kept apart: "ff" held base + what the
            # tower added (its 4th field, capped); split it into the base and the tower's bonus.
            for x in d["stalls"]:
                if x is not None and x[0] == "b":
                    _, _, _, _, ab, amount = D.BUILDINGS[x[1]]
                    d["players"][x[2]]["ff"] -= x[3]
                    x[3] = amount if ab == "ff" else 0
            d["ffsplit"] = True
        return cls(d)

    def to_json(self) -> dict:
        return json.loads(json.dumps(self.d))

    # Undo: the seat whose last step revealed nothing, kept in the state (saves before it: none).
    @property
    def _undo_seat(self) -> int | None:
        return self.d.get("undo")

    @_undo_seat.setter
    def _undo_seat(self, seat: int | None) -> None:
        self.d["undo"] = seat

    def _hidden_mark(self) -> tuple:
        # Face-down: the season decks, the fire tiles, the blocking tiles; and the RNG.
        d = self.d
        return sum(map(len, d["decks"])), len(d["fire_tiles"]), len(d["block"]), d["rngs"]

    @property
    def num_players(self) -> int:
        return self.d["n"]

    # ------------------------------------------------------------ helpers
    @property
    def S(self) -> int:
        return self._S

    def reach(self, shop: int) -> tuple[int, ...]:
        S = self.S
        return tuple((shop // 2) * S + i for i in D.REACH[S][shop % 2])

    def surcharge(self, stall: int) -> int:
        return self._sur[stall]

    def ff(self, seat: int) -> int:
        """The firefighting that counts: the base plus the bonuses of the seat's standing towers,
        capped (the base and the bonuses are kept apart, so a burnt tower takes exactly its own)."""
        bonus = sum(x[3] for x in self.d["stalls"] if x is not None and x[0] == "b" and x[2] == seat)
        return min(D.MAX_FF, self.d["players"][seat]["ff"] + bonus)

    def ff_order(self) -> list[int]:
        ps = self.d["players"]
        ff = [self.ff(s) for s in range(self.d["n"])]
        return sorted(range(self.d["n"]), key=lambda s: (-ff[s], -ps[s]["stamp"]))

    def _gain(self, seat: int, gain: dict) -> None:
        p = self.d["players"][seat]
        for k, v in gain.items():
            if k == "mon":
                self._mon(seat, v)
            elif k == "iki":
                p["iki"] += v
            elif k == "ff":
                self._ff(seat, v)
            else:
                p[k] += v

    def _pay(self, seat: int, pay: dict) -> None:
        p = self.d["players"][seat]
        for k, v in pay.items():
            if k == "mon":
                self._mon(seat, -v)
            else:
                p[k] -= v

    def _can_pay(self, seat: int, pay: dict, extra_mon: int = 0) -> bool:
        p = self.d["players"][seat]
        if p["mon"] < pay.get("mon", 0) + extra_mon:
            return False
        return all(p[k] >= v for k, v in pay.items() if k != "mon")

    def _mon(self, seat: int, v: int) -> None:
        self.d["players"][seat]["mon"] += v
        self.d["bank"] -= v

    def _ff(self, seat: int, v: int) -> int:
        """Move the base firefighting by ``v`` (capped at MAX_FF); return how far it moved."""
        p = self.d["players"][seat]
        before = self.ff(seat)
        new = max(0, min(D.MAX_FF, p["ff"] + v))
        moved = new - p["ff"]
        p["ff"] = new
        self._ff_moved(seat, before)
        return moved

    def _ff_moved(self, seat: int, before: int) -> None:
        """A disc that moved (the value that counts changed) goes on top of its new stack."""
        if self.ff(seat) != before:
            self.d["players"][seat]["stamp"] = self.d["stampc"]
            self.d["stampc"] += 1

    def _ff_fits(self, seat: int, gain: dict) -> bool:
        """A firefighting raise is offered only whole: it changes the base and no step passes the cap
        (a tower's bonus is apart: the raise is what is left when the tower burns)."""
        return not gain.get("ff") or self.d["players"][seat]["ff"] + gain["ff"] <= D.MAX_FF

    def empty_stalls(self) -> list[int]:
        return [i for i, x in enumerate(self.d["stalls"]) if x is None]

    def start_nagayas(self) -> list[int]:
        """The Nagaya whose outer stall can still take a starting character."""
        return [k for k in range(4) if self.d["stalls"][k * self.S] is None]

    def move_choices(self, seat: int) -> list[tuple[int, int]]:
        """(distance, sandals it costs) of each move the seat's Oyakata may make now."""
        lo, hi = D.IKIZAMA_MOVE[self.d["step"]["space"]]
        free = self._carters(seat)
        top = min(hi + free + self.d["players"][seat]["sandal"], hi + 8)
        return [(dist, max(0, dist - hi - free)) for dist in range(lo, top + 1)]

    def _carters(self, seat: int) -> int:
        return sum(1 for c in self.d["players"][seat]["retired"] if D.CHARACTERS[c][0] == D.CARTER)

    def _retire(self, stall: int, evs: list) -> None:
        _kind, card, owner, _ = self.d["stalls"][stall]
        self.d["stalls"][stall] = None
        p = self.d["players"][owner]
        p["retired"].append(card)
        p["kobun"] += 1
        evs.append(
            event(
                T("{p}'s {card} retires.", p=_who(owner), card=D.CHARACTERS[card][0]),
                type="retire",
                card=card,
            )
        )

    def _experience(self, stall: int, evs: list) -> None:
        x = self.d["stalls"][stall]
        x[3] += 1
        if x[3] >= card_gains(x[1]):
            self._retire(stall, evs)

    def _kill(self, stall: int) -> None:
        kind, thing, owner, _ = self.d["stalls"][stall]
        before = self.ff(owner) if owner >= 0 else 0
        self.d["stalls"][stall] = None  # a tower's firefighting bonus goes with it
        if owner >= 0:
            self.d["players"][owner]["kobun"] += 1
            self._ff_moved(owner, before)
        (self.d["box"] if kind == "c" else self.d["bbox"]).append(thing)

    # ------------------------------------------------------------ contract
    def to_act(self) -> list[int]:
        ph = self.d["phase"]
        if ph == "over":
            return []
        if ph == "B":
            return [self.d["step"]["seat"]]
        return [self.d["order"][0]]

    def is_over(self) -> bool:
        return self.d["phase"] == "over"

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        c = self._cache
        if c is not None and c[0] == self.d["ver"]:
            return c[1]
        acts = self._legal(seat)
        self._cache = (self.d["ver"], acts)
        return acts

    def _legal(self, seat: int) -> list[Action]:
        # Speed: an action depends only on the few numbers its key names, so each is made once
        # (its label a message with its parameters) and kept (the module's cached ``_a_*``).
        d = self.d
        ph = d["phase"]
        pl = d["players"][seat]
        S = self.S
        if ph == "start_card":
            return [_a_start_card(c) for c in d["start_row"]]
        if ph == "start_nagaya":
            return [_a_nagaya(k) for k in self.start_nagayas()]
        if ph == "A":
            return [_a_ikizama(s) for s in range(len(D.IKIZAMA)) if d["ikz"][s] is None and s != d["blocked"]]
        if ph == "C_neutral":
            st = d["step"]
            if "card" in st:
                return [_a_stall(S, i, 0) for i in self.empty_stalls()]
            place = bool(self.empty_stalls())
            return [_a_neutral(c, mons, place) for c, mons in d["row"]]
        if ph == "C_feed":
            return [
                _a_starve(S, i, x[1])
                for i, x in enumerate(d["stalls"])
                if x is not None and x[0] == "c" and x[2] == seat
            ]
        if ph == "NY" and d["step"].get("sub") == "place":
            return [_a_place(k) for k in range(8)]
        st = d["step"]
        sub = st["sub"]
        if sub == "income":
            acts = [_a_income()]
            for c, mons in d["row"]:
                if self._hire_stalls(seat, c, mons):
                    acts.append(_a_hire(c, max(0, D.CHARACTERS[c][3] - mons)))
            return acts
        if sub in ("hire_stall", "build_stall"):
            return [_a_stall(S, i, self.surcharge(i)) for i in st["stalls"]]
        if sub == "move":
            return [_a_move(dist, pl["pos"], cost) for dist, cost in self.move_choices(seat)]
        if sub == "biz":
            return self._biz_actions(seat)
        raise AssertionError(f"no actions in phase {ph}/{sub}")

    def _hire_stalls(self, seat: int, card: int, mons: int) -> list[int]:
        pl = self.d["players"][seat]
        if pl["kobun"] <= 0:
            return []
        budget = pl["mon"] - max(0, D.CHARACTERS[card][3] - mons)
        sur = self._sur
        return [i for i, x in enumerate(self.d["stalls"]) if x is None and sur[i] <= budget]

    def _stall_name(self, i: int) -> str:
        return _stall_name(self.S, i)

    def _biz_actions(self, seat: int) -> list[Action]:
        d = self.d
        st = d["step"]
        pl = d["players"][seat]
        shop_i = pl["pos"]
        shop = D.SHOPS[shop_i]
        acts: list[Action] = []
        if not st["shop"]:
            for tid, label, pay, gain in D.SHOP_TRADES[shop]:
                if self._can_pay(seat, pay) and self._ff_fits(seat, gain):
                    acts.append(_a_trade(tid, label))
            if shop in ("fish", "tobacco"):
                seen = set()
                kinds = ("fish",) if shop == "fish" else ("pipe", "pouch")
                for t in d["tokens"]:
                    tok = D.SEASON_TOKENS[t]
                    if tok[0] not in kinds or tok in seen or tok[2] > pl["mon"]:
                        continue
                    if (
                        tok[0] == "fish"
                        and sum(
                            1
                            for o in pl["tokens"]
                            if D.SEASON_TOKENS[o][0] == "fish" and D.SEASON_TOKENS[o][1] == tok[1]
                        )
                        >= D.FISH_PER_SEASON
                    ):
                        continue
                    seen.add(tok)
                    acts.append(_a_token(t))
            if shop == "build" and pl["kobun"] > 0:
                empties = self.empty_stalls()
                if empties:
                    low = min(self.surcharge(i) for i in empties)
                    for b in d["bavail"]:
                        _name, wood, mon, _iki, _ab, _n = D.BUILDINGS[b]
                        if self._can_pay(seat, {"wood": wood, "mon": mon}, low):
                            acts.append(_a_build(b))
        if not st["char"]:
            for i in self.reach(shop_i):
                x = d["stalls"][i]
                if x is not None and x[0] == "c":
                    _, _, _, _, _, _, pay, gain = D.CHARACTERS[x[1]]
                    if self._can_pay(seat, pay) and self._ff_fits(seat, gain):
                        whose = -1 if x[2] < 0 else (-2 if x[2] == seat else x[2])
                        acts.append(_a_character(i, x[1], whose))
        acts.append(_a_done())
        return acts

    def _token_done(self, t: int, p: str) -> Msg:
        """The log's sentence for buying token ``t`` (``p``: a ``{p0}`` token)."""
        kind, s, price, iki, prem = D.SEASON_TOKENS[t]
        if kind == "fish":
            if prem:
                return T(
                    "{p} buys {fish} fish for {price} mon, premium {iki} iki.",
                    p=p,
                    fish=D.FISH_NAMES[s],
                    price=price,
                    iki=iki,
                )
            return T("{p} buys {fish} fish for {price} mon.", p=p, fish=D.FISH_NAMES[s], price=price)
        if kind == "pipe":
            return T("{p} buys a pipe for {price} mon.", p=p, price=price)
        return T("{p} buys a tobacco pouch for {price} mon ({iki} iki).", p=p, price=price, iki=iki)

    def prompt(self, seat: int) -> Msg:
        d = self.d
        if seat not in self.to_act():
            return T("Wait for the other players.")
        ph = d["phase"]
        if ph == "start_card":
            return T("Choose a starting character.")
        if ph == "start_nagaya":
            return T("Choose the Nagaya whose outer stall gets your starting character.")
        if ph == "A":
            return T("Month {m}: place your Ikizama (it sets how far your Oyakata moves).", m=d["month"])
        if ph == "C_neutral":
            if "card" in d["step"]:
                return T("Choose a stall for the neutral character.")
            return T("Choose the character that becomes neutral this month.")
        if ph == "C_feed":
            return N(
                "Payday: you lack rice; remove {n} unfed character.",
                "Payday: you lack rice; remove {n} unfed characters.",
                d["step"]["left"],
            )
        if ph == "NY" and d["step"].get("sub") == "place":
            return T("New Year's Day: place your Oyakata on any shop.")
        sub = d["step"]["sub"]
        if sub == "income":
            return T("Take income or hire a character.")
        if sub == "hire_stall":
            return T("Choose the stall for your new character.")
        if sub == "build_stall":
            return T("Choose the stall for your new building.")
        if sub == "move":
            return T("Move your Oyakata (sandals add spaces).")
        if sub == "biz":
            return T("Do business with the shop and/or one character, then Done.")
        raise KeyError(sub)

    # ------------------------------------------------------------ apply
    def _do(self, seat: int, aid: str) -> list[dict]:
        d = self.d
        d["ver"] += 1
        evs: list[dict] = []
        ph = d["phase"]
        if ph == "start_card":
            c = int(aid[2:])
            d["start_row"].remove(c)
            d["step"] = {"card": c}
            d["phase"] = "start_nagaya"
        elif ph == "start_nagaya":
            c = d["step"]["card"]
            k = int(aid[2:])
            self._place_char(seat, c, k * self.S)
            text = T(
                "{p} starts with the {card} in Nagaya {k}.",
                p=_who(seat),
                card=D.CHARACTERS[c][0],
                k=k + 1,
            )
            evs.append(event(text, card=c))
            d["order"].pop(0)
            d["phase"] = "start_card"
            d["step"] = {}
            if not d["order"]:
                d["box"].extend(d["start_row"])
                d["start_row"] = []
                self._new_month(evs)
        elif ph == "A":
            s = int(aid[2:])
            d["ikz"][s] = seat
            evs.append(
                event(
                    T("{p} places the Ikizama on space {space}.", p=_who(seat), space=D.IKIZAMA[s]),
                    space=s,
                )
            )
            d["order"].pop(0)
            if not d["order"]:
                self._phase_b_next(evs)
        elif ph == "C_neutral":
            self._do_neutral(seat, aid, evs)
        elif ph == "C_feed":
            i = int(aid[2:])
            evs.append(
                event(
                    T(
                        "{p}'s unfed {card} leaves.",
                        p=_who(seat),
                        card=D.CHARACTERS[d["stalls"][i][1]][0],
                    ),
                    type="starve",
                )
            )
            self._kill(i)
            d["step"]["left"] -= 1
            if d["step"]["left"] == 0:
                d["order"].pop(0)
                self._next_feed(evs)
        elif ph == "NY" and d["step"].get("sub") == "place":
            k = int(aid[2:])
            d["players"][seat]["pos"] = k
            text = ARRIVALS[D.SHOPS[k]](_who(seat))
            evs.append(event(text, shop=k))
            d["step"] = {"sub": "biz", "seat": seat, "shop": False, "char": False}
        else:
            self._do_b(seat, aid, evs)
        self._cache = None
        return evs

    def _place_char(self, seat: int, c: int, stall: int) -> None:
        self.d["stalls"][stall] = ["c", c, seat, 0]
        self.d["players"][seat]["kobun"] -= 1
        if D.CHARACTERS[c][5]:
            self._ff(seat, D.CHARACTERS[c][5])

    # ---- phase B
    def _phase_b_next(self, evs: list) -> None:
        d = self.d
        for s in range(len(D.IKIZAMA)):
            seat = d["ikz"][s]
            if seat is not None:
                d["ikz"][s] = None
                d["phase"] = "B"
                d["step"] = {"sub": "income", "seat": seat, "space": s}
                if s == 0:
                    self._mon(seat, D.ONE_FOUR_MON)
                    text = N(
                        "{p} takes {n} mon (space 1-4).",
                        "{p} takes {n} mon (space 1-4).",
                        D.ONE_FOUR_MON,
                        p=_who(seat),
                    )
                    evs.append(event(text, type="income"))
                    d["step"]["sub"] = "move"
                return
        self._phase_c(evs)

    def _do_b(self, seat: int, aid: str, evs: list) -> None:
        d = self.d
        st = d["step"]
        pl = d["players"][seat]
        if aid == "inc":
            self._mon(seat, D.INCOME)
            text = N("{p} takes {n} mon income.", "{p} takes {n} mon income.", D.INCOME, p=_who(seat))
            evs.append(event(text, type="income"))
            st["sub"] = "move"
        elif aid[0] == "h":
            c = int(aid[1:])
            mons = next(m for cc, m in d["row"] if cc == c)
            st.update(sub="hire_stall", card=c, stalls=self._hire_stalls(seat, c, mons))
        elif aid[0] == "s" and st["sub"] == "hire_stall":
            i = int(aid[2:])
            c = st["card"]
            idx = next(k for k, (cc, _) in enumerate(d["row"]) if cc == c)
            mons = d["row"].pop(idx)[1]
            net = max(0, D.CHARACTERS[c][3] - mons)
            d["bank"] += mons  # mon on the card pay for it; any excess goes back to the bank
            self._mon(seat, -(net + self.surcharge(i)))
            self._place_char(seat, c, i)
            evs.append(
                event(
                    T(
                        "{p} hires the {card} into stall {stall}.",
                        p=_who(seat),
                        card=D.CHARACTERS[c][0],
                        stall=self._stall_name(i),
                    ),
                    type="hire",
                )
            )
            del st["card"], st["stalls"]
            st["sub"] = "move"
        elif aid[0] == "s" and st["sub"] == "build_stall":
            i = int(aid[2:])
            b = st.pop("bld")
            del st["stalls"]
            name, wood, mon, _iki, ab, amount = D.BUILDINGS[b]
            self._pay(seat, {"wood": wood, "mon": mon + self.surcharge(i)})
            d["bavail"].remove(b)
            # a building's 4th field: its ongoing firefighting bonus, apart from the base (lost if it burns)
            before = self.ff(seat)
            d["stalls"][i] = ["b", b, seat, amount if ab == "ff" else 0]
            self._ff_moved(seat, before)
            pl["kobun"] -= 1
            text = T(
                "{p} builds the {building} in stall {stall}.",
                p=_who(seat),
                building=name,
                stall=self._stall_name(i),
            )
            evs.append(event(text, type="build"))
            st["sub"] = "biz"
            self._biz_maybe_end(seat, evs)
        elif aid.startswith("mv"):
            dist = int(aid[2:])
            _lo, hi = D.IKIZAMA_MOVE[st["space"]]
            cost = max(0, dist - hi - self._carters(seat))
            pl["sandal"] -= cost
            start = pl["pos"]
            end = start + dist
            pl["pos"] = end % 8
            evs.append(
                event(
                    MOVES[D.SHOPS[pl["pos"]]](_who(seat), dist),
                    type="move",
                    shop=pl["pos"],
                )
            )
            for _i in range(end // 8):
                text = T("{p} passes the mark: experience for all their characters.", p=_who(seat))
                evs.append(event(text, type="pass"))
                for i, x in enumerate(d["stalls"]):
                    if x is not None and x[0] == "c" and x[2] == seat:
                        self._experience(i, evs)
            st.update(sub="biz", shop=False, char=False)
        else:
            self._do_biz(seat, aid, evs)

    def _do_biz(self, seat: int, aid: str, evs: list) -> None:
        d = self.d
        st = d["step"]
        pl = d["players"][seat]
        if aid == "done":
            self._end_turn(evs)
            return
        if aid[0] == "x":
            shop = D.SHOPS[pl["pos"]]
            tid, _label, pay, gain = next(t for t in D.SHOP_TRADES[shop] if t[0] == aid[1:])
            self._pay(seat, pay)
            self._gain(seat, gain)
            evs.append(event(D.trade_done(tid, _who(seat)), type="shop"))
            st["shop"] = True
        elif aid[0] == "t":
            t = int(aid[1:])
            self._mon(seat, -D.SEASON_TOKENS[t][2])
            d["tokens"].remove(t)
            pl["tokens"].append(t)
            evs.append(event(self._token_done(t, _who(seat)), type="shop", token=t))
            st["shop"] = True
        elif aid[0] == "b":
            b = int(aid[1:])
            name, wood, mon, _iki, _ab, _n = D.BUILDINGS[b]
            stalls = [
                i
                for i in self.empty_stalls()
                if self._can_pay(seat, {"wood": wood, "mon": mon}, self.surcharge(i))
            ]
            st.update(sub="build_stall", bld=b, stalls=stalls, shop=True)
            return
        elif aid[0] == "c":
            i = int(aid[1:])
            _, card, owner, _ = d["stalls"][i]
            name, _, _, _, _, _, pay, gain = D.CHARACTERS[card]
            self._pay(seat, pay)
            self._gain(seat, gain)
            evs.append(
                event(
                    T(
                        "{p} does business with the {card}: {ability}.",
                        p=_who(seat),
                        card=name,
                        ability=ability_text(pay, gain),
                    ),
                    type="char",
                )
            )
            st["char"] = True
            if owner < 0:
                evs.append(event(T("The neutral {card} leaves the street.", card=name), type="neutral"))
                self._kill(i)
            elif owner != seat:
                self._experience(i, evs)
        self._biz_maybe_end(seat, evs)

    def _biz_maybe_end(self, seat: int, evs: list) -> None:
        st = self.d["step"]
        if st["shop"] and st["char"]:
            self._end_turn(evs)

    def _end_turn(self, evs: list) -> None:
        d = self.d
        if d["phase"] == "NY":
            d["order"].pop(0)
            if d["order"]:
                d["step"] = {"sub": "place"}
            else:
                self._end_game(evs)
            return
        self._phase_b_next(evs)

    # ---- months
    def _new_month(self, evs: list) -> None:
        d = self.d
        d["month"] += 1
        m = d["month"]
        if m > D.MONTHS:
            d["phase"] = "NY"
            d["order"] = self.ff_order()
            d["step"] = {"sub": "place"}
            evs.append(
                event(
                    T("New Year's Day: each player places the Oyakata on any shop."), type="month", month=13
                )
            )
            return
        season = D.SEASON_OF_MONTH[m]
        deck = d["decks"][season]
        for _i in range(min(D.CARDS_PER_MONTH, len(deck))):
            d["row"].append([deck.pop(0), 0])
        if d["n"] == 2 and d["block"]:
            d["blocked"] = d["block"].pop(0)
            text = T("Month {m} begins. Space {space} is blocked.", m=m, space=D.IKIZAMA[d["blocked"]])
        else:
            text = T("Month {m} begins.", m=m)
        evs.append(event(text, type="month", month=m))
        d["phase"] = "A"
        d["order"] = self.ff_order()
        d["step"] = {}

    def _phase_c(self, evs: list) -> None:
        d = self.d
        m = d["month"]
        d["step"] = {}
        # 1. no events beyond the calendar's paydays and fires in these rules
        # 2. one mon on each leftover character (not on paydays)
        if m not in D.PAYDAYS:
            for r in d["row"]:
                r[1] += 1
                d["bank"] -= 1
        # 3. 2 players: the blocking tile goes, the sun/moon player places a neutral character
        if d["n"] == 2:
            d["blocked"] = None
            if d["row"]:
                who = d["sun"] if D.sun_or_moon(m) == "sun" else 1 - d["sun"]
                d["phase"] = "C_neutral"
                d["order"] = [who]
                return
        self._phase_c_payday(evs)

    def _do_neutral(self, seat: int, aid: str, evs: list) -> None:
        d = self.d
        if aid.startswith("nc"):
            c = int(aid[2:])
            if self.empty_stalls():
                d["step"] = {"card": c}
                return
            self._remove_row_card(c)
            d["box"].append(c)
            evs.append(
                event(
                    T("No free stall: the {card} leaves the game.", card=D.CHARACTERS[c][0]), type="neutral"
                )
            )
        else:
            c = d["step"]["card"]
            i = int(aid[2:])
            self._remove_row_card(c)
            d["stalls"][i] = ["c", c, -1, 0]
            evs.append(
                event(
                    T(
                        "{p} places the {card} as a neutral in stall {stall}.",
                        p=_who(seat),
                        card=D.CHARACTERS[c][0],
                        stall=self._stall_name(i),
                    )
                )
            )
        d["step"] = {}
        self._phase_c_payday(evs)

    def _remove_row_card(self, c: int) -> None:
        d = self.d
        idx = next(k for k, (cc, _) in enumerate(d["row"]) if cc == c)
        d["bank"] += d["row"].pop(idx)[1]

    def _phase_c_payday(self, evs: list) -> None:
        d = self.d
        m = d["month"]
        if m not in D.PAYDAYS:
            self._phase_c_fire(evs)
            return
        season = D.SEASON_OF_MONTH[m]
        evs.append(event(T("Payday at the end of month {m}.", m=m), type="payday", month=m))
        # 1-3. season change
        if m < D.MONTHS:
            d["tbox"].extend(d["tokens"])
            d["tokens"] = [t for t in d["tfuture"] if D.SEASON_TOKENS[t][1] == season + 1]
            d["tfuture"] = [t for t in d["tfuture"] if D.SEASON_TOKENS[t][1] != season + 1]
        for c, mons in d["row"]:
            d["bank"] += mons
            d["box"].append(c)
        d["row"] = []
        d["box"].extend(d["decks"][season])
        d["decks"][season] = []
        if m == D.MONTHS:
            for p in d["players"]:
                p["pos"] = None
        # 4. salaries
        for seat, p in enumerate(d["players"]):
            pay = sum(D.CHARACTERS[c][4][-1] for c in p["retired"])
            pay += sum(
                D.CHARACTERS[x[1]][4][x[3]]
                for x in d["stalls"]
                if x is not None and x[0] == "c" and x[2] == seat
            )
            self._mon(seat, pay)
            if pay:
                evs.append(
                    event(
                        N(
                            "{p} collects {n} mon in salaries.",
                            "{p} collects {n} mon in salaries.",
                            pay,
                            p=_who(seat),
                        ),
                        type="salary",
                        amount=pay,
                    )
                )
        # 5. harmony
        for seat, pts in enumerate(self.harmony()):
            if pts:
                d["players"][seat]["iki"] += pts
                evs.append(
                    event(
                        N(
                            "{p} scores {n} iki for Nagaya harmony.",
                            "{p} scores {n} iki for Nagaya harmony.",
                            pts,
                            p=_who(seat),
                        ),
                        type="harmony",
                        amount=pts,
                    )
                )
        # ongoing building abilities
        for x in d["stalls"]:
            if x is not None and x[0] == "b":
                _, _, _, _, ab, amount = D.BUILDINGS[x[1]]
                if ab == "payday_rice":
                    d["players"][x[2]]["rice"] += amount
                elif ab == "payday_iki":
                    d["players"][x[2]]["iki"] += amount
        # 6. food
        short = []
        for seat in self.ff_order():
            p = d["players"][seat]
            need = sum(1 for x in d["stalls"] if x is not None and x[0] == "c" and x[2] == seat)
            fed = min(need, p["rice"])
            p["rice"] -= fed
            if need > fed:
                short.append((seat, need - fed))
                evs.append(
                    event(
                        N(
                            "{p} cannot feed {n} character.",
                            "{p} cannot feed {n} characters.",
                            need - fed,
                            p=_who(seat),
                        ),
                        type="starve",
                    )
                )
        # the seats that must remove characters, in firefighting order, and how many each
        d["order"] = [seat for seat, _ in short]
        d["phase"] = "C_feed"
        d["step"] = {"short": [k for _, k in short]}
        self._next_feed(evs)

    def _next_feed(self, evs: list) -> None:
        """The next unfed seat's removals (step "left"; "short": those of the seats after it)."""
        d = self.d
        if d["order"]:
            short = d["step"]["short"]
            d["step"] = {"left": short[0], "short": short[1:]}
            return
        d["step"] = {}
        self._phase_c_fire(evs)

    def _phase_c_fire(self, evs: list) -> None:
        d = self.d
        m = d["month"]
        if m in D.FIRES:
            strength = D.FIRES[m] - (D.FIRE_2P_REDUCTION if d["n"] == 2 else 0)
            drawer = self.ff_order()[0]
            nagaya = d["fire_tiles"][0]
            evs.append(
                event(
                    T(
                        "Fire of strength {strength}! {p} draws the tile: Nagaya {k}.",
                        strength=strength,
                        p=_who(drawer),
                        k=nagaya + 1,
                    ),
                    type="fire",
                    nagaya=nagaya,
                    strength=strength,
                )
            )
            burnt = self._burn(nagaya, strength, evs)
            d["fires"].append({"month": m, "nagaya": nagaya, "strength": strength, "burnt": burnt})
            rng = Rng.from_json(d["rngs"])
            rng.shuffle(d["fire_tiles"])
            d["rngs"] = rng.to_json()
        self._new_month(evs)

    def _burn(self, nagaya: int, strength: int, evs: list) -> list:
        d = self.d
        S = self.S
        burnt = []
        for k in range(S):
            if strength <= 0:
                evs.append(event(T("The fire dies out."), type="fire"))
                break
            i = nagaya * S + k
            x = d["stalls"][i]
            if x is None:
                strength -= 1
                continue
            kind, thing, owner, _ = x
            name = D.CHARACTERS[thing][0] if kind == "c" else D.BUILDINGS[thing][0]
            if owner >= 0 and self.ff(owner) >= strength:
                text = T("{p}'s firefighters stop the fire at the {place}.", p=_who(owner), place=name)
                evs.append(event(text, type="fire"))
                break
            if owner < 0:
                text = T("The neutral {place} is lost to the fire.", place=name)
            else:
                text = T("{p}'s {place} is lost to the fire.", p=_who(owner), place=name)
            evs.append(event(text, type="fire", stall=i))
            burnt.append([kind, thing, owner])
            self._kill(i)
            strength -= 1
        else:
            evs.append(event(T("The fire reaches the end of the Nagaya and stops."), type="fire"))
        return burnt

    def harmony(self) -> list[int]:
        """Nagaya harmony points per seat for the current board."""
        d = self.d
        S = self.S
        groups = [list(range(k * S, k * S + S)) for k in range(4)]
        if d["n"] > 2 and D.CORNER_GROUP:
            groups.append([k * S + S - 1 for k in range(4)])
        pts = [0] * d["n"]
        for g in groups:
            count: dict[str, int] = {}
            mine: dict[tuple, int] = {}
            for i in g:
                x = d["stalls"][i]
                if x is None or x[0] != "c":
                    continue
                t = D.CHARACTERS[x[1]][2]
                count[t] = count.get(t, 0) + 1
                if x[2] >= 0:
                    mine[(x[2], t)] = mine.get((x[2], t), 0) + 1
            for (seat, t), k in mine.items():
                if count[t] >= 2:
                    pts[seat] += k * count[t]
        return pts

    # ---- end
    def score_breakdown(self, seat: int) -> dict:
        d = self.d
        p = d["players"][seat]
        cards = list(p["retired"]) + [
            x[1] for x in d["stalls"] if x is not None and x[0] == "c" and x[2] == seat
        ]
        types = {D.CHARACTERS[c][2] for c in cards if D.CHARACTERS[c][0] != D.PUPPETEER}
        if any(D.CHARACTERS[c][0] == D.PUPPETEER for c in cards):
            types.add(next((t for t in D.TYPES if t not in types), "P"))
        toks = [D.SEASON_TOKENS[t] for t in p["tokens"]]
        fish_seasons = {t[1] for t in toks if t[0] == "fish"}
        premium = sum(t[3] for t in toks if t[0] == "fish" and t[4])
        pouches = sum(t[3] for t in toks if t[0] == "pouch")
        if any(t[0] == "pipe" for t in toks):
            pouches *= 2
        blds = [D.BUILDINGS[x[1]] for x in d["stalls"] if x is not None and x[0] == "b" and x[2] == seat]
        bpts = sum(b[3] for b in blds)
        for _name, _wood, _mon, _iki, ab, amount in blds:
            if ab == "end_sandal":
                bpts += min(D.MERCHANT_MAX, amount * p["sandal"])
            elif ab == "end_rice":
                bpts += amount * p["rice"]
        res = p["koban"] * D.END_KOBAN + p["wood"] * D.END_WOOD + p["mon"] // D.END_MON_PER_IKI
        out = {
            "track": p["iki"],
            "types": D.TYPE_SCORE[len(types)],
            "fish": D.FISH_SCORE[len(fish_seasons)] + premium,
            "tobacco": pouches,
            "buildings": bpts,
            "resources": res,
        }
        out["total"] = sum(out.values())
        return out

    def _end_game(self, evs: list) -> None:
        d = self.d
        d["final"] = [self.score_breakdown(s) for s in range(d["n"])]
        d["phase"] = "over"
        d["order"] = []
        d["step"] = {}
        w = self.winners()
        text = T("The game is over. Winner: {winners}.", winners=L([_who(s) for s in w]))
        evs.append(event(text, type="end"))

    def score_parts(self) -> list[list[tuple[str, int]]] | None:
        if not self.d["final"]:
            return None
        return [[(words, f[key]) for key, words in SCORE_PARTS] for f in self.d["final"]]

    def scores(self) -> list[int]:
        if self.d["final"]:
            return [f["total"] for f in self.d["final"]]
        return [p["iki"] for p in self.d["players"]]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        sc = self.scores()
        ps = self.d["players"]
        best = max(range(self.d["n"]), key=lambda s: (sc[s], self.ff(s), ps[s]["stamp"]))
        return [best]

    # ------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Conserved: mon (players + cards in the row + bank), each player's 4
        Kobun (supply + stalls), the 60 characters, the 10 buildings and the 36
        season tokens, each in exactly one place; at most 13 rounds."""
        d = self.d
        n = d["n"]
        ps = d["players"]
        total = sum(p["mon"] for p in ps) + sum(m for _, m in d["row"]) + d["bank"]
        assert total == D.BANK_MON + n * D.START["mon"], f"mon not conserved: {total}"
        for p in ps:
            for k in D.RESOURCES:
                assert p[k] >= 0, f"negative {k}"
        for seat, p in enumerate(ps):
            on = sum(1 for x in d["stalls"] if x is not None and x[2] == seat)
            assert p["kobun"] + on == D.KOBUN, f"Kobun of seat {seat}: {p['kobun']} + {on}"
        cards = list(d["start_row"]) + [c for deck in d["decks"] for c in deck] + [c for c, _ in d["row"]]
        cards += [x[1] for x in d["stalls"] if x is not None and x[0] == "c"]
        cards += [c for p in ps for c in p["retired"]] + d["box"]
        if d["phase"] == "start_nagaya":
            cards.append(d["step"]["card"])
        assert sorted(cards) == list(range(len(D.CHARACTERS))), "characters not conserved"
        for x in d["stalls"]:
            if x is not None and x[0] == "b":  # a tower's own bonus, nothing else
                _, _, _, _, ab, amount = D.BUILDINGS[x[1]]
                assert x[3] == (amount if ab == "ff" else 0)
        for p in ps:
            assert 0 <= p["ff"] <= D.MAX_FF, "base firefighting off the track"
        blds = d["bavail"] + d["bbox"] + [x[1] for x in d["stalls"] if x is not None and x[0] == "b"]
        assert sorted(blds) == list(range(len(D.BUILDINGS))), "buildings not conserved"
        toks = d["tokens"] + d["tfuture"] + d["tbox"] + [t for p in ps for t in p["tokens"]]
        assert sorted(toks) == list(range(len(D.SEASON_TOKENS))), "season tokens not conserved"
        assert 0 <= d["month"] <= D.MONTHS + 1
        assert (d["phase"] == "over") == (d["final"] is not None)

    # ------------------------------------------------------------ hidden information
    def determinize(self, seat: int, seed: int) -> IkiState:
        """Hidden: the order of the four season decks, of the fire tiles and of
        the 2-player blocking tiles. Each is sorted and reshuffled with Rng(seed)."""
        new = IkiState(json.loads(json.dumps(self.d)))
        rng = Rng(seed)
        nd = new.d
        for s in (1, 2, 3, 4):
            nd["decks"][s] = sorted(nd["decks"][s])
            rng.shuffle(nd["decks"][s])
        nd["fire_tiles"] = sorted(nd["fire_tiles"])
        rng.shuffle(nd["fire_tiles"])
        nd["block"] = sorted(nd["block"])
        rng.shuffle(nd["block"])
        nd["rngs"] = Rng(seed ^ 0x5EED).to_json()
        return new
