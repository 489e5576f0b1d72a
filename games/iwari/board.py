"""A map side turned into index tables the rules use (built once per map, immutable)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.iwari.data import BIOME_NAMES, BIOMES, ROAD_CROSSING_ROADS
from games.iwari.maps import MAPS
from games.text import T


@dataclass(frozen=True)
class Connection:
    number: int
    a: int  # territory index
    b: int
    water: bool
    mountain: int  # symbol 1..4, 0 for none


@dataclass(frozen=True)
class Board:
    key: str
    name: str
    biome: tuple[int, ...]  # per territory index
    label: tuple[str, ...]  # "T7 Forest"
    short: tuple[str, ...]  # "T7"
    spaces: tuple[tuple[int, ...], ...]  # per territory: global tent space indices
    space_terr: tuple[int, ...]
    space_name: tuple[str, ...]  # "7c"
    roads: tuple[tuple[int, ...], ...]  # per space: neighbour spaces
    connections: tuple[Connection, ...]
    terr_connections: tuple[tuple[int, ...], ...]  # per territory: indices into connections
    # Map rules of the Maps Atlas (defaults: the base game).
    totems_allowed: tuple[bool, ...] = ()  # per territory (Floating Lands: none on Tundra)
    conn_links: tuple[tuple[int, int] | None, ...] = ()  # per connection: the tent spaces it joins
    connection_roads: bool = False  # connections also act as roads (settlements)
    purple_road: tuple[int, ...] = ()  # tent spaces of The Long Road's purple road
    mountains: bool = True  # whether the map uses mountains
    dead_ends: tuple[int, ...] = ()  # tent spaces at the end of a road (one road only)
    crossings: tuple[int, ...] = ()  # tent spaces joining 3+ roads
    # Forgotten Island: per connection the purple tent space holding a Ruin (-1: none); per
    # tent space the biome whose two cards unlock its Ruin (-1: not a purple circle).
    conn_ruin: tuple[int, ...] = ()
    ruin_icon: tuple[int, ...] = ()
    void_totems: int = 0  # The Uncharted Paths: Void Totems starting on the purple territory
    # The Void: the Void cards are in the Biome deck; Contested tokens, each between two
    # territories (indices) of different biomes.
    void_cards: bool = False
    contested: tuple[tuple[int, int], ...] = ()
    tokens_at: tuple[tuple[int, ...], ...] = ()  # per territory: the Contested tokens beside it

    @property
    def ruin_spaces(self) -> tuple[int, ...]:
        return tuple(s for s, icon in enumerate(self.ruin_icon) if icon >= 0)

    @property
    def num_territories(self) -> int:
        return len(self.biome)

    @property
    def num_spaces(self) -> int:
        return len(self.space_terr)


@cache
def get_board(key: str) -> Board:
    mod = MAPS[key]
    biome, label, short, spaces, space_terr, space_name = [], [], [], [], [], []
    index_of_id = {}
    for i, t in enumerate(mod.TERRITORIES):
        index_of_id[t["id"]] = i
        b = BIOMES.index(t["biome"])
        biome.append(b)
        short.append(f"T{t['id']}")
        # TRANSLATORS: a territory: its number on the map (T7) and its biome
        label.append(T("{territory} {biome}", territory=short[-1], biome=BIOME_NAMES[b]))
        ids = []
        for j in range(len(t["spaces"])):
            ids.append(len(space_terr))
            space_terr.append(i)
            space_name.append(f"{t['id']}{'abcdefghij'[j]}")
        spaces.append(tuple(ids))
    by_name = {n: s for s, n in enumerate(space_name)}
    roads: list[list[int]] = [[] for _ in space_terr]
    for x, y in mod.ROADS:
        roads[by_name[x]].append(by_name[y])
        roads[by_name[y]].append(by_name[x])
    conns = []
    links: list[tuple[int, int] | None] = []
    connection_roads = bool(getattr(mod, "CONNECTION_ROADS", False))
    terr_conns: list[list[int]] = [[] for _ in biome]
    for k, c in enumerate(sorted(mod.CONNECTIONS, key=lambda c: c["n"])):
        a, b = index_of_id[c["a"]], index_of_id[c["b"]]
        conns.append(Connection(c["n"], a, b, bool(c["water"]), int(c["mountain"])))
        terr_conns[a].append(k)
        terr_conns[b].append(k)
        link = c.get("link")
        links.append((by_name[link[0]], by_name[link[1]]) if link else None)
        if connection_roads and link:
            x, y = by_name[link[0]], by_name[link[1]]
            if y not in roads[x]:
                roads[x].append(y)
                roads[y].append(x)
    no_totems = {BIOMES.index(x) for x in getattr(mod, "NO_TOTEMS", ())}
    conn_ruin = [
        by_name[c["ruin"]] if c.get("ruin") else -1 for c in sorted(mod.CONNECTIONS, key=lambda c: c["n"])
    ]
    ruin_icon = [-1] * len(space_terr)
    for c in mod.CONNECTIONS:
        if c.get("ruin"):
            ruin_icon[by_name[c["ruin"]]] = BIOMES.index(c["icon"])
    return Board(
        key=mod.KEY,
        name=mod.NAME,
        biome=tuple(biome),
        label=tuple(label),
        short=tuple(short),
        spaces=tuple(spaces),
        space_terr=tuple(space_terr),
        space_name=tuple(space_name),
        roads=tuple(tuple(sorted(r)) for r in roads),
        connections=tuple(conns),
        terr_connections=tuple(tuple(c) for c in terr_conns),
        totems_allowed=tuple(x not in no_totems for x in biome),
        conn_links=tuple(links),
        connection_roads=connection_roads,
        purple_road=tuple(by_name[x] for x in getattr(mod, "PURPLE_ROAD", ())),
        mountains=bool(getattr(mod, "MOUNTAINS", True)),
        dead_ends=tuple(s for s, r in enumerate(roads) if len(r) == 1),
        crossings=tuple(s for s, r in enumerate(roads) if len(r) >= ROAD_CROSSING_ROADS),
        conn_ruin=tuple(conn_ruin) if max(conn_ruin, default=-1) >= 0 else (),
        ruin_icon=tuple(ruin_icon),
        void_totems=int(getattr(mod, "VOID_TOTEMS", 0)),
        void_cards=bool(getattr(mod, "VOID_CARDS", False)),
        contested=tuple((index_of_id[c["a"]], index_of_id[c["b"]]) for c in getattr(mod, "CONTESTED", ())),
        tokens_at=tuple(
            tuple(
                k
                for k, c in enumerate(getattr(mod, "CONTESTED", ()))
                if mod.TERRITORIES[t]["id"] in (c["a"], c["b"])
            )
            for t in range(len(biome))
        ),
    )
