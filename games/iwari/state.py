"""The Iwari base game (rules up to and including Feats) as a GameState.

A turn is a short sequence of actions held in ``phase``:

- ``act``: choose a territory (``t7``) or discard a card to draw one (``xF``);
- ``pieces``: choose the pieces and the cards paying for them (``cTM-FCC``: Tent + Totem
  paid with Forest + two Coast), or go ``back``;
- ``space``: choose the tent space(s) (``s7c`` or ``s7c7e``), or go ``back``;
- ``feat``: place an earned Feat (``fT7`` on a territory, ``fC5`` on a connection) or ``fskip``;
- ``draw``: refill the hand one card at a time (``dF`` from the display, ``deck``).

Expansions (options ``expeditions``, ``courage``, ``worship`` and the Atlas maps): a Ruin
replaced on Forgotten Island is the piece ``R`` (``cR-GG``, ``cRT-GGD``; its space comes first
in ``s1c1b``); a Void Totem moved on The Uncharted Paths is ``V`` with its source after a
second dash (``cV-GG-0`` from the Void, ``cVT-TTG-7`` from T7 into Tundra); Courage is placed beside a Feat
(``fF2``: beside the third Feat placed); Worship is placed after the last turn, before the
final scoring (``fT5`` / ``fC9``). Expedition cards score the moment a mission is completed.

Option ``mode`` "solo" (1 player) / "coop" (2 players): the players against the Void, an
automated tribe (index ``n``); its rules, phases, action ids and rulings are in ``solo.py``.

With two players (versus) the shared third tribe plays (``act``/``pieces``/``space`` again, no
discard) after the player's own action while that player still holds a card. A step with a
single possible answer is taken for the player.
"""

from __future__ import annotations

from games.base import Action, GameState, IllegalSetup, event, plural
from games.iwari.board import Board, get_board
from games.iwari.data import (
    BIOME_CODES,
    BIOME_NAMES,
    CARD_COUNTS,
    DECK_PARTS,
    DIFFICULTIES,
    DISPLAY_SIZE,
    EXPEDITION_POINTS,
    EXPEDITIONS,
    EXPEDITIONS_IN_PLAY,
    FEAT_MULTIPLIER,
    FEAT_NAMES,
    FEAT_PAWNS,
    HAND_SIZE,
    MODE_PLAYERS,
    MODES,
    MOUNTAIN_SYMBOLS,
    REMOVED_PER_BIOME,
    TENTS_PER_TRIBE,
    TOTEMS_PER_TRIBE,
    VOID_CARD,
    VOID_CARD_NAME,
    VOID_CARDS,
    VOID_CARDS_PER_PART,
    VOID_MAP_ONLY_COUNT,
    VOID_RUINS,
    VOID_TARGET,
    VOID_TOTEM_PIECES,
    feat_kinds,
)
from games.iwari.scoring import settlements, tent_points, totem_holders
from games.iwari.solo import SOLO_MAPS, SoloMixin
from games.rng import Rng

NB = len(BIOME_CODES)
CARD_CODES = BIOME_CODES + "V"  # a card's code by index; "V" a Void card (solo/co-op, The Void)
MAX_BACKS = 4  # "back" steps per turn: keeps every game finite
PIECE_WORDS = {
    "T": "1 Tent",
    "M": "1 Totem",
    "TT": "2 Tents",
    "TM": "1 Tent + 1 Totem",
    "MM": "2 Totems",
    "R": "1 Tent on a Ruin",
    "RT": "Tent on a Ruin + 1 Tent",
    "RM": "Tent on a Ruin + 1 Totem",
    "V": "Move a Void Totem here",
    "VT": "Move a Void Totem + 1 Tent",
    "VM": "Move a Void Totem + 1 Totem",
    "K": "Move a Contested token here, your Tent on it",
    "KT": "Contested token + 1 Tent",
    "KM": "Contested token + 1 Totem",
}
RUIN = -2  # owner of a tent space holding a Void Ruin (Forgotten Island)


def card_total(num_players: int, mode: str = "versus", void_cards: bool = False) -> list[int]:
    """Cards of each kind in the game (biomes, then Void cards on The Void map)."""
    if mode != "versus":
        return list(CARD_COUNTS)  # solo/co-op: all the Biome cards
    out = [c - REMOVED_PER_BIOME[num_players] for c in CARD_COUNTS]
    return [*out, VOID_CARDS] if void_cards else out  # never fewer Void cards


def card_name(c: int) -> str:
    return VOID_CARD_NAME if c == VOID_CARD else BIOME_NAMES[c]


def cards_text(cards: str) -> str:
    """'FCC' -> 'Forest + 2 Coast'."""
    parts = []
    for b, code in enumerate(CARD_CODES):
        k = cards.count(code)
        if k:
            parts.append(card_name(b) if k == 1 else f"{k} {card_name(b)}")
    return " + ".join(parts)


class IwariState(SoloMixin, GameState):
    def __init__(self, data: dict) -> None:
        self.n: int = data["n"]
        self.opts: dict = dict(data["opts"])
        self.rng = Rng.from_json(data["rng"])
        self.deck: list[int] = list(data["deck"])
        self.display: list[int] = list(data["display"])
        self.hands: list[list[int]] = [list(h) for h in data["hands"]]
        self.known: list[list[int]] = [list(h) for h in data["known"]]
        self.discard: list[int] = list(data["discard"])
        self.owner: list[int] = list(data["owner"])
        self.totems: list[list[int]] = [list(t) for t in data["totems"]]
        self.tents_left: list[int] = list(data["tents_left"])
        self.totems_left: list[int] = list(data["totems_left"])
        self.score: list[int] = list(data["score"])
        self.breakdown: dict[str, list[int]] = {k: list(v) for k, v in data["breakdown"].items()}
        self.mountains: list[int] = list(data["mountains"])
        self.exhaustions: int = data["exhaustions"]
        self.end_triggered: bool = data["end_triggered"]
        self.over: bool = data["over"]
        self.cur: int = data["cur"]
        self.phase: str = data["phase"]
        self.tribe: int = data["tribe"]
        self.neutral: bool = data["neutral"]
        self.pending: list | None = list(data["pending"]) if data["pending"] is not None else None
        self.backs: int = data["backs"]
        self.drafting: list[int] = list(data["drafting"])
        self.feat_queue: list[list] = [[q[0], q[1], list(q[2])] for q in data["feat_queue"]]
        self.feats: list[list] = [list(f) for f in data["feats"]]
        self.claims: dict[str, list[int]] = {k: list(v) for k, v in data["claims"].items()}
        self.result: list[int] = list(data["result"])
        self.neutral_won: bool = data["neutral_won"]
        self.turn: int = data["turn"]
        # Expansions (absent from games saved before them).
        for k in ("expeditions", "courage"):
            self.opts.setdefault(k, False)
        self.opts.setdefault("worship", "none")
        self.breakdown.setdefault("expeditions", [0] * len(self.score))
        for k in ("courage", "worship"):
            self.claims.setdefault(k, [])
        self.expeditions: list[list] = [[e[0], list(e[1])] for e in data.get("expeditions", [])]
        self.golden: list[int] = list(data.get("golden", []))
        self.ending: bool = data.get("ending", False)
        self.ruins_kept: list[int] = list(data.get("ruins_kept", [0] * len(self.score)))
        self.void: list[int] = list(data.get("void", [0] * len(self.totems)))  # Void Totems per territory
        self.void_pool: int = data.get("void_pool", 0)  # Void Totems on the purple territory
        self.void_src: int | None = data.get("void_src")  # where the pending Void Totem comes from
        # Solo / co-op (absent from games saved before them).
        self.opts.setdefault("mode", "versus")
        self.opts.setdefault("difficulty", 0)
        self.mode: str = self.opts["mode"]
        self.target: int = data.get("target", 0)
        self.claimed: list[int] = list(data.get("claimed", []))  # per territory: -1, 0 players, 1 Void
        self.pawn: int = data.get("pawn", 0)  # index of the connection under the Void pawn
        self.void_row: int = data.get("void_row", 0)  # Void cards played above the display
        self.void_aside: int = data.get("void_aside", 0)  # Void cards beside the board
        self.vq: list[list] = [list(q) for q in data.get("vq", [])]
        self.used: list[int] = list(data.get("used", []))  # tent spaces laid on the side
        self.stage: str = data.get("stage", "player")
        self.free_terrs: list[int] = list(data.get("free_terrs", []))
        self.free_group: list[int] = list(data.get("free_group", []))
        self.move_card: int = data.get("move_card", -1)
        # The Void map: per Contested token the territory it was moved into (-1: not yet) and
        # the tribe whose Tent is on it; the seat holding the Determination token (-1: none).
        self.contested: list[int] = list(data.get("contested", []))
        self.contested_owner: list[int] = list(data.get("contested_owner", []))
        self.determination: int = data.get("determination", -1)
        self.end_reason: str = data.get("end_reason", "")  # solo/co-op: why the game ended
        # Solo/co-op: the Totems of each territory bottom to top (tribe indices; the Void's
        # Totems, also those moved off the purple territory, are n), for additional rule 4.
        self.stack: list[list[int]] = [list(x) for x in data["stack"]] if "stack" in data else []
        if self.solo and not self.stack:
            self.stack = [
                [x for x in range(self.n) for _ in range(on[x])] + [self.n] * (on[self.n] + v)
                for on, v in zip(self.totems, self.void, strict=True)
            ]
        self._closing = False
        self.board: Board = get_board(self.opts["map"])
        self._events: list[dict] = []
        self._cache: tuple | None = None

    # ------------------------------------------------------------------ set-up
    @staticmethod
    def check_setup(num_players: int, opts: dict) -> None:
        mode = opts.get("mode", "versus")
        if mode not in MODES:
            raise IllegalSetup(f"Unknown mode {mode!r}: versus, solo or coop.")
        difficulty = opts.get("difficulty", 0)
        board = get_board(opts["map"])
        if board.void_cards:
            if mode != "versus":
                raise IllegalSetup("The Void map cannot be played solo or co-op (the rulebook excludes it).")
            if opts.get("expeditions"):
                raise IllegalSetup("Expedition cards are not used on The Void map.")
        elif opts.get("worship") == "contested":
            raise IllegalSetup("Worship variant 2 (Contested tokens) is played only on The Void map.")
        elif num_players == VOID_MAP_ONLY_COUNT:
            raise IllegalSetup("Only The Void map can be played by 6 players.")
        if mode == "versus":
            if num_players not in REMOVED_PER_BIOME:
                raise IllegalSetup(
                    "Iwari is played by 2-5 players (6 on The Void); 1 player plays mode solo."
                )
            if difficulty:
                raise IllegalSetup("The difficulty (territories the Void needs) is for solo and coop modes.")
            return
        if num_players != MODE_PLAYERS[mode]:
            raise IllegalSetup(
                "Solo mode is for 1 player."
                if mode == "solo"
                else "Cooperative mode is for exactly 2 players."
            )
        if difficulty not in DIFFICULTIES:
            raise IllegalSetup(f"Difficulty: one of {', '.join(map(str, DIFFICULTIES))}.")
        if mode == "coop" and difficulty and difficulty < VOID_TARGET["coop"]:
            raise IllegalSetup(
                "Cooperative mode can only be made easier: the Void needs at least 1 territory."
            )
        if opts.get("feats") or opts.get("courage") or opts.get("worship", "none") != "none":
            raise IllegalSetup("Feats cannot be used in the solo and cooperative games.")
        if opts.get("expeditions"):
            raise IllegalSetup("Expedition cards cannot be used in the solo and cooperative games.")
        if opts.get("draft"):
            raise IllegalSetup("The solo and cooperative set-up deals the starting hands: no draft.")
        if opts["map"] not in SOLO_MAPS:
            raise IllegalSetup(
                f"Solo/coop on {get_board(opts['map']).name} is not available yet (its Void rules are not "
                "built); play it on New Horizons, The Vast Lands, The Long Road or Glacial Mass."
            )

    @classmethod
    def new(cls, num_players: int, seed: int, opts: dict) -> IwariState:
        cls.check_setup(num_players, opts)
        if opts.get("mode", "versus") != "versus":
            return cls.new_solo(num_players, seed, opts)
        board = get_board(opts["map"])
        if opts.get("courage") and not opts.get("feats"):
            raise IllegalSetup(
                "The Courage Feat cancels another Feat's multiplier: play it with feats on (the base Feats)."
            )
        rng = Rng(seed)
        tribes = num_players + (1 if num_players == 2 else 0)
        # Mountains: symbols 1..k, one of the two connections of each symbol at random.
        mountains = []
        for symbol in range(1, (MOUNTAIN_SYMBOLS[num_players] if board.mountains else 0) + 1):
            pair = [k for k, c in enumerate(board.connections) if c.mountain == symbol]
            mountains.append(rng.choice(pair))
        kinds = NB + 1 if board.void_cards else NB  # The Void: Void cards in the deck
        deck = [
            b for b, k in enumerate(card_total(num_players, "versus", board.void_cards)) for _ in range(k)
        ]
        rng.shuffle(deck)
        hands = [[0] * kinds for _ in range(num_players)]
        display: list[int] = []
        if not opts["draft"]:
            for h in hands:
                for _ in range(HAND_SIZE):
                    h[deck.pop()] += 1
        for _ in range(DISPLAY_SIZE):
            display.append(deck.pop())
        display.sort()
        expeditions = []
        if opts.get("expeditions"):
            ids = list(range(len(EXPEDITIONS)))
            rng.shuffle(ids)
            expeditions = [[i, []] for i in sorted(ids[:EXPEDITIONS_IN_PLAY])]
        golden = []
        if opts.get("worship") == "golden":
            # A Worship Golden token on the Totem space of one territory of each biome.
            for bio in range(NB):
                golden.append(rng.choice([t for t in range(board.num_territories) if board.biome[t] == bio]))
        data = {
            "n": num_players,
            "opts": opts,
            "rng": rng.to_json(),
            "deck": deck,
            "display": display,
            "hands": hands,
            "known": [[0] * kinds for _ in range(num_players)],
            "discard": [0] * kinds,
            "owner": [-1] * board.num_spaces,
            "totems": [[0] * tribes for _ in range(board.num_territories)],
            "tents_left": [TENTS_PER_TRIBE] * tribes,
            "totems_left": [TOTEMS_PER_TRIBE] * tribes,
            "score": [0] * tribes,
            "breakdown": {k: [0] * tribes for k in ("half", "tents", "totems", "settlements", "expeditions")},
            "mountains": sorted(mountains),
            "exhaustions": 0,
            "end_triggered": False,
            "over": False,
            "cur": 0,
            "phase": "act",
            "tribe": 0,
            "neutral": False,
            "pending": None,
            "backs": 0,
            "drafting": [],
            "feat_queue": [],
            "feats": [],
            "claims": {k: [] for k in (*FEAT_PAWNS, "courage", "worship")},
            "result": [],
            "neutral_won": False,
            "turn": 0,
            "expeditions": expeditions,
            "golden": golden,
            "ending": False,
            "ruins_kept": [0] * tribes,
            "void": [0] * board.num_territories,
            "void_pool": board.void_totems,
            "void_src": None,
            "contested": [-1] * len(board.contested),
            "contested_owner": [-1] * len(board.contested),
            "determination": num_players - 1 if board.contested else -1,  # the last player
        }
        for s in board.ruin_spaces:
            data["owner"][s] = RUIN  # Forgotten Island: a Void Ruin on each purple circle
        if board.ruin_spaces:
            data["breakdown"]["ruins"] = [0] * tribes
        state = cls(data)
        if opts["draft"]:
            # Advanced set-up: from the last seat back to the first, draw a starting hand
            # from the display and/or the deck; the display is refilled after each.
            state.drafting = list(range(num_players - 1, -1, -1))
            state.cur = state.tribe = state.drafting[0]
            state.phase = "draw"
            state._auto_draw()
            state._events = []
        return state

    @classmethod
    def new_solo(cls, num_players: int, seed: int, opts: dict) -> IwariState:
        """Solo / co-op set-up: all Biome cards, hands and display, then 3 Void cards in each quarter."""
        board = get_board(opts["map"])
        mode = opts["mode"]
        rng = Rng(seed)
        tribes = num_players + 1  # the Void is the last tribe
        deck = [b for b, k in enumerate(card_total(num_players, mode)) for _ in range(k)]
        rng.shuffle(deck)
        hands = [[0] * (NB + 1) for _ in range(num_players)]
        for h in hands:
            for _ in range(HAND_SIZE):
                h[deck.pop()] += 1
        display = sorted(deck.pop() for _ in range(DISPLAY_SIZE))
        parts = [
            deck[i * len(deck) // DECK_PARTS : (i + 1) * len(deck) // DECK_PARTS] for i in range(DECK_PARTS)
        ]
        deck = []
        for part in parts:
            part += [VOID_CARD] * VOID_CARDS_PER_PART
            rng.shuffle(part)
            deck = part + deck  # the deck is drawn from the end: the first part lies on top
        data = {
            "n": num_players,
            "opts": opts,
            "rng": rng.to_json(),
            "deck": deck,
            "display": display,
            "hands": hands,
            "known": [[0] * (NB + 1) for _ in range(num_players)],
            "discard": [0] * NB,
            "owner": [-1] * board.num_spaces,
            "totems": [[0] * tribes for _ in range(board.num_territories)],
            "tents_left": [TENTS_PER_TRIBE] * num_players + [VOID_RUINS],
            "totems_left": [TOTEMS_PER_TRIBE] * num_players + [VOID_TOTEM_PIECES],
            "score": [0] * tribes,
            "breakdown": {
                k: [0] * tribes
                for k in ("half", "tents", "totems", "settlements", "expeditions", "territories")
            },
            "mountains": [],
            "exhaustions": 0,
            "end_triggered": False,
            "over": False,
            "cur": 0,
            "phase": "act",
            "tribe": 0,
            "neutral": False,
            "pending": None,
            "backs": 0,
            "drafting": [],
            "feat_queue": [],
            "feats": [],
            "claims": {k: [] for k in (*FEAT_PAWNS, "courage", "worship")},
            "result": [],
            "neutral_won": False,
            "turn": 0,
            "void": [0] * board.num_territories,
            "void_pool": 0,
            "target": opts.get("difficulty") or VOID_TARGET[mode],
            "claimed": [-1] * board.num_territories,
            "pawn": 0,
        }
        return cls(data)

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "opts": dict(self.opts),
            "rng": self.rng.to_json(),
            "deck": list(self.deck),
            "display": list(self.display),
            "hands": [list(h) for h in self.hands],
            "known": [list(h) for h in self.known],
            "discard": list(self.discard),
            "owner": list(self.owner),
            "totems": [list(t) for t in self.totems],
            "tents_left": list(self.tents_left),
            "totems_left": list(self.totems_left),
            "score": list(self.score),
            "breakdown": {k: list(v) for k, v in self.breakdown.items()},
            "mountains": list(self.mountains),
            "exhaustions": self.exhaustions,
            "end_triggered": self.end_triggered,
            "over": self.over,
            "cur": self.cur,
            "phase": self.phase,
            "tribe": self.tribe,
            "neutral": self.neutral,
            "pending": list(self.pending) if self.pending is not None else None,
            "backs": self.backs,
            "drafting": list(self.drafting),
            "feat_queue": [[q[0], q[1], list(q[2])] for q in self.feat_queue],
            "feats": [list(f) for f in self.feats],
            "claims": {k: list(v) for k, v in self.claims.items()},
            "result": list(self.result),
            "neutral_won": self.neutral_won,
            "turn": self.turn,
            "expeditions": [[e[0], list(e[1])] for e in self.expeditions],
            "golden": list(self.golden),
            "ending": self.ending,
            "ruins_kept": list(self.ruins_kept),
            "void": list(self.void),
            "void_pool": self.void_pool,
            "void_src": self.void_src,
            "target": self.target,
            "claimed": list(self.claimed),
            "pawn": self.pawn,
            "void_row": self.void_row,
            "void_aside": self.void_aside,
            "vq": [list(q) for q in self.vq],
            "used": list(self.used),
            "stage": self.stage,
            "free_terrs": list(self.free_terrs),
            "free_group": list(self.free_group),
            "move_card": self.move_card,
            "stack": [list(x) for x in self.stack],
            "end_reason": self.end_reason,
            "contested": list(self.contested),
            "contested_owner": list(self.contested_owner),
            "determination": self.determination,
        }

    # ------------------------------------------------------------------ basics
    @property
    def feat_kinds(self) -> tuple[str, ...]:
        """The base Feats in play (option "feats": none, all four, or a subset)."""
        return feat_kinds(self.opts["feats"])

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def num_tribes(self) -> int:
        return len(self.score)

    def to_act(self) -> list[int]:
        return [] if self.over else [self.cur]

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return self.score[: self.n]

    def winners(self) -> list[int]:
        return list(self.result) if self.over else []

    def unused_pieces(self, tribe: int) -> int:
        return self.tents_left[tribe] + self.totems_left[tribe]

    # ------------------------------------------------------------------ placement rules
    def tent_counts(self, t: int) -> list[int]:
        """Tents per tribe in t, those on Contested tokens moved there included."""
        counts = [0] * self.num_tribes
        for s in self.board.spaces[t]:
            o = self.owner[s]
            if o >= 0:
                counts[o] += 1
        if self.contested:
            for k, where in enumerate(self.contested):
                if where == t:
                    counts[self.contested_owner[k]] += 1
        return counts

    def open_tokens(self, t: int) -> list[int]:
        """The Void: Contested tokens not yet moved that lie beside territory t."""
        return [k for k in self.board.tokens_at[t] if self.contested[k] < 0] if self.contested else []

    def uses_determination(self, tribe: int) -> bool:
        return tribe == self.determination and not self.neutral

    def free_spaces(self, t: int) -> list[int]:
        return [s for s in self.board.spaces[t] if self.owner[s] == -1]

    def ruins_in(self, t: int) -> list[int]:
        return [s for s in self.board.spaces[t] if self.owner[s] == RUIN]

    def conn_blocked(self, k: int) -> bool:
        """Forgotten Island: a connection whose Ruin is still there neither scores nor earns Feats."""
        r = self.board.conn_ruin[k] if self.board.conn_ruin else -1
        return r >= 0 and self.owner[r] == RUIN

    def piece_options(self, tribe: int, t: int) -> list[str]:
        """Which piece sets the tribe may place in territory t now (ignoring cards).

        "R" is a Tent replacing a Ruin (Forgotten Island), paid with two cards of its icon.
        """
        if self.claimed and self.claimed[t] >= 0:
            return []  # solo/co-op: a counted territory is closed
        counts = self.tent_counts(t)
        placed = sum(counts)
        free = len(self.free_spaces(t))
        ruins = len(self.ruins_in(t)) if self.board.conn_ruin else 0
        tents, totems = self.tents_left[tribe], self.totems_left[tribe]
        tokens = bool(self.open_tokens(t)) and tents >= 1
        if placed == 0:
            out = (["T"] if tents and free else []) + (["R"] if tents and ruins else [])
            out += ["K"] if tokens else []
            if self.uses_determination(tribe):
                # The Determination token: a second piece in an unexplored territory.
                room = self.board.totems_allowed[t] and totems >= 1
                out += ["TT"] if tents >= 2 and free >= 2 else []
                out += ["TM"] if tents and free and room else []
                out += ["KT"] if tokens and tents >= 2 and free else []
                out += ["KM"] if tokens and room else []
            return out
        limit = max(counts)  # size of the largest Tent majority
        on = sum(self.totems[t]) + self.void[t]
        if not self.board.totems_allowed[t]:
            totems = 0  # Floating Lands: no Totems on this biome
        out = []
        if free >= 1 and tents >= 1:
            out.append("T")
        if totems >= 1 and on + 1 <= limit:
            out.append("M")
        if free >= 2 and tents >= 2:
            out.append("TT")
        # A Tent placed first may raise the limit for the Totem of the same turn.
        if free >= 1 and tents >= 1 and totems >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
            out.append("TM")
        if totems >= 2 and on + 2 <= limit:
            out.append("MM")
        if self.board.void_totems and not (self.solo and tribe == self.n):
            # The Uncharted Paths: a Void Totem moved in counts as one of the turn's pieces.
            if on + 1 <= limit:
                out.append("V")
            if free >= 1 and tents >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
                out.append("VT")
            if totems >= 1 and on + 2 <= limit:
                out.append("VM")
        if tokens:
            # The Void: a Contested token moved in with a Tent on it, plus maybe one more piece.
            out.append("K")
            if free >= 1 and tents >= 2:
                out.append("KT")
            if totems >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
                out.append("KM")
        if ruins and tents >= 1:
            out.append("R")
            if free >= 1 and tents >= 2:
                out.append("RT")
            if totems >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
                out.append("RM")
        return out

    @staticmethod
    def payments(hand: list[int], biome: int, pieces: int, void_wild: bool = False) -> list[str]:
        """Card sets (codes) paying for 1 or 2 pieces in a territory of ``biome``.

        One card of the biome per piece, or two cards of one other colour as a wild
        card for one piece; never more than three cards. On The Void map (``void_wild``) two
        Void cards are a wild card too.
        """
        code = BIOME_CODES[biome]
        pairs = [BIOME_CODES[c] * 2 for c in range(NB) if c != biome and hand[c] >= 2]
        if void_wild and hand[VOID_CARD] >= 2:
            pairs.append("VV")
        if pieces == 1:
            return ([code] if hand[biome] >= 1 else []) + pairs
        out = [code * 2] if hand[biome] >= 2 else []
        if hand[biome] >= 1:
            out += [sorted_cards(code + p) for p in pairs]
        return out

    def void_sources(self, t: int) -> list[int]:
        """Where a Void Totem may come from to territory t: -1 the purple territory, else a territory."""
        b = self.board
        out = [-1] if self.void_pool else []
        if self.solo:
            return out  # solo/co-op: only from the purple territory
        return out + [y for y in range(b.num_territories) if self.void[y] and b.biome[y] != b.biome[t]]

    def combos(self, tribe: int, t: int, hand: list[int]) -> list[tuple[str, str, int | None]]:
        biome = self.board.biome[t]
        out: list[tuple[str, str, int | None]] = []
        icons = sorted({self.board.ruin_icon[s] for s in self.ruins_in(t)}) if self.board.conn_ruin else []
        for pieces in self.piece_options(tribe, t):
            if pieces[0] == "V":
                # From the purple territory: two cards of the destination biome; from another
                # biome: one card of each; plus one card of the destination for a second piece.
                for src in self.void_sources(t):
                    need = [0] * NB
                    need[biome] += 1 + (len(pieces) == 2)
                    need[biome if src < 0 else self.board.biome[src]] += 1
                    if all(hand[c] >= need[c] for c in range(NB)):
                        out.append((pieces, "".join(BIOME_CODES[c] * need[c] for c in range(NB)), src))
                continue
            if pieces[0] == "K":
                # Two cards of this territory's biome (no wild card), one more for a 2nd piece.
                if hand[biome] >= len(pieces) + 1:
                    for k in self.open_tokens(t):
                        out.append((pieces, BIOME_CODES[biome] * (len(pieces) + 1), k))
                continue
            if pieces[0] != "R":
                for cards in self.payments(hand, biome, len(pieces), self.board.void_cards):
                    out.append((pieces, cards, None))
                continue
            # Two cards of the Ruin's icon (no wild card), plus one of the territory for a 2nd piece.
            for icon in icons:
                need = [0] * NB
                need[icon] += 2
                if len(pieces) == 2:
                    need[biome] += 1
                if all(hand[c] >= need[c] for c in range(NB)):
                    out.append((pieces, "".join(BIOME_CODES[c] * need[c] for c in range(NB)), None))
        return out

    def playable_territories(self, tribe: int, hand: list[int]) -> list[int]:
        out = []
        exact = bool(self.board.conn_ruin or self.board.void_totems)
        void_pair = self.board.void_cards and hand[VOID_CARD] >= 2
        for t in range(self.board.num_territories):
            b = self.board.biome[t]
            # Every payment needs a card of the biome or a pair of one colour.
            if not (hand[b] or void_pair or any(hand[c] >= 2 for c in range(NB) if c != b)):
                continue
            if exact:
                # Ruins and Void Totems have payments of their own: check the real ones.
                if self.combos(tribe, t, hand):
                    out.append(t)
                continue
            options = self.piece_options(tribe, t)
            # A Tent or Totem is paid like any piece (the check above); a Contested token alone
            # needs two cards of the biome.
            if any(p[0] != "K" for p in options) or (options and self.combos(tribe, t, hand)):
                out.append(t)
        return out

    def space_choices(self, t: int, pieces: str, cards: str) -> list[tuple[int, ...]]:
        free = self.free_spaces(t)
        if pieces[0] == "R":
            icon = next(BIOME_CODES.index(c) for c in cards if cards.count(c) >= 2)
            ruins = [s for s in self.ruins_in(t) if self.board.ruin_icon[s] == icon]
            if pieces == "RT":
                return [(r, f) for r in ruins for f in free]
            return [(r,) for r in ruins]
        first = self.board.purple_road or (
            self.board.ruin_spaces if self.board.key == "forgotten-island" else ()
        )
        if self.solo and self.tribe == self.n and first:
            # The Long Road / Forgotten Island (solo/co-op): a Void Ruin goes on the purple road /
            # the purple tent spaces first.
            road = [s for s in free if s in first]
            if pieces.count("T") == 1 and road:
                return [(s,) for s in road]
            if pieces.count("T") == 2 and road:
                if len(road) >= 2:
                    free = road
                else:
                    return [(road[0], f) if road[0] < f else (f, road[0]) for f in free if f != road[0]]
        if pieces.count("T") == 1:
            return [(s,) for s in free]
        return [(a, b) for i, a in enumerate(free) for b in free[i + 1 :]]

    def draw_options(self) -> list[str]:
        # Solo/co-op: a Void card cannot be taken from the display; on The Void map it can.
        top = NB + 1 if self.board.void_cards else NB
        opts = [f"d{CARD_CODES[b]}" for b in sorted(set(self.display)) if b < top]
        if self.deck:
            opts.append("deck")
        return opts

    # ------------------------------------------------------------------ actions
    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.cur:
            return []
        key = (
            self.turn,
            self.phase,
            self.neutral,
            tuple(self.pending or ()),
            self.void_src,
            len(self.feat_queue),
            self.backs,
            sum(self.hands[self.cur]),
            len(self.deck),
            tuple(self.display),
        )
        if self.solo:
            return self._legal()
        if self._cache is not None and self._cache[0] == key:
            return list(self._cache[1])
        acts = self._legal()
        self._cache = (key, acts)
        return list(acts)

    def _legal(self) -> list[Action]:
        b = self.board
        hand = self.hands[self.cur]
        if self.solo:
            solo = self._solo_legal()
            if solo is not None:
                return solo
        acts: list[Action] = []
        if self.phase == "act":
            for t in self.playable_territories(self.tribe, hand):
                acts.append(Action(f"t{t + 1}", b.label[t], "territory"))
            if not self.neutral:
                for c in range(len(hand)):
                    if hand[c]:
                        acts.append(
                            Action(f"x{CARD_CODES[c]}", f"Discard a {card_name(c)} card and draw", "discard")
                        )
        elif self.phase == "pieces":
            t = self.pending[0]
            for pieces, cards, src in self._combos_now(t):
                if src is None:
                    aid, words = f"c{pieces}-{cards}", PIECE_WORDS[pieces]
                else:
                    where = "the Void" if src < 0 else b.short[src]
                    aid = f"c{pieces}-{cards}-{src + 1}"
                    words = PIECE_WORDS[pieces].replace("here", "").replace("Totem", f"Totem from {where}", 1)
                    words = words.replace("Move a ", "").strip()
                    if pieces[0] == "K":
                        a_, b_ = (b.short[x] for x in b.contested[src])
                        words = PIECE_WORDS[pieces].replace("Contested token", f"Contested token {a_}/{b_}")
                pay = f"pay {cards_text(cards)}" if cards else "free"
                acts.append(Action(aid, f"{words}: {pay}", "pieces"))
            if self.backs < MAX_BACKS:
                acts.append(Action("back", "Back: choose another territory", "back"))
        elif self.phase == "space":
            t, pieces, cards = self.pending
            for choice in self.space_choices(t, pieces, cards):
                names = [b.space_name[s] for s in choice]
                label = ("Tent spaces " if len(names) > 1 else "Tent space ") + " + ".join(names)
                if pieces[0] == "R":
                    label = f"Ruin {names[0]}" + (f" + Tent space {names[1]}" if len(names) > 1 else "")
                acts.append(Action("s" + "".join(names), label, "space"))
            if self.backs < MAX_BACKS:
                acts.append(Action("back", "Back: choose another territory", "back"))
        elif self.phase == "draw":
            for o in self.draw_options():
                if o == "deck":
                    acts.append(Action("deck", f"Draw from the deck ({len(self.deck)} left)", "draw"))
                else:
                    acts.append(
                        Action(o, f"Take {card_name(CARD_CODES.index(o[1]))} from the display", "draw")
                    )
        elif self.phase == "feat":
            kind, _tribe, options = self.feat_queue[0]
            for where in options:
                label = self._where_label(where)
                sep = " " if where[0] == "F" else " on "
                acts.append(Action(f"f{where}", f"{FEAT_NAMES[kind]} Feat{sep}{label}", "feat"))
            acts.append(
                Action("fskip", f"Do not place the {FEAT_NAMES[kind]} Feat (it leaves the game)", "feat")
            )
        return acts

    def _combos_now(self, t: int) -> list[tuple[str, str, int | None]]:
        if self.solo and self.stage == "free":
            return [(p, "", None) for p in self.piece_options(self.tribe, t) if p[0] in "TM"]
        return self.combos(self.tribe, t, self.hands[self.cur])

    def _where_label(self, where: str) -> str:
        if where[0] == "T":
            return self.board.label[int(where[1:]) - 1]
        if where[0] == "F":
            kind, _, at = self.feats[int(where[1:])]
            return f"beside the {FEAT_NAMES[kind]} Feat on {self._where_label(at)}"
        c = self.board.connections[self._conn_index(int(where[1:]))]
        return f"connection {c.number} ({self.board.short[c.a]}-{self.board.short[c.b]})"

    def _conn_index(self, number: int) -> int:
        for k, c in enumerate(self.board.connections):
            if c.number == number:
                return k
        raise KeyError(number)

    def prompt(self, seat: int) -> str:
        if self.over:
            return "The game is over."
        if seat != self.cur:
            return "Wait for your turn."
        solo = {
            "void": "Void action: play at least one remaining card for the Void (pieces, Void cards) or skip it",
            "free": "Your settlement earns a free action: choose a territory of the settlement, or skip",
            "ruin": "Infection: choose which of the closest tent spaces takes the Void Ruin",
            "vsettle": "The Void's settlement earns a free action: choose the territory (a tie)",
            "order": "Infection: choose which territory the Void infects first (it changes the result)",
            "move": "Choose the piece to move",
            "moveto": "Choose where the piece goes",
            "movespace": "Choose the tent space for the Tent you move",
        }
        if self.solo and self.phase in solo:
            return solo[self.phase] + "."
        if self.solo and self.phase == "act":
            return "Your action: choose a territory, discard a card, or move a piece with a card of a completely explored biome."
        if self.phase == "draw":
            need = HAND_SIZE - sum(self.hands[seat])
            if self.drafting:
                return f"Draft your starting hand: take {plural(need, 'more card', 'more cards')} from the display or the deck."
            return f"Refill your hand: take {plural(need, 'more card', 'more cards')} from the display or the deck."
        if self.phase == "act":
            if self.neutral:
                return "Play at least one of your remaining cards for the third tribe: choose a territory."
            return "Choose a territory to play up to 3 cards into, or discard a card and draw one."
        who = (" for the Void" if self.solo else " for the third tribe") if self.neutral else ""
        label = self.board.label[self.pending[0]] if self.pending else ""
        if self.phase == "pieces":
            return f"{label}: choose the pieces{who} and the cards that pay for them."
        if self.phase == "space":
            two = self.pending[1].count("T") == 2
            spaces, tents = ("the tent spaces", "2 Tents") if two else ("the tent space", "the Tent")
            return f"{label}: choose {spaces} for {tents}{who}."
        kind, tribe, _ = self.feat_queue[0]
        whose = "The third tribe earned" if tribe >= self.n else "You earned"
        return f"{whose} the {FEAT_NAMES[kind]} Feat: choose where to place it."

    def _do(self, seat: int, action_id: str) -> list[dict]:
        self._events = []
        self._cache = None
        a = action_id
        if self.solo and self._solo_do(seat, a):
            return self._events
        if a == "back":
            self.backs += 1
            self.pending = None
            self.void_src = None
            self.phase = {"void": "void", "free": "free"}.get(self.stage, "act") if self.solo else "act"
        elif self.phase in ("act", "void", "free") and a[0] == "t":
            self.pending = [int(a[1:]) - 1, None, None]
            self.phase = "pieces"
            options = self._combos_now(self.pending[0])
            if len(options) == 1:
                self._choose_combo(*options[0])
        elif self.phase == "act" and a[0] == "x":
            b = CARD_CODES.index(a[1])
            self._spend(CARD_CODES[b])
            self._log(f"{{p{seat}}} discards a {card_name(b)} card to draw a new one.", "discard")
            self._advance()
        elif self.phase == "pieces":
            parts = a[1:].split("-")
            self._choose_combo(parts[0], parts[1], int(parts[2]) - 1 if len(parts) > 2 else None)
        elif self.phase == "space":
            t = self.pending[0]
            size = len(self.board.space_name[self.board.spaces[t][0]])
            names = {a[i : i + size] for i in range(1, len(a), size)}
            chosen = [s for s in self.board.spaces[t] if self.board.space_name[s] in names]
            self._commit(chosen)
        elif self.phase == "draw":
            if a == "deck":
                self._draw_deck()
            else:
                self._take_display(CARD_CODES.index(a[1]))
            if self.solo:
                self._run()
            else:
                self._auto_draw()
        elif self.phase == "feat":
            self._place_feat(a[1:])
        return self._events

    # ------------------------------------------------------------------ turn flow
    def _log(self, text: str, type: str = "info", private_to: int | None = None, **data) -> None:
        self._events.append(event(text, type=type, private_to=private_to, **data))

    def _spend(self, cards: str) -> None:
        hand, known = self.hands[self.cur], self.known[self.cur]
        for code in cards:
            b = CARD_CODES.index(code)
            hand[b] -= 1
            self.discard[b] += 1
            # Only public facts: a card known to be held (taken face up) and then spent of its
            # colour lowers the count by one; which copy was spent is nobody else's business.
            known[b] = max(0, known[b] - 1)

    def _choose_combo(self, pieces: str, cards: str, src: int | None = None) -> None:
        self.pending = [self.pending[0], pieces, cards]
        self.void_src = src
        tents = pieces.count("T") + pieces.count("R")
        if tents == 0:
            self._commit([])
            return
        self.phase = "space"
        choices = self.space_choices(self.pending[0], pieces, cards)
        if len(choices) == 1:
            self._commit(list(choices[0]))

    def _commit(self, spaces: list[int]) -> None:
        t, pieces, cards = self.pending
        tribe = self.tribe
        b = self.board
        unexplored = not any(self.tent_counts(t))
        self._spend(cards)
        for s in spaces:
            if self.owner[s] == RUIN:
                self.ruins_kept[tribe] += 1
                opened = [c.number for k, c in enumerate(b.connections) if b.conn_ruin[k] == s]
                self._log(
                    f"{self._tribe_tag(tribe)} replaces the Ruin at {b.space_name[s]} and keeps it"
                    + (f": connection {opened[0]} is unlocked." if opened else "."),
                    "ruin",
                )
            self.owner[s] = tribe
            self.tents_left[tribe] -= 1
        if pieces[0] == "V":
            src = self.void_src
            if src < 0:
                self.void_pool -= 1
            else:
                self.void[src] -= 1
            self.void[t] += 1
            if self.solo:
                self.stack[t].append(self.n)
            where = "the Void" if src < 0 else b.label[src]
            self._log(f"{self._tribe_tag(tribe)} moves a Void Totem from {where} to {b.label[t]}.", "void")
            self.void_src = None
        if pieces[0] == "K":
            k = self.void_src  # the Contested token chosen (held where a Void Totem's source is)
            self.contested[k] = t
            self.contested_owner[k] = tribe
            self.tents_left[tribe] -= 1
            self.void_src = None
            x, y = (b.short[u] for u in b.contested[k])
            self._log(
                f"{self._tribe_tag(tribe)} moves the Contested token {x}/{y} into {b.label[t]} and flips it.",
                "contested",
            )
        if unexplored and len(pieces) == 2:
            # The Determination token was used: it passes to the right (the previous player).
            self.determination = (self.determination - 1) % self.n
            self._log(
                f"{{p{self.cur}}} uses the Determination token; it passes to {{p{self.determination}}}.",
                "determination",
            )
        totems = pieces.count("M")
        self.totems[t][tribe] += totems
        self.totems_left[tribe] -= totems
        if self.solo:
            self.stack[t] += [tribe] * totems
        what = []
        if spaces:
            what.append(
                f"{len(spaces)} Tent{'s' if len(spaces) > 1 else ''} ({', '.join(b.space_name[s] for s in spaces)})"
            )
        if pieces[0] == "K":
            what.append("1 Tent on the Contested token")
        if totems:
            what.append(f"{totems} Totem{'s' if totems > 1 else ''}")
        for_whom = (" for the Void" if self.solo else " for the third tribe") if self.neutral else ""
        paid = cards_text(cards) if cards else "a free settlement action"
        who = f"{{p{self.cur}}} plays {paid}" + for_whom
        self._log(f"{who}: {' and '.join(what)} in {b.label[t]}.", "place", territory=b.short[t])
        self.pending = None
        if self.solo:
            queued = len(self.vq)
            for s in spaces:
                self._after_tent(s, tribe)
            if b.key == "floating-lands" and self.stage == "player" and "T" in cards:
                self.vq.insert(len(self.vq) - queued, ["tundra", t])  # after the counting
            self._solo_after_commit()
            return
        if self.feat_kinds:
            self._check_feats(tribe, t, spaces, totems > 0, unexplored)
        if self.expeditions:
            self._check_expeditions(tribe)
        if self.tents_left[tribe] == 0 and not self.end_triggered:
            self.end_triggered = True
            whose = "The third tribe has" if tribe >= self.n else f"{{p{tribe}}} has"
            self._log(f"{whose} no Tents left: this round is the last.", "end")
        if self.feat_queue:
            self.phase = "feat"
        else:
            self._advance()

    def _advance(self) -> None:
        """After the own action, or the third tribe's, or a Feat: on to the next step."""
        if self.solo:
            self._solo_after_commit()
            return
        if not self.neutral and self.n == 2 and sum(self.hands[self.cur]) > 0:
            self.neutral = True
            self.tribe = 2
            if self.playable_territories(2, self.hands[self.cur]):
                self.phase = "act"
                return
            self._log(f"The third tribe cannot use any of {{p{self.cur}}}'s cards this turn.")
        self.neutral = False
        self.tribe = self.cur
        self.phase = "draw"
        self._auto_draw()

    def _auto_draw(self) -> None:
        """Refill the hand; a draw with only one possible source is made for the player."""
        hand = self.hands[self.cur]
        while sum(hand) < HAND_SIZE:
            opts = self.draw_options()
            if not opts:
                break
            if len(opts) > 1:
                self.phase = "draw"
                return
            if opts[0] == "deck":
                self._draw_deck()
            else:
                self._take_display(CARD_CODES.index(opts[0][1]))
        self._refill_display()
        if self.drafting:
            self.drafting.pop(0)
            if self.drafting:
                self.cur = self.tribe = self.drafting[0]
                self._auto_draw()
                return
            self.cur = -1  # the first player starts below
        self._end_turn()

    def _draw_deck(self) -> None:
        c = self.deck.pop()
        self.hands[self.cur][c] += 1
        self._log(f"{{p{self.cur}}} draws a card from the deck.", "draw")
        self._log(f"You drew a {card_name(c)} card.", "draw", private_to=self.cur, card=card_name(c))
        self._check_exhausted()

    def _take_display(self, b: int) -> None:
        self.display.remove(b)
        self.hands[self.cur][b] += 1
        self.known[self.cur][b] += 1
        self._log(f"{{p{self.cur}}} takes a {card_name(b)} card from the display.", "draw")

    def _refill_display(self) -> None:
        new = []
        while len(self.display) < DISPLAY_SIZE and self.deck:
            c = self.deck.pop()
            self.display.append(c)
            new.append(card_name(c))
            self._check_exhausted()
        self.display.sort()
        if new:
            self._log(f"The display is refilled: {', '.join(new)}.", "display")

    def _check_exhausted(self) -> None:
        if self.deck or self.solo:
            return
        self.exhaustions += 1
        if self.exhaustions == 1:
            self._log("The deck is exhausted: half journey scoring (Tents).", "scoring")
            gained = self._score_tents(multiply=False)
            for x, g in enumerate(gained):
                self.breakdown["half"][x] += g
                self.score[x] += g
            self._log("Half journey: " + self._points_text(gained) + ".", "scoring", points=gained)
            self.deck = [b for b in range(len(self.discard)) for _ in range(self.discard[b])]
            self.discard = [0] * len(self.discard)
            self.rng.shuffle(self.deck)
            if not self.deck:
                self._check_exhausted()
        elif self.exhaustions == 2:
            self.end_triggered = True
            self._log("The deck is exhausted a second time: this round is the last.", "end")

    def _points_text(self, points: list[int]) -> str:
        return ", ".join(f"{self._tribe_tag(x)} {p}" for x, p in enumerate(points))

    def _tribe_tag(self, x: int) -> str:
        return "third tribe" if x >= self.n else f"{{p{x}}}"

    def _end_turn(self) -> None:
        while True:
            if self.end_triggered and self.cur == self.n - 1:
                self._game_end()
                return
            self.cur = (self.cur + 1) % self.n
            self.turn += 1
            self.tribe = self.cur
            self.neutral = False
            self.backs = 0
            self.pending = None
            self.phase = "act"
            if sum(self.hands[self.cur]) > 0:
                return
            self._log(f"{{p{self.cur}}} has no cards and passes.", "pass")

    # ------------------------------------------------------------------ feats
    def _check_feats(
        self, tribe: int, t: int, spaces: list[int], totem: bool, explored: bool = False
    ) -> None:
        """Feats earned by this placement (``explored``: it explored territory t)."""
        b = self.board
        claims = self.claims
        kinds = self.feat_kinds
        discovery = claims["discovery"]
        if (
            "discovery" in kinds
            and spaces
            and all(self.owner[s] >= 0 for s in b.spaces[t])
            and len(discovery) < FEAT_PAWNS["discovery"]
            and tribe not in discovery
        ):
            # The turn's Tent(s) filled the last Tent space of the territory.
            discovery.append(tribe)
            self.feat_queue.append(
                ["discovery", tribe, [f"T{i + 1}" for i in range(b.num_territories) if i != t]]
            )
        if (
            "union" in kinds
            and spaces
            and len(claims["union"]) < FEAT_PAWNS["union"]
            and tribe not in claims["union"]
        ):
            new = set(spaces)
            terrs = sorted(
                {b.space_terr[s] for g in settlements(b, self.owner, tribe) if new.intersection(g) for s in g}
            )
            if terrs:
                claims["union"].append(tribe)
                self.feat_queue.append(["union", tribe, [f"T{i + 1}" for i in terrs]])
        if totem:
            for kind, water in (("honour", False), ("respect", True)):
                if kind not in kinds or len(claims[kind]) >= FEAT_PAWNS[kind]:
                    continue
                options = []
                for k in b.terr_connections[t]:
                    c = b.connections[k]
                    open_ = c.water == water and k not in self.mountains and not self.conn_blocked(k)
                    if open_ and tribe in totem_holders(self.totems[c.a], self.totems[c.b]):
                        options.append(f"C{c.number}")
                if options:
                    claims[kind].append(tribe)
                    self.feat_queue.append([kind, tribe, sorted(options, key=lambda o: int(o[1:]))])
        if (
            self.opts["courage"]
            and not claims["courage"]
            and explored
            and all(any(self.tent_counts(u)) for u in range(b.num_territories))
        ):
            # This Tent explored the last unexplored territory of the map.
            claims["courage"].append(tribe)
            self.feat_queue.append(["courage", tribe, []])
        for kind, tr, _ in self.feat_queue:
            self._log(f"{self._tribe_tag(tr)} earns the {FEAT_NAMES[kind]} Feat.", "feat", feat=kind)
        self._settle_queue()

    def _settle_queue(self) -> None:
        """Courage goes beside a Feat already on the map (chosen when its turn comes), else it is discarded."""
        while self.feat_queue and self.feat_queue[0][0] == "courage":
            cancelled = self.cancelled_feats()
            options = [f"F{i}" for i, f in enumerate(self.feats) if f[0] != "courage" and i not in cancelled]
            if options:
                self.feat_queue[0][2] = options
                return
            self.feat_queue.pop(0)
            self._log(
                "There is no Feat on the map to place the Courage Feat beside: it is discarded.", "feat"
            )

    def _check_expeditions(self, tribe: int) -> None:
        for card in self.expeditions:
            mission, achievers = card
            if len(achievers) >= len(EXPEDITION_POINTS) or tribe in achievers:
                continue
            if self.mission_done(tribe, EXPEDITIONS[mission]):
                pts = EXPEDITION_POINTS[len(achievers)]
                achievers.append(tribe)
                self.score[tribe] += pts
                self.breakdown["expeditions"][tribe] += pts
                gone = " The card leaves the game." if len(achievers) == len(EXPEDITION_POINTS) else ""
                self._log(
                    f"{self._tribe_tag(tribe)} completes Expedition {EXPEDITIONS[mission]['id']} "
                    f"({mission_text(EXPEDITIONS[mission])}): {pts} points.{gone}",
                    "expedition",
                    points=pts,
                )

    def mission_done(self, tribe: int, m: dict) -> bool:
        b = self.board
        kind, need = m["kind"], m["count"]
        if kind in ("tents_biome", "tents_all"):
            per = [0] * NB
            for s, o in enumerate(self.owner):
                if o == tribe:
                    per[b.biome[b.space_terr[s]]] += 1
            return per[m["biome"]] >= need if kind == "tents_biome" else min(per) >= need
        if kind in ("totems_biome", "totems_all"):
            per = [0] * NB
            for t, on in enumerate(self.totems):
                per[b.biome[t]] += on[tribe]
            return per[m["biome"]] >= need if kind == "totems_biome" else min(per) >= need
        if kind == "tent_majority":
            held = 0
            for t in range(b.num_territories):
                c = self.tent_counts(t)
                held += c[tribe] > 0 and c[tribe] == max(c)
            return held >= need
        if kind == "totem_majority":
            return sum(1 for on in self.totems if on[tribe] > 0 and on[tribe] == max(on)) >= need
        if kind == "settlement":
            return any(len(g) >= need for g in settlements(b, self.owner, tribe))
        if kind == "crossings":
            return sum(1 for s in b.crossings if self.owner[s] == tribe) >= need
        raise ValueError(kind)

    def _place_feat(self, where: str) -> None:
        kind, tribe, _ = self.feat_queue.pop(0)
        if where == "skip":
            self._log(f"The {FEAT_NAMES[kind]} Feat is not placed and leaves the game.", "feat")
        else:
            sep = " " if where[0] == "F" else " on "
            self._log(
                f"{{p{self.cur}}} places the {FEAT_NAMES[kind]} Feat{sep}{self._where_label(where)}.", "feat"
            )
            self.feats.append([kind, tribe, where])
        self._settle_queue()
        if not self.feat_queue:
            if self.ending:
                self._final_scoring()
            else:
                self._advance()

    def cancelled_feats(self) -> set[int]:
        """Indices of the Feats whose multiplier a Courage Feat cancels."""
        return {int(w[1:]) for kind, _, w in self.feats if kind == "courage"}

    def _feat_count(self, tag: str) -> int:
        cancelled = self.cancelled_feats()
        return sum(1 for i, (kind, _, w) in enumerate(self.feats) if w == tag and i not in cancelled)

    def territory_multiplier(self, t: int) -> int:
        return FEAT_MULTIPLIER[self._feat_count(f"T{t + 1}")]

    def connection_multiplier(self, k: int) -> int:
        return FEAT_MULTIPLIER[self._feat_count(f"C{self.board.connections[k].number}")]

    # ------------------------------------------------------------------ worship (end of the game)
    def worship_leader(self) -> int | None:
        """The tribe that earns the Worship Feat at the end (None on a tie or nobody)."""
        variant = self.opts["worship"]
        if variant == "dead-ends":
            counts = [0] * self.num_tribes
            for s in self.board.dead_ends:
                if self.owner[s] >= 0:
                    counts[self.owner[s]] += 1
        elif variant == "golden":
            counts = [sum(self.totems[t][x] for t in self.golden) for x in range(self.num_tribes)]
        elif variant == "contested":
            counts = [0] * self.num_tribes
            for k, where in enumerate(self.contested):
                if where >= 0:
                    counts[self.contested_owner[k]] += 1
        else:
            return None
        best = max(counts)
        if best == 0 or counts.count(best) > 1:
            return None
        return counts.index(best)

    def _game_end(self) -> None:
        variant = self.opts["worship"]
        if variant != "none" and not self.ending:
            self.ending = True
            leader = self.worship_leader()
            if leader is None:
                self._log("Nobody holds the Worship majority alone: the Worship Feat is discarded.", "feat")
            else:
                b = self.board
                if variant == "dead-ends":
                    options = [f"T{t + 1}" for t in range(b.num_territories)]
                elif variant == "contested":
                    # A contested territory holding one of the leader's Tents (on a token).
                    options = [
                        f"T{t + 1}"
                        for t in sorted(
                            {w for k, w in enumerate(self.contested) if self.contested_owner[k] == leader}
                        )
                    ]
                else:
                    options = [
                        f"C{c.number}"
                        for k, c in enumerate(b.connections)
                        if k not in self.mountains and not self.conn_blocked(k)
                    ]
                self.claims["worship"].append(leader)
                self.feat_queue.append(["worship", leader, options])
                self._log(f"{self._tribe_tag(leader)} earns the Worship Feat.", "feat", feat="worship")
                if leader < self.n:
                    self.cur = leader
                self.tribe = leader
                self.neutral = leader >= self.n
                self.pending = None
                self.phase = "feat"
                return
        self._final_scoring()

    # ------------------------------------------------------------------ scoring
    def _score_tents(self, multiply: bool) -> list[int]:
        total = [0] * self.num_tribes
        for t in range(self.board.num_territories):
            m = self.territory_multiplier(t) if multiply else 1
            for x, p in enumerate(tent_points(self.tent_counts(t))):
                total[x] += p * m
        return total

    def _score_totems(self) -> list[int]:
        total = [0] * self.num_tribes
        for k, c in enumerate(self.board.connections):
            if k in self.mountains or self.conn_blocked(k):
                continue
            holders = totem_holders(self.totems[c.a], self.totems[c.b])
            if holders:
                # Every Totem in both territories counts, Void Totems included.
                on = sum(self.totems[c.a]) + sum(self.totems[c.b]) + self.void[c.a] + self.void[c.b]
                pts = on * self.connection_multiplier(k)
                for x in holders:
                    total[x] += pts
        return total

    def _score_settlements(self) -> list[int]:
        return [sum(len(g) for g in settlements(self.board, self.owner, x)) for x in range(self.num_tribes)]

    def _score_purple_road(self) -> list[int]:
        """The Long Road: the Tents on the purple road are scored as if it were a territory."""
        counts = [0] * self.num_tribes
        for s in self.board.purple_road:
            if self.owner[s] >= 0:
                counts[self.owner[s]] += 1
        return tent_points(counts)

    def _final_scoring(self) -> None:
        tents = self._score_tents(multiply=True)
        if self.board.purple_road:
            road = self._score_purple_road()
            self._log("The purple road, scored as a territory: " + self._points_text(road) + ".", "scoring")
            tents = [a + r for a, r in zip(tents, road, strict=True)]
        parts = {
            "tents": tents,
            "totems": self._score_totems(),
            "settlements": self._score_settlements(),
        }
        if self.board.ruin_spaces:
            parts["ruins"] = list(self.ruins_kept)  # each Ruin kept is worth 1 point
        for name, pts in parts.items():
            for x, p in enumerate(pts):
                self.breakdown[name][x] += p
                self.score[x] += p
            self._log(f"End of the journey, {name}: " + self._points_text(pts) + ".", "scoring", points=pts)
        self.over = True
        self.phase = "over"
        self.pending = None
        keys = [(self.score[x], self.unused_pieces(x)) for x in range(self.num_tribes)]
        best_seat = max(keys[: self.n])
        if self.num_tribes > self.n and keys[self.n] > best_seat:
            # The shared third tribe won: both players lose.
            self.neutral_won = True
            self.result = []
            self._log("The third tribe wins: both players lose.", "end")
        else:
            self.result = [x for x in range(self.n) if keys[x] == best_seat]
            self._log("Winner: " + " and ".join(f"{{p{x}}}" for x in self.result) + ".", "end")

    # ------------------------------------------------------------------ invariants, hidden info
    def check_invariants(self) -> None:
        total = card_total(self.n, self.mode, self.board.void_cards)
        if self.solo:
            where = (
                self.deck.count(VOID_CARD) + self.display.count(VOID_CARD) + self.void_row + self.void_aside
            )
            held = sum(h[VOID_CARD] for h in self.hands)
            assert where + held == VOID_CARDS, "Void cards lost or made up"
            assert all(h[VOID_CARD] >= 0 for h in self.hands)
            assert len(self.claimed) == self.board.num_territories
            for t, on in enumerate(self.totems):
                want = [on[x] + (self.void[t] if x == self.n else 0) for x in range(self.num_tribes)]
                assert [self.stack[t].count(x) for x in range(self.num_tribes)] == want, f"T{t + 1} stack"
            assert sum(self.score) == sum(self.breakdown["territories"])
            assert not self.over or all(c >= 0 for c in self.claimed), (
                "a finished game counts every territory"
            )
            for t, c in enumerate(self.claimed):
                full = not self.free_spaces(t) and self.explored(t)
                assert c >= 0 or not full or ["count", t] in self.vq, f"T{t + 1} full but not counted"
        for b in range(len(total)):
            held = sum(h[b] for h in self.hands)
            seen = self.deck.count(b) + self.display.count(b) + held + self.discard[b]
            assert seen == total[b], f"{card_name(b)} cards: {seen} != {total[b]}"
            assert all(h[b] >= 0 for h in self.hands)
            assert all(0 <= k[b] <= h[b] for k, h in zip(self.known, self.hands, strict=True))
        placed = [0] * (self.num_tribes + 1)
        for o in self.owner:
            if o >= 0:
                placed[o] += 1
        for k, where in enumerate(self.contested):
            assert (where < 0) == (self.contested_owner[k] < 0), "a Contested token without its Tent"
            assert where < 0 or where in self.board.contested[k], "a Contested token moved off its border"
            if where >= 0:
                placed[self.contested_owner[k]] += 1
        assert self.determination < self.n
        b = self.board
        if not self.solo:
            left = sum(1 for s in b.ruin_spaces if self.owner[s] == RUIN)
            assert left + sum(self.ruins_kept) == len(b.ruin_spaces), "Ruins lost or made up"
            assert all(self.owner[s] != RUIN for s in range(b.num_spaces) if b.ruin_icon[s] < 0)
            assert all(self.owner[s] != -1 for s in b.ruin_spaces), "a purple circle left empty"
        for x in range(self.num_tribes):
            void = self.solo and x == self.n
            assert placed[x] + self.tents_left[x] == (VOID_RUINS if void else TENTS_PER_TRIBE), (
                f"tribe {x} tents"
            )
            on = sum(t[x] for t in self.totems)
            if void:
                on += self.void_pool + sum(self.void)  # The Uncharted Paths: the Void's Totems
            assert on + self.totems_left[x] == (VOID_TOTEM_PIECES if void else TOTEMS_PER_TRIBE), (
                f"tribe {x} totems"
            )
            assert self.tents_left[x] >= 0 and self.totems_left[x] >= 0
        for t, on in enumerate(self.totems):
            if any(on) or self.void[t]:
                assert sum(on) + self.void[t] <= max(self.tent_counts(t)), f"totem limit broken in T{t + 1}"
        assert self.solo or self.void_pool + sum(self.void) == b.void_totems
        assert min(self.void, default=0) >= 0
        assert len(self.display) <= DISPLAY_SIZE
        for t, on in enumerate(self.totems):
            assert self.board.totems_allowed[t] or not any(on), f"Totem on T{t + 1}, where none may stand"
        for _mission, achievers in self.expeditions:
            assert len(achievers) <= len(EXPEDITION_POINTS) and len(set(achievers)) == len(achievers)
        assert sum(self.breakdown["expeditions"]) == sum(
            sum(EXPEDITION_POINTS[: len(a)]) for _, a in self.expeditions
        )
        assert sum(self.score) == sum(sum(v) for v in self.breakdown.values())
        if not self.over:
            assert all(sum(h) <= HAND_SIZE for h in self.hands)

    def determinize(self, seat: int, seed: int) -> IwariState:
        clone = IwariState(self.to_json())
        pool = list(clone.deck)
        for s in range(self.n):
            if s != seat:
                for b in range(len(clone.hands[s])):
                    pool += [b] * (clone.hands[s][b] - clone.known[s][b])
        pool.sort()
        rng = Rng(seed)
        rng.shuffle(pool)
        for s in range(self.n):
            if s != seat:
                hidden = sum(clone.hands[s]) - sum(clone.known[s])
                clone.hands[s] = list(clone.known[s])
                for _ in range(hidden):
                    clone.hands[s][pool.pop()] += 1
        clone.deck = pool
        clone.rng = rng
        if clone.cur != seat and clone.phase in ("pieces", "space") and self.solo:
            clone.pending = None
            clone.phase = {"void": "void", "free": "free"}.get(clone.stage, "act")
            clone.neutral = clone.stage == "void"
            clone.tribe = clone.n if clone.neutral else clone.cur
            if clone.phase != "free" and not clone._solo_legal():
                clone.phase = "act"
                clone.stage, clone.neutral, clone.tribe = "player", False, clone.cur
        elif clone.cur != seat and clone.phase in ("pieces", "space"):
            # Another seat's half-chosen play depends on cards this seat cannot see.
            clone.pending = None
            clone.void_src = None
            clone.phase = "act"
            if clone.neutral and not clone.playable_territories(2, clone.hands[clone.cur]):
                clone.neutral = False
                clone.tribe = clone.cur
                clone.phase = "draw"
                clone._auto_draw()
        clone._events = []
        return clone

    def _feats_left(self) -> dict:
        left = {k: FEAT_PAWNS[k] - len(self.claims[k]) for k in self.feat_kinds}
        if self.opts["courage"]:
            left["courage"] = 1 - len(self.claims["courage"])
        if self.opts["worship"] != "none":
            left["worship"] = 0 if self.ending else 1
        return left

    def view(self, seat: int | None) -> dict:
        b = self.board
        territories = []
        for t in range(b.num_territories):
            territories.append(
                {
                    "id": t + 1,
                    "name": b.short[t],
                    "label": b.label[t],
                    "biome": BIOME_NAMES[b.biome[t]],
                    "tents": [self.owner[s] if self.owner[s] >= 0 else None for s in b.spaces[t]],
                    "spaces": [b.space_name[s] for s in b.spaces[t]],
                    "totems": list(self.totems[t]),
                    "totem_limit": max(self.tent_counts(t)),
                    "multiplier": self.territory_multiplier(t),
                    "totems_allowed": b.totems_allowed[t],
                    "golden": t in self.golden,
                    "void_totems": self.void[t],
                    "ruins": {
                        b.space_name[s]: BIOME_NAMES[b.ruin_icon[s]]
                        for s in b.spaces[t]
                        if self.owner[s] == RUIN
                    },
                }
            )
        v: dict = {
            "game": "iwari",
            "seat": seat,
            "num_players": self.n,
            "to_act": self.to_act(),
            "scores": self.scores(),
            "over": self.over,
            "winners": self.winners(),
            "neutral_won": self.neutral_won,
            "map": b.key,
            "map_name": b.name,
            "tribes": self.num_tribes,
            "neutral": self.n if self.num_tribes > self.n else None,
            "tribe_scores": list(self.score),
            "breakdown": {k: list(v) for k, v in self.breakdown.items()},
            "tents_left": list(self.tents_left),
            "totems_left": list(self.totems_left),
            "territories": territories,
            "connections": [
                {
                    "number": c.number,
                    "a": b.short[c.a],
                    "b": b.short[c.b],
                    "water": c.water,
                    "symbol": c.mountain,
                    "mountain": k in self.mountains,
                    "multiplier": self.connection_multiplier(k),
                    "blocked": self.conn_blocked(k),
                }
                for k, c in enumerate(b.connections)
            ],
            "feats_option": bool(self.feat_kinds),
            "feat_kinds": list(self.feat_kinds),
            "feats": [
                {"kind": k, "tribe": x, "where": w, "cancelled": i in self.cancelled_feats()}
                for i, (k, x, w) in enumerate(self.feats)
            ],
            "courage": self.opts["courage"],
            "worship": self.opts["worship"],
            "golden": [b.short[t] for t in self.golden],
            "purple_road": [b.space_name[s] for s in b.purple_road],
            "connection_roads": b.connection_roads,
            "ruins_kept": list(self.ruins_kept) if b.ruin_spaces else None,
            "void_pool": self.void_pool if b.void_totems else None,
            "expeditions": [
                {
                    "id": EXPEDITIONS[m]["id"],
                    "text": mission_text(EXPEDITIONS[m]),
                    "points": list(EXPEDITION_POINTS),
                    "achievers": list(a),
                    "removed": len(a) >= len(EXPEDITION_POINTS),
                }
                for m, a in self.expeditions
            ],
            "feats_left": self._feats_left(),
            "display": [card_name(c) for c in self.display],
            "deck": len(self.deck),
            "discard": {card_name(c): self.discard[c] for c in range(len(self.discard))},
            "contested": [
                {
                    "id": k + 1,
                    "between": [b.short[x] for x in pair],
                    "territory": b.short[self.contested[k]] if self.contested[k] >= 0 else None,
                    "tribe": self.contested_owner[k] if self.contested[k] >= 0 else None,
                }
                for k, pair in enumerate(b.contested)
            ],
            "determination": self.determination if self.determination >= 0 else None,
            "hand_sizes": [sum(h) for h in self.hands],
            "hands_known": [{card_name(c): k[c] for c in range(len(k)) if k[c]} for k in self.known],
            "journey": 1 if self.exhaustions == 0 else 2,
            "final_round": self.end_triggered and not self.over,
            "current": None if self.over else self.cur,
            "phase": self.phase,
            "third_tribe_turn": self.neutral and not self.over,
            "drafting": bool(self.drafting),
            # A territory chosen mid-turn is tentative (the player may go back): only the
            # player's own view shows it until the pieces are placed. An Infection's tie is public.
            "pending_territory": (
                b.short[self.pending[0]]
                if self.pending
                and (self.phase == "ruin" or (self.phase in ("pieces", "space") and seat == self.cur))
                else None
            ),
            "mode": self.mode,
        }
        if self.solo:
            c = b.connections[self.pawn]
            v.update(
                {
                    "void": self.n,
                    "neutral": self.n,
                    "void_target": self.target,
                    "difficulty": self.opts["difficulty"],
                    "claimed": [None if x < 0 else ("void" if x else "players") for x in self.claimed],
                    "void_territories": sum(1 for x in self.claimed if x == 1),
                    "player_territories": sum(1 for x in self.claimed if x == 0),
                    "void_pawn": c.number,
                    "void_row": self.void_row,
                    "void_aside": self.void_aside,
                    "void_stage": self.stage,
                    "laid_down": [b.space_name[s] for s in sorted(self.used)],
                    "infect_order": [b.short[t] for t in self.pending] if self.phase == "order" else None,
                    "void_won": self.neutral_won,
                    "end_reason": self.end_reason or None,
                }
            )
        if seat is not None and 0 <= seat < self.n:
            hand = self.hands[seat]
            v["hand"] = {card_name(c): hand[c] for c in range(len(hand)) if hand[c]}
            if seat == self.cur and self.phase in ("moveto", "movespace"):
                kind, src = self.pending[:2]
                v["moving"] = b.space_name[src] if kind == "T" else b.short[src]
            if seat == self.cur and self.phase == "ruin":
                v["ruin_choices"] = [b.space_name[s] for s in self.ruin_candidates(self.pending)]
            if seat == self.cur and self.pending and self.phase in ("pieces", "space"):
                v["pending"] = {
                    "territory": b.short[self.pending[0]],
                    "pieces": self.pending[1],
                    "cards": cards_text(self.pending[2]) if self.pending[2] else None,
                }
                if self.phase == "space":
                    v["pending"]["free_spaces"] = [b.space_name[s] for s in self.free_spaces(self.pending[0])]
            if seat == self.cur and self.phase == "feat":
                kind, tribe, options = self.feat_queue[0]
                v["feat_choice"] = {"kind": kind, "tribe": tribe, "options": list(options)}
        return v


def mission_text(m: dict) -> str:
    kind, k = m["kind"], m["count"]
    biome = BIOME_NAMES[m["biome"]] if "biome" in m else ""
    return {
        "tents_biome": f"{k} Tents in {biome} territories",
        "tents_all": f"{k} Tent in each of the 5 biomes",
        "tent_majority": f"Tent majority in {k} territories",
        "totems_biome": f"{k} Totems in {biome} territories",
        "totems_all": f"{k} Totem in each of the 5 biomes",
        "totem_majority": f"Totem majority in {k} territories",
        "settlement": f"A settlement of {k}+ Tents",
        "crossings": f"{k} Tents on road crossings",
    }[kind]


def sorted_cards(cards: str) -> str:
    return "".join(sorted(cards, key=CARD_CODES.index))
