"""Iwari's state, declared once: every saved field with how it is copied and its value at the
start of a game, and ``migrate`` for saves of earlier versions.

``IwariState`` (state.py) reads and writes its fields from this table (``load``, ``save``);
the set-up (setup.py) deals what is dealt and leaves the rest to ``complete``, which also fills
what a save of an earlier version lacks. A field's start is a function of the save or set-up so
far (``Start``): the fields before it in the table, the player count, the mode and the board.
A new field gets a line here, with the start an older save takes it at; a change that is not a
new field raises ``SAVE_VERSION`` and converts older saves in ``migrate``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.iwari.board import Board, get_board
from games.iwari.common import NB, RUIN
from games.iwari.data import FEAT_PAWNS, TENTS_PER_TRIBE, TOTEMS_PER_TRIBE, VOID_RUINS, VOID_TOTEM_PIECES
from games.rng import Rng

# 1: the version stamp itself (saves without one are version 0: any field added since the first
# release may be absent, and the options added with the expansions and solo/co-op).
SAVE_VERSION = 1
# Options added after the first release, at the value a match saved before them was played with.
LATER_OPTIONS = {"expeditions": False, "courage": False, "worship": "none", "mode": "versus", "difficulty": 0}
SCORE_PARTS = ("half", "tents", "totems", "settlements", "expeditions")


@dataclass(frozen=True, slots=True)
class Start:
    """What a field's start depends on: the fields before it, and the board of the map."""

    data: dict
    board: Board

    @property
    def n(self) -> int:
        return self.data["n"]

    @property
    def solo(self) -> bool:
        return self.data["opts"]["mode"] != "versus"

    @property
    def tribes(self) -> int:
        """The players' tribes, and the third tribe (versus with 2) or the Void (solo/co-op)."""
        return self.n + 1 if self.solo or self.n == 2 else self.n

    @property
    def ruins(self) -> tuple[int, ...] | list[int]:
        """The purple circles a Void Ruin starts on (Forgotten Island, versus; the Void lays its
        own Ruins in solo/co-op)."""
        return () if self.solo else self.board.ruin_spaces

    @property
    def territories(self) -> int:
        return self.board.num_territories


def _stack(c: Start) -> list[list[int]]:
    """Solo/co-op: each territory's Totems bottom to top (the Void's, also those moved off the
    purple territory, are tribe n), for additional rule 4; a save from before it stacks the
    players' Totems under the Void's."""
    if not c.solo:
        return []
    n = c.n
    return [
        [x for x in range(n) for _ in range(on[x])] + [n] * (on[n] + v)
        for on, v in zip(c.data["totems"], c.data["void"], strict=True)
    ]


def _pieces(players: int, void: int) -> Callable[[Start], list[int]]:
    return lambda c: [players] * c.n + [void if c.solo else players] * (c.tribes - c.n)


# How a field is copied in and out (besides a value as it is, ``list`` and ``dict``).
def _value(v: Any) -> Any:
    return v


def _lists(v: list) -> list[list]:
    return [list(x) for x in v]


def _dict_of_lists(v: dict) -> dict[str, list]:
    return {k: list(x) for k, x in v.items()}


def _list_or_none(v: list | None) -> list | None:
    return None if v is None else list(v)


def _last_listed(v: list) -> list[list]:
    """Rows whose last item is a list: Feats to place [kind, tribe, places], Expeditions
    [mission, achievers]."""
    return [[*x[:-1], list(x[-1])] for x in v]


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    start: Callable[[Start], Any] | None  # None: the set-up always deals it
    load: Callable[[Any], Any] = _value  # its JSON into the state, copied
    save: Callable[[Any], Any] | None = None  # the state's value into JSON (None: as ``load``)
    attr: str = ""  # the state's attribute, when it is not the name


FIELDS: tuple[Field, ...] = (
    Field("n", None),
    Field("opts", None, dict),
    Field("rng", None, Rng.from_json, Rng.to_json),
    Field("deck", None, list),  # face down, drawn from the end
    Field("display", None, list),
    Field("hands", None, _lists),  # per seat, a count per card kind
    Field("known", lambda c: [[0] * len(h) for h in c.data["hands"]], _lists),  # taken face up
    Field("discard", lambda c: [0] * (NB + 1 if c.board.void_cards else NB), list),
    Field("owner", lambda c: [RUIN if s in c.ruins else -1 for s in range(c.board.num_spaces)], list),
    # Per territory, the Totems of each tribe.
    Field("totems", lambda c: [[0] * c.tribes for _ in range(c.territories)], _lists),
    Field("tents_left", _pieces(TENTS_PER_TRIBE, VOID_RUINS), list),
    Field("totems_left", _pieces(TOTEMS_PER_TRIBE, VOID_TOTEM_PIECES), list),
    Field("score", lambda c: [0] * c.tribes, list),
    Field(
        "breakdown",
        lambda c: {
            k: [0] * c.tribes
            for k in (
                *SCORE_PARTS,
                *(["territories"] if c.solo else []),
                *(["ruins"] if c.ruins else []),
            )
        },
        _dict_of_lists,
    ),
    Field("mountains", lambda c: [], list),  # the connections with a mountain
    Field("exhaustions", lambda c: 0),
    Field("end_triggered", lambda c: False),
    Field("over", lambda c: False),
    Field("cur", lambda c: 0),
    Field("phase", lambda c: "act"),
    Field("tribe", lambda c: 0),  # the tribe the current play is for
    Field("neutral", lambda c: False),  # the third tribe's (or the Void's) play
    Field("pending", lambda c: None, _list_or_none),  # the play in progress
    Field("backs", lambda c: 0),
    Field("drafting", lambda c: [], list),  # the seats still to draft, in order
    Field("feat_queue", lambda c: [], _last_listed),
    Field("feats", lambda c: [], _lists),
    Field("claims", lambda c: {k: [] for k in (*FEAT_PAWNS, "courage", "worship")}, _dict_of_lists),
    Field("result", lambda c: [], list),
    Field("neutral_won", lambda c: False),
    Field("turn", lambda c: 0),
    # Expansions.
    Field("expeditions", lambda c: [], _last_listed),  # [mission, achievers]
    Field("golden", lambda c: [], list),  # Worship Golden tokens' territories
    Field("ending", lambda c: False),
    Field("ruins_kept", lambda c: [0] * c.tribes, list),
    Field("void", lambda c: [0] * c.territories, list),  # Void Totems per territory
    Field("void_pool", lambda c: 0),  # Void Totems on the purple territory
    Field("void_src", lambda c: None),  # where the pending Void Totem comes from
    # Solo / co-op.
    Field("target", lambda c: 0),  # the territories the Void needs
    Field("claimed", lambda c: [-1] * c.territories if c.solo else [], list),  # -1, 0 players, 1 Void
    Field("pawn", lambda c: 0),  # index of the connection under the Void pawn
    Field("void_row", lambda c: 0),  # Void cards played above the display
    Field("void_aside", lambda c: 0),  # Void cards beside the board
    Field("vq", lambda c: [], _lists),
    Field("used", lambda c: [], list),  # tent spaces laid on the side
    Field("stage", lambda c: "player"),
    Field("free_terrs", lambda c: [], list),
    Field("free_group", lambda c: [], list),
    Field("move_card", lambda c: -1),
    Field("stack", _stack, _lists),
    Field("end_reason", lambda c: ""),  # solo/co-op: why the game ended
    # The Void map: per Contested token the territory it was moved into (-1: not yet) and the
    # tribe whose Tent is on it; the seat holding the Determination token (-1: none).
    Field("contested", lambda c: [-1] * len(c.board.contested), list),
    Field("contested_owner", lambda c: [-1] * len(c.board.contested), list),
    Field("determination", lambda c: c.n - 1 if c.board.contested else -1),  # the last player
    Field("undo_seat", lambda c: None, attr="_undo_seat"),  # Undo
)


# ``load(state, data)`` and ``save(state)``, written from the table as plain code, the way
# dataclasses writes ``__init__``: the AI copies states by the thousand (``IwariState.copy``).
_INLINE = {
    _value: "{}",
    list: "list({})",
    dict: "dict({})",
    _lists: "[list(x) for x in {}]",
    _dict_of_lists: "{{k: list(x) for k, x in {}.items()}}",
}


def _code(copy: Callable[[Any], Any], arg: str, names: dict) -> str:
    if copy in _INLINE:
        return _INLINE[copy].format(arg)
    names[f"_{copy.__name__}"] = copy
    return f"_{copy.__name__}({arg})"


def _function(name: str, args: str, body: list[str], names: dict) -> Callable:
    exec(f"def {name}({args}):\n" + "\n".join(f"    {line}" for line in body), names)
    return names[name]


def _writers() -> tuple[Callable[[Any, dict], None], Callable[[Any], dict]]:
    names: dict = {}
    load = [f"self.{f.attr or f.name} = {_code(f.load, f'data[{f.name!r}]', names)}" for f in FIELDS]
    save = [f"{f.name!r}: {_code(f.save or f.load, f'self.{f.attr or f.name}', names)}," for f in FIELDS]
    return (
        _function("load", "self, data", load, names),
        _function("save", "self", ["return {", *save, f"'save_version': {SAVE_VERSION},", "}"], names),
    )


load, save = _writers()


def complete(data: dict) -> dict:
    """Fill every field absent from ``data`` (a set-up's deal, or a save of version 0) with its
    start, in the table's order; stamp the version. Changes ``data`` (not the dicts it holds)."""
    data["opts"] = opts = dict(data["opts"])
    for k, v in LATER_OPTIONS.items():
        opts.setdefault(k, v)
    c = Start(data, get_board(data["opts"]["map"]))
    for f in FIELDS:
        if f.name not in data:
            data[f.name] = f.start(c)
    data["breakdown"] = breakdown = dict(data["breakdown"])
    breakdown.setdefault("expeditions", [0] * len(data["score"]))
    data["claims"] = claims = dict(data["claims"])
    for k in ("courage", "worship"):
        claims.setdefault(k, [])
    data["save_version"] = SAVE_VERSION
    return data


def migrate(data: dict) -> dict:
    """A save of any version as one of ``SAVE_VERSION`` (the same dict when it is one already)."""
    version = data.get("save_version", 0)
    if version == SAVE_VERSION:
        return data
    if version > SAVE_VERSION:
        raise ValueError(f"An Iwari match saved by a newer version ({version}) of the bot.")
    return complete(dict(data))
