"""Alt text of pictures: what a picture shows, in words, for screen readers.

``describe(game_key, view, names)`` writes a short description of the picture
``render`` draws from the same view: whose turn it is, the scores and the few
public facts a turn decides on (the river, the display, the row of characters,
the map). It reads only the view, so a public picture's text cannot hold a
secret either; a private view's text mentions that player's own hand.
Discord keeps at most ``LIMIT`` characters of an attachment's description.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rendering.common import player_name

LIMIT = 1024


def _names(names: list[str] | None, seats) -> str:
    return " and ".join(player_name(names, s) for s in seats)


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _counts(counter: dict) -> str:
    return ", ".join(f"{n} {k}" for k, n in counter.items() if n) or "none"


def _header(title: str, view: dict, names: list[str] | None, scores: list | None = None) -> list[str]:
    """Who looks, whose turn (or who won) and the scores: the same first sentences for every game."""
    seat = view.get("seat")
    parts = [f"{title} board" + ("." if seat is None else f", as {_names(names, [seat])} sees it.")]
    n = view.get("num_players", len(view.get("scores", [])))
    if view.get("over"):
        winners = view.get("winners") or []
        parts.append("Game over. " + (f"Winner: {_names(names, winners)}." if winners else "Nobody won."))
    elif view.get("to_act"):
        parts.append(f"Turn of {_names(names, view['to_act'])}.")
    scores = scores if scores is not None else view.get("scores", [])
    if scores:
        parts.append(
            "Scores: "
            + ", ".join(f"{player_name(names, s)} {scores[s]}" for s in range(min(n, len(scores))))
            + "."
        )
    return parts


# -- one describer per game


def _ikenokoi(view: dict, names: list[str] | None) -> list[str]:
    parts = _header("Ike No Koi", view, names)
    parts.append(f"Turn {view.get('turn', 0)}. River: {_river(view)}.")
    parts.append(f"Pond: {_plural(view.get('pond_size', 0), 'card')}; pool: {view.get('pool_size', 0)}.")
    leaders = view.get("leaders", {})
    led = [f"{v} by {player_name(names, s)}" for v, s in leaders.items() if s is not None]
    if led:
        parts.append("Honour tokens led: " + ", ".join(led) + ".")
    common = view.get("common_challenge")
    if common:
        parts.append(f"Common challenge: {common['text']}")
    # At the end the secret challenges are public: each whole, before the ponds (a long text is cut
    # at its end).
    secrets = [
        f"{player_name(names, seat)}'s secret, {_plural(p['score']['secret'] or 0, 'lotus', 'lotus')}: "
        + p["challenge"]["text"]
        for seat, p in enumerate(view.get("players", []))
        if view.get("over") and p.get("challenge")
    ]
    parts += secrets
    for seat, p in enumerate(view.get("players", [])):
        koi = [
            v if z["koi"] == 1 else f"{v}×{z['koi']}" for v, z in p.get("zones", {}).items() if z.get("koi")
        ]
        line = f"{player_name(names, seat)}: {_plural(p.get('koi_cards', 0), 'Koi', 'Koi')}"
        if koi:
            line += " (" + ", ".join(koi) + ")"
        extras = []
        if p.get("lanterns"):
            extras.append(_plural(p["lanterns"], "lantern"))
        if p.get("lotus"):
            extras.append(_plural(p["lotus"], "lotus flower", "lotus flowers"))
        if p.get("tokens"):
            extras.append("tokens " + ", ".join(map(str, p["tokens"])))
        parts.append(line + (", " + ", ".join(extras) if extras else "") + ".")
    secret = view.get("secret_challenge")
    if secret:
        parts.append(f"Your secret challenge: {secret['text']}")
    pool = view.get("pool")
    if pool:
        parts.append("Pool you see: " + ", ".join(pool) + ".")
    return parts


def _iki(view: dict, names: list[str] | None) -> list[str]:
    players = view.get("players", [])
    parts = _header("Iki", view, names)
    parts.append(f"Month {view.get('month', '?')}, season {view.get('season', '?')}.")
    row = view.get("row", [])
    if row:
        parts.append("Characters for hire: " + ", ".join(f"{c['name']} ({c['cost']} mon)" for c in row) + ".")
    fire = view.get("calendar", {}).get("next_fire")
    if fire:
        parts.append(f"Next fire: month {fire[0]}, strength {fire[1]}.")
    owned = Counter(s["owner"] for s in view.get("stalls", []) if s.get("owner") is not None)
    for seat, p in enumerate(players):
        goods = _counts({k: p.get(k, 0) for k in ("mon", "rice", "wood", "koban", "sandal")})
        parts.append(
            f"{player_name(names, seat)}: {p.get('iki', 0)} iki, {goods}, "
            f"{_plural(owned.get(seat, 0), 'character')} in the nagaya, firefighting {p.get('ff', 0)}."
        )
    return parts


def _iwari(view: dict, names: list[str] | None) -> list[str]:
    parts = _header("Iwari", view, names)
    if view.get("void") is not None:
        if view.get("over"):
            parts[1:2] = [f"Game over. {void_outcome(view)}"]
        else:
            parts.append(void_standing(view) + ".")
    journey = f"journey {view.get('journey', '?')}" + (", the final round" if view.get("final_round") else "")
    parts.append(f"Map {view.get('map_name', view.get('map', '?'))}, {journey}.")
    display = view.get("display") or []
    if display:
        parts.append("Display: " + ", ".join(display) + f". Deck: {_plural(view.get('deck', 0), 'card')}.")
    majorities = []
    for t in view.get("territories", []):
        tents = Counter(x for x in t.get("tents", []) if x is not None)
        if tents:
            best = max(tents.values())
            leaders = [tribe_name(view, names, s) for s, c in tents.items() if c == best]
            label = t.get("label", t.get("name"))
            if len(leaders) == 1:
                majorities.append(f"{label} {leaders[0]} ({best})")
            else:
                majorities.append(f"{label} tied ({best} each)")
    if majorities:
        parts.append("Most tents: " + "; ".join(majorities) + ".")
    tents_left = view.get("tents_left", [])
    for seat in range(min(view.get("num_players", 0), len(tents_left))):
        line = f"{player_name(names, seat)}: {tents_left[seat]} tents and {view['totems_left'][seat]} totems left"
        sizes = view.get("hand_sizes") or []
        if seat < len(sizes):
            line += f", {_plural(sizes[seat], 'card')} in hand"
        parts.append(line + ".")
    hand = view.get("hand")
    if hand:
        parts.append("Your hand: " + _counts(hand) + ".")
    return parts


def tribe_name(view: dict, names: list[str] | None, tribe) -> str:
    """An Iwari tribe by name: a seat's player, the Void (solo, co-op) or the third tribe (2 players)."""
    if not isinstance(tribe, int):
        return "the Void"
    if view.get("void") is not None and tribe == view["void"]:
        return "the Void"
    if view.get("neutral") is not None and tribe == view["neutral"]:
        return "the third tribe"
    return player_name(names, tribe)


def void_standing(view: dict) -> str:
    """Iwari solo and co-op: "The Void: 2 of the 3 territories it needs" ("" in a versus game)."""
    if view.get("void") is None:
        return ""
    target = view.get("void_target", 0)
    return f"The Void: {view.get('void_territories', 0)} of the {_plural(target, 'territory', 'territories')} it needs"


def void_outcome(view: dict) -> str:
    """Iwari solo and co-op, over: who won and why, "The Void wins: it controlled 3 territories (it
    needed 3)" or "You win: the Void controlled 2 territories (it needed 3)" ("" otherwise)."""
    if view.get("void") is None or not view.get("over"):
        return ""
    held = _plural(view.get("void_territories", 0), "territory", "territories")
    target = view.get("void_target", 0)
    if view.get("void_won"):
        why = view.get("void_won_by") or f"it controlled {held} (it needed {target})"
        return f"The Void wins: {why}."
    you = "You both win" if view.get("num_players", 1) > 1 else "You win"
    return f"{you}: the Void controlled {held} (it needed {target})."


def _kigi_card(c: dict) -> str:
    """A display or pending card in words: its features, or a commission's text."""
    if c.get("kind") == "commission":
        return f"commission {c.get('text', c.get('id', '?'))}"
    feats = c.get("features") or {}
    return " ".join(k if n == 1 else f"{n} {k}" for k, n in feats.items()) or c.get("id", "?")


def _river(view: dict) -> str:
    """Ike No Koi's river in words: "Koi 8, Lotus", or "empty"."""
    return ", ".join(f"Koi {k}" if str(k).isdigit() else k for k in view.get("river", [])) or "empty"


def _kigi(view: dict, names: list[str] | None) -> list[str]:
    parts = _header("Kigi", view, names)
    display = view.get("display", [])
    if display:
        parts.append("Display: " + "; ".join(_kigi_card(c) for c in display) + ".")
    parts.append(f"Deck: {_plural(view.get('deck_size', 0), 'card')}.")
    for tree in view.get("trees", []):
        stats = tree.get("stats", {})
        parts.append(
            f"{player_name(names, tree['owner'])}'s tree: {_plural(stats.get('cards', 0), 'card')}, "
            f"{_plural(stats.get('flowers', 0), 'flower')}, {_plural(stats.get('bugs', 0), 'bug')}, "
            f"{_plural(stats.get('branches', 0), 'branch', 'branches')}."
        )
    pending = view.get("pending")
    if pending and pending.get("card"):
        parts.append(f"{player_name(names, pending['seat'])} places the card {_kigi_card(pending['card'])}.")
    return parts


# -- the one line a board message shows under its picture: what a turn decides on, readable on a
# phone, where the picture is about 400 px wide and its small text needs a tap.


def _ikenokoi_glance(view: dict) -> str:
    return f"River: {_river(view)} · pond {view.get('pond_size', 0)} · pool {view.get('pool_size', 0)}"


def _iki_glance(view: dict) -> str:
    row = ", ".join(f"{c['name']} ({c['cost']} mon)" for c in view.get("row", []))
    line = f"Month {view.get('month', '?')}" + (f" · For hire: {row}" if row else "")
    fire = view.get("calendar", {}).get("next_fire")
    return line + (f" · next fire: month {fire[0]}, strength {fire[1]}" if fire else "")


def _iwari_glance(view: dict) -> str:
    display = ", ".join(view.get("display") or []) or "empty"
    line = f"Display: {display} · deck {view.get('deck', 0)} · journey {view.get('journey', '?')}"
    standing = void_standing(view)
    return f"**{standing}** · {line}" if standing else line


def _kigi_glance(view: dict) -> str:
    display = "; ".join(_kigi_card(c) for c in view.get("display", [])) or "empty"
    return f"Display: {display} · deck {view.get('deck_size', 0)}"


GLANCES: dict[str, Callable[[dict], str]] = {
    "ikenokoi": _ikenokoi_glance,
    "iki": _iki_glance,
    "iwari": _iwari_glance,
    "kigi": _kigi_glance,
}


def glance(game_key: str, view: dict) -> str:
    """One short line of the public facts a turn decides on (the river, the display, the row), for
    the text beside the picture; empty when the game is over or has none."""
    line = GLANCES.get(game_key)
    return "" if line is None or view.get("over") else clip(line(view), 300)


DESCRIBERS: dict[str, Callable[[dict, list[str] | None], list[str]]] = {
    "ikenokoi": _ikenokoi,
    "iki": _iki,
    "iwari": _iwari,
    "kigi": _kigi,
}


# -- where a match stands and how it ended, in one sentence, for the games that need more than the
# scores (Iwari solo and co-op: the Void's territories against its target).
STANDINGS: dict[str, Callable[[dict], str]] = {"iwari": void_standing}
OUTCOMES: dict[str, Callable[[dict], str]] = {"iwari": void_outcome}


def standing(game_key: str, view: dict) -> str:
    """What the scores do not say of a match under way ("The Void: 2 of the 3 territories it
    needs"), or ""."""
    line = STANDINGS.get(game_key)
    return "" if line is None or view.get("over") else line(view)


def outcome(game_key: str, view: dict) -> str:
    """Who won a finished match and why, where the winners' names do not say it ("The Void wins:
    it controlled 3 territories (it needed 3)."), or ""."""
    line = OUTCOMES.get(game_key)
    return "" if line is None else line(view)


def clip(text: str, limit: int = LIMIT) -> str:
    """At most ``limit`` characters, cut at a sentence or word with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit - 1)
    return text[: cut if cut > limit // 2 else limit - 1].rstrip(" ,;") + "…"


def describe(game_key: str, view: dict, names: list[str] | None = None) -> str:
    """The alt text of ``render(game_key, view, names)``: at most ``LIMIT`` characters."""
    describer = DESCRIBERS.get(game_key)
    parts = describer(view, names) if describer else _header(game_key, view, names)
    return clip(" ".join(p for p in parts if p))
