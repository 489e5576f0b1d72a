"""The engine contract: value types, errors and the base classes every game uses.

See ``../shared/design/engine-contract.md``. Nothing here imports discord,
asyncio, Pillow or a database: engines are pure.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.text import L, N, T

JSON = Any


class IllegalAction(ValueError):
    """An action that is not legal for that seat now. The message is shown to a person."""


class IllegalSetup(ValueError):
    """A player count or option combination the rules forbid. The message is shown to a person."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision a seat may take now.

    ``id`` goes into button custom_ids and the action log (ASCII, <= 80 chars),
    ``label`` is what a person reads (<= 80 chars), ``group`` names the question
    it answers so a UI can put one group in one menu or row. The groups "back"
    and "undo" only walk around inside a compound turn: AI search ignores them.
    Labels and prompts may name players as ``{p0}``, ``{p1}``..., like events. A label, a prompt
    and a refusal's text are messages (games/text.py ``T``, ``N``, ``P``, ``L``): their value is
    the English, and the bot says them in each reader's language.
    """

    id: str
    label: str
    group: str = "action"

    def __post_init__(self) -> None:
        if not self.id or len(self.id) > 80 or not self.id.isascii() or " " in self.id:
            raise ValueError(f"bad action id {self.id!r}")
        if len(self.label) > 80:
            raise ValueError(f"label too long: {self.label!r}")


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``: the count with its noun in the right form (``many`` if irregular).

    English only: for logs, the CLI and ids. Words a person reads say a count with ``N`` (games/text.py),
    which each language puts in its own plural form."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def event(text: str, type: str = "info", private_to: int | None = None, **data: JSON) -> dict:
    """Build a log event.

    ``text`` is one line for people, a message (``T``, ``N``, ``P``, ``L`` of games/text.py: its
    value is the English, and the bot says it in each reader's language); players are written as
    ``{p0}``, ``{p1}``... and the bot replaces them with names. An event carrying private
    information sets ``private_to`` to the only seat that may see it.
    """
    ev: dict = {"type": type, "text": text, **data}
    if private_to is not None:
        ev["private_to"] = private_to
    return ev


class GameState(ABC):
    """A game in progress. Subclasses implement the abstract methods and ``_do``.

    ``apply`` is the checked path for users: it refuses anything not in
    ``legal_actions(seat)`` and leaves the state unchanged. ``_do`` is the
    fast, unchecked path that AI search may call with a known-legal id.
    """

    game: ClassVar[Game]

    @abstractmethod
    def to_act(self) -> list[int]: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def prompt(self, seat: int) -> str: ...

    @abstractmethod
    def _do(self, seat: int, action_id: str) -> list[dict]:
        """Apply a legal action; return events. Called only with legal ids."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def view(self, seat: int | None) -> dict: ...

    @abstractmethod
    def to_json(self) -> dict: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def apply(self, seat: int, action_id: str) -> list[dict]:
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise IllegalAction(T("You have no seat in this game."))
        if self.is_over():
            raise IllegalAction(T("The game is over."))
        if seat not in self.to_act():
            raise IllegalAction(T("It is not your turn."))
        legal = {a.id for a in self.legal_actions(seat)}
        if not isinstance(action_id, str) or action_id not in legal:
            raise IllegalAction(T("That move is not available any more."))
        mark = self._hidden_mark()
        events = self._do(seat, action_id)
        if mark is not None:
            # A step that drew, turned up, shuffled or rolled anything changes the mark; one that
            # told a seat something privately carries a private event. Either cannot be taken back.
            clean = mark == self._hidden_mark() and not any("private_to" in e for e in events)
            if not clean:
                self._undo_seat = None
            elif len(legal) > 1:
                self._undo_seat = seat
            # A step without a choice (the seat's only legal action, which the service takes at
            # once) is nobody's decision: it leaves the Undo of the last decision as it was, so
            # the seat that decided may take it back with the steps that followed it.
        return events

    # Undo (optional). An engine that supports it returns from ``_hidden_mark`` a value that
    # changes whenever a step reveals anything (the sizes of its face-down piles, its RNG state,
    # which seats may look at a hidden pile: whatever ``view(seat)`` shows that ``view(None)``
    # hides) and keeps ``_undo_seat`` in its ``to_json``. tests/contract.py checks every undoable
    # step of its random games against the world re-dealt for the seat. Only the checked path (``apply``) records it:
    # the service, replays and forced steps go through it; AI search's ``_do`` does not need it.
    _undo_seat: int | None = None

    def _hidden_mark(self) -> Any:
        """None (no undo), or a value that changes whenever a step reveals something."""
        return None

    def undoable(self, seat: int) -> bool:
        """True when ``seat`` took the last decision (a step with a choice; steps without one,
        which the service takes at once, may follow it), nothing since revealed anything (no
        card drawn or turned face up, nothing told to a seat privately, no random event) and the
        game goes on. The service may then take that decision back, with the steps that followed
        it, by rebuilding the state from seed and log without them: within the seat's turn, or
        the step that ended it while nobody else has decided since. ``seat`` need not be to act."""
        return self._undo_seat == seat and self._hidden_mark() is not None and not self.is_over()

    def score_parts(self) -> list[list[tuple[str, int]]] | None:
        """Optional: once the game is over, each seat's final score in the game's own scoring parts,
        as (words, points) pairs in the order the rules count them, adding up to ``scores()[seat]``
        (a part may be 0). Shown to everyone under the result, so public information only. None
        (the default, and before the end): the totals are all there is to say."""
        return None

    def check_invariants(self) -> None:  # noqa: B027 - optional hook, not abstract
        """Raise AssertionError if a conservation law is broken (cards, pieces...).

        The conformance tests call it after every step. Override per game.
        """

    def determinize(self, seat: int, seed: int) -> GameState:
        """A copy in which everything ``seat`` cannot see is drawn again at random.

        For AI search over hidden information. Collect the cards (or tiles...)
        that ``seat`` cannot see (face-down deck, other seats' hands and secret
        cards, face-down pools), sort them canonically, shuffle them with
        ``Rng(seed)`` and deal them back into the same hidden places; also
        replace the state's RNG with ``Rng(seed)`` so future chance is not the
        true one. The result must not depend on the true arrangement of the
        hidden cards, only on what ``view(seat)`` shows. A game with no hidden
        information returns a copy with a fresh RNG.
        """
        raise NotImplementedError(f"{self.game.key} does not support determinize yet")

    def estimate(self) -> list[float] | None:
        """Optional: a heuristic reward of every seat for this unfinished game, or None.

        For AI search: on the scale of a finished game's reward (about 0 for a sure loss, 1 for
        a sure win), from the state as it stands. A game whose random playouts say little (a
        long co-operative game against an automaton, where random play always loses) returns
        an estimate; the search then stops its playouts early and backs this up instead. It is
        called on worlds dealt by ``determinize``, so it may read the whole state. None (the
        default): playouts run to the end.
        """
        return None

    # Optional hooks, each with its default here: the bot and the AI call them on every state.

    @property
    def solo(self) -> bool:
        """True when the seats play together against the game (Iwari's solo and co-op against the
        Void): a resignation is then the side's loss and nobody at the table wins (bot/service/seats.py).
        Default False: the seats play against each other."""
        return False

    def policy(self, seat: int, seed: int) -> str | None:
        """Optional: the game's own choice for ``seat`` (an action id), or None to let the AI's
        planner judge the moves (games/ai/plan.py, which asks first). For a position where the game
        knows how to play better than a generic search (Iwari solo and co-op: its careful player).
        It must read the state only through ``determinize(seat, seed)``, like any AI: what the seat
        cannot see stays unknown. Default None."""
        return None

    def plan_continues(self) -> bool:
        """Optional: True when, after this step, the seat to act decides again within the same turn
        with nothing hidden coming out before it (Iwari solo: the Void's action after the player's,
        a move's steps): the planner (games/ai/plan.py) then judges a move by the best next one.
        Default False: a move is judged where it ends."""
        return False

    def copy(self) -> GameState:
        return self.game.load_state(json.loads(json.dumps(self.to_json())))


@dataclass(frozen=True)
class Choice:
    """One value of an option as a person picks it: its label ("The Vast Lands", a message: ``T`` or
    ``P``), and ``key``, the value as a slash command's choice sends it when the value is not a
    string (``True``: "all")."""

    value: JSON
    label: str
    key: str = ""

    @property
    def sent(self) -> str | int | float:
        return self.key or self.value


@dataclass(frozen=True)
class Game:
    """A game's metadata and its two entry points (``new_state``, ``load_state``).

    The metadata is all the bot needs to offer the game: its command group (``/<key> new`` with
    one parameter per option, described by ``option_help``, its values named by ``option_choices``;
    ``/<key> rules``) and its line of ``/help`` are built from it (cogs/games.py)."""

    key: str
    title: str
    player_counts: Sequence[int]
    options: dict[str, list[JSON]]
    _new: Callable[[int, int, dict], GameState] = field(repr=False)
    _load: Callable[[dict], GameState] = field(repr=False)
    # Human descriptions of each option, for slash-command help (at most 100 characters). Like the
    # blurb, the player counts' words, the summary and the choices' labels: messages (``T``/``P``),
    # said in the reader's language at the edge.
    option_help: dict[str, str] = field(default_factory=dict)
    # The values a person picks from, with their names, in the order offered, for an option that
    # is not on/off (a [False, True] option is a yes/no parameter). Values not listed (an old
    # match's) are still loaded, just not offered.
    option_choices: dict[str, list[Choice]] = field(default_factory=dict)
    # What the game is, one line for /help ("tribes settle a new land.").
    blurb: str = ""
    # The player counts as /help says them (default "2-4"), and the command group's description
    # (default "Play Iki (2-4 players)"), where the rules say more than a range.
    players_help: str = ""
    summary: str = ""
    # The set-ups tests and benches play, as (player count, options), the usual one first: each
    # player count, and the options that change the game most. Not every legal combination (Iwari
    # has thousands): tests/test_contract.py's random games cover those. Default: every player count
    # the default options allow.
    setups: tuple[tuple[int, dict], ...] = ()
    # Action groups that only look around (Kigi's look at another tree, whose spots the picture then
    # shows), besides "back" and "undo": bot/merge.py never joins them to another step.
    navigation: frozenset[str] = frozenset()
    # The module that declares how the bot shows the game (its ``PRESENTATION``): by default
    # ``rendering.<key>``. Engines stay pure: this is a name, imported by ``rendering`` only.
    presentation: str = ""

    def usual_setups(self) -> list[tuple[int, dict]]:
        """The set-ups to play in tests and benches, the usual one first (``setups``)."""
        return list(self.setups) or [(n, {}) for n in self.counts_for({})]

    def usual_setup(self) -> tuple[int, dict]:
        """The game as it is usually played: (player count, options)."""
        return self.usual_setups()[0]

    def players_words(self) -> str:
        """The player counts as /help says them: "2-4", or the game's own ``players_help``."""
        return self.players_help or f"{min(self.player_counts)}-{max(self.player_counts)}"

    def summary_words(self) -> str:
        """The description of the game's command group: "Play Iki (2-4 players)"."""
        return self.summary or T(
            "Play {game} ({players} players)", game=self.title, players=self.players_words()
        )

    def option_word(self, name: str, options: dict) -> str | None:
        """How the lobby names option ``name`` when it depends on the others (Iwari: the
        territories the Void needs at a level, on the chosen map); None: its choice's name."""
        return None

    def normalise_options(self, options: dict | None) -> dict:
        """Fill defaults and refuse unknown names or values with IllegalSetup."""
        options = dict(options or {})
        out = {}
        for name, allowed in self.options.items():
            value = options.pop(name, allowed[0])
            if value not in allowed:
                shown = L([str(v) for v in allowed])
                raise IllegalSetup(T("Option {name} must be one of: {values}.", name=name, values=shown))
            out[name] = value
        if options:
            raise IllegalSetup(
                N(
                    "Unknown option: {names}.",
                    "Unknown options: {names}.",
                    len(options),
                    names=L(sorted(options)),
                )
            )
        return out

    def _legal_setup(self, num_players: int, options: dict) -> bool:
        try:
            self.new_state(num_players, 0, options)
        except IllegalSetup:
            return False
        return True

    def counts_for(self, options: dict | None = None) -> list[int]:
        """The player counts these options allow (the rules' refusals decide: IllegalSetup)."""
        options = self.normalise_options(options)
        return [n for n in self.player_counts if self._legal_setup(n, options)]

    def options_that_apply(self, options: dict | None = None) -> list[str]:
        """The options that mean something with the others as chosen: more than one value of it is
        allowed for some player count, or it is set to a value other than its default. (An Iwari
        versus game has no difficulty; a solo one no Feats.)"""
        options = self.normalise_options(options)
        out = []
        for name, allowed in self.options.items():
            if options[name] != allowed[0]:
                out.append(name)
                continue
            legal = 0
            for value in allowed:
                trial = dict(options, **{name: value})
                if any(self._legal_setup(n, trial) for n in self.player_counts):
                    legal += 1
                    if legal > 1:
                        out.append(name)
                        break
        return out

    def new_state(self, num_players: int, seed: int, options: dict | None = None) -> GameState:
        if num_players not in self.player_counts:
            lo, hi = min(self.player_counts), max(self.player_counts)
            raise IllegalSetup(
                T(
                    "{game} is played by {lo} to {hi} players, not {n}.",
                    game=self.title,
                    lo=lo,
                    hi=hi,
                    n=num_players,
                )
            )
        return self._new(num_players, int(seed), self.normalise_options(options))

    def load_state(self, data: dict) -> GameState:
        return self._load(data)
