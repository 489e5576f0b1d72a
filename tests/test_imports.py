"""The project's imports: no circle, no arrow against the layers (issue 33 part 6).

Every module's imports are read with ``ast``: module-level, inside functions and under
``if TYPE_CHECKING:`` alike (an import put in a function or kept for the annotations hides a
circle, it does not break it). An arrow goes to the project module named, the nearest one when a
name inside a module is imported (``from bot.store import Match`` is an arrow to ``bot.store``);
importing ``games.base`` also runs ``games/__init__.py``, but that is no arrow of the importer.

The layers, from the bottom: ``games`` (the engines), ``rendering`` (their pictures and words),
``bot`` (the service, the store: no Discord), ``cogs`` (Discord). A layer imports only from the
layers below it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "rendering", "bot", "cogs")
# What each layer must not import.
FORBIDDEN = {
    "games": {"rendering", "bot", "cogs"},
    "rendering": {"bot", "cogs"},
    "bot": {"cogs"},
}
# Circles known and being worked on, each visibly here until it goes: a circle made only of these
# modules passes. None today.
KNOWN_CIRCLES: list[set[str]] = []


def modules(root: Path, packages=PACKAGES) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def import_graph(root: Path = ROOT, packages=PACKAGES) -> dict[str, set[str]]:
    """Each project module and the project modules it imports."""
    mods = modules(root, packages)

    def nearest(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        arrows: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                arrows.update(nearest(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    sub = f"{source}.{alias.name}"  # ``from games import iki`` names a module
                    arrows.add(sub if sub in mods else nearest(source))
        graph[name] = {a for a in arrows if a and a != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of more than one module (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, arrows = work[-1]
            for target in arrows:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.add(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        found.append(part)
    return found


def against_layers(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        for target in targets
        if target.split(".")[0] in FORBIDDEN.get(name.split(".")[0], ())
    )


def test_the_walk_sees_every_package_and_the_imports_in_functions():
    graph = import_graph()
    assert {name.split(".")[0] for name in graph} == set(PACKAGES)
    # bot/__main__.py imports the store inside main(); the cogs import the service at the top.
    assert "bot.stores" in graph["bot.__main__"]
    assert "bot.service" in graph["cogs.table"]


def test_no_import_circle():
    unknown = [sorted(part) for part in circles(import_graph()) if not any(part <= k for k in KNOWN_CIRCLES)]
    assert not unknown, f"import circles: {unknown}"


def test_no_import_against_the_layers():
    assert against_layers(import_graph()) == []


def test_a_circle_and_a_wrong_arrow_are_found(tmp_path):
    """The checks catch what they are for: a circle through a function-level and a type-only
    import, and a game importing the bot."""
    (tmp_path / "games").mkdir()
    (tmp_path / "bot").mkdir()
    (tmp_path / "games" / "__init__.py").write_text("")
    (tmp_path / "games" / "a.py").write_text("def f():\n    from . import b\n")
    (tmp_path / "games" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from games.a import f\n"
    )
    (tmp_path / "games" / "c.py").write_text("from bot.store import Store\n")
    (tmp_path / "bot" / "__init__.py").write_text("")
    (tmp_path / "bot" / "store.py").write_text("from games import c\n")
    graph = import_graph(tmp_path, ("games", "bot"))
    assert sorted(map(sorted, circles(graph))) == [["bot.store", "games.c"], ["games.a", "games.b"]]
    assert against_layers(graph) == ["games.c -> bot.store"]
