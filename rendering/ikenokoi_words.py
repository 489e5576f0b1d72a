"""Ike No Koi in words: the alt text of its pictures (``describe``), the line beside the board
(``glance``) and the facts of a seat's private panel (``facts``). They read only the view they are
given, so a public text cannot hold a secret (see rendering/alt.py and rendering/facts.py)."""

from __future__ import annotations

from games.base import plural
from rendering.common import header, player_name


def _river(view: dict) -> str:
    """Ike No Koi's river in words: "Koi 8, Lotus", or "empty"."""
    return ", ".join(f"Koi {k}" if str(k).isdigit() else k for k in view.get("river", [])) or "empty"


def describe(view: dict, names: list[str] | None) -> list[str]:
    parts = header("Ike No Koi", view, names)
    parts.append(f"Turn {view.get('turn', 0)}. River: {_river(view)}.")
    parts.append(f"Pond: {plural(view.get('pond_size', 0), 'card')}; pool: {view.get('pool_size', 0)}.")
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
        f"{player_name(names, seat)}'s secret, {plural(p['score']['secret'] or 0, 'lotus', 'lotus')}: "
        + p["challenge"]["text"]
        for seat, p in enumerate(view.get("players", []))
        if view.get("over") and p.get("challenge")
    ]
    parts += secrets
    for seat, p in enumerate(view.get("players", [])):
        koi = [
            v if z["koi"] == 1 else f"{v}×{z['koi']}" for v, z in p.get("zones", {}).items() if z.get("koi")
        ]
        line = f"{player_name(names, seat)}: {plural(p.get('koi_cards', 0), 'Koi', 'Koi')}"
        if koi:
            line += " (" + ", ".join(koi) + ")"
        extras = []
        if p.get("lanterns"):
            extras.append(plural(p["lanterns"], "lantern"))
        if p.get("lotus"):
            extras.append(plural(p["lotus"], "lotus flower", "lotus flowers"))
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


def glance(view: dict) -> str:
    return f"River: {_river(view)} · pond {view.get('pond_size', 0)} · pool {view.get('pool_size', 0)}"


def facts(view: dict, names: list[str] | None) -> list[str]:
    me = view.get("seat")
    lines = []
    secret = view.get("secret_challenge")
    if secret:
        worth = view.get("secret_points")
        # The game counts its points in lotus, as the rules and the pictures do.
        now = f" Worth {worth} lotus if the game ended now." if worth is not None else ""
        lines.append(f"**Your secret challenge:** {secret['text']}{now}")
    common = view.get("common_challenge")
    if common:
        lines.append(f"**Common challenge:** {common['text']}")
    river = f"**River:** {_river(view)}"
    if view.get("drawn"):
        river += f" (drawn this turn: {', '.join(map(str, view['drawn']))})"
    lines.append(river + f" · pond {view.get('pond_size', 0)} cards")
    if view.get("pool"):
        lines.append("**Pool you see:** " + ", ".join(map(str, view["pool"])))
    if view.get("peek"):
        lines.append("**You peeked at:** " + ", ".join(map(str, view["peek"])))
    players = view.get("players", [])
    if me is not None and me < len(players):
        p = players[me]
        koi = [
            (f"{v}" if z["koi"] == 1 else f"{v}×{z['koi']}" if z["koi"] else f"{v}: bamboo only")
            + (" +bamboo" if z.get("bamboo") and z["koi"] else "")
            for v, z in p.get("zones", {}).items()
            if z.get("koi") or z.get("bamboo")
        ]
        holds = f"**Your pond:** {', '.join(koi) or 'no Koi yet'}"
        extras = []
        if p.get("tokens"):
            extras.append("honour tokens " + ", ".join(map(str, p["tokens"])))
        if p.get("lotus"):
            extras.append(plural(p["lotus"], "lotus flower", "lotus flowers"))
        if p.get("lanterns"):
            extras.append(plural(p["lanterns"], "lantern"))
        lines.append(holds + ("; " + ", ".join(extras) if extras else ""))
    # Who leads each variety, and what its honour token is worth: who to overtake, what to keep.
    values = view.get("token_values") or {}
    held: dict[int, list[str]] = {}
    for variety, seat in (view.get("leaders") or {}).items():
        if seat is not None:
            held.setdefault(seat, []).append(f"{variety} ({values.get(variety, 0)} lotus)")
    if held:
        order = sorted(held, key=lambda s: (s != me, s))
        lines.append(
            "**Honour tokens:** "
            + "; ".join(f"{'you' if s == me else player_name(names, s)}: {', '.join(held[s])}" for s in order)
        )
    return lines
