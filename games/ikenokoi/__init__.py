"""Ike No Koi (Multivers, 2020): gather the finest Koi collection by pushing your luck.

Rules: /work/shared/rules/ike-no-koi.md; stand-in data and rulings in ``data`` and
``state``. Action ids: draw, stop, lotus, order:keep|swap, take:<river index>,
bamboo:<zone>, bridge:<a>-<b>, exchange:s<seat>:z<zone>, exchange:skip, give:z<zone>.
"""

from __future__ import annotations

from games.base import Game
from games.ikenokoi.state import IkeNoKoiState
from games.text import T


def _new(num_players: int, seed: int, options: dict) -> IkeNoKoiState:
    return IkeNoKoiState.new(num_players, seed, options)


GAME = Game(
    key="ikenokoi",
    title="Ike No Koi",
    player_counts=range(2, 6),
    options={},
    _new=_new,
    _load=IkeNoKoiState.from_json,
    blurb=T("collect koi with calculated risks, drawing from the pond."),
    setups=((3, {}), (2, {}), (5, {})),
)
IkeNoKoiState.game = GAME

__all__ = ["GAME", "IkeNoKoiState"]
