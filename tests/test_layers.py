"""The shape of the package: no import circle among its modules, and dependencies pointing inward
(front ends -> solver -> games -> cards).  Read from the source with ``ast``: every import counts,
those inside functions too (they run as well), except under ``if TYPE_CHECKING:``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cadogan"


def module_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Module name -> file, e.g. ``cadogan.solver.search``; a package is named by its folder."""
    found = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_modules(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports (its own parent packages left out: importing a module
    imports them in any case, so they make no circle of their own)."""
    names: set[str] = set()

    class Imports(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if "TYPE_CHECKING" in ast.unparse(node.test):
                for statement in node.orelse:
                    self.visit(statement)
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            names.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level:
                base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)

    Imports().visit(ast.parse(path.read_text(encoding="utf-8")))
    modules = set()
    for imported in names:
        while imported and imported not in known:
            imported = imported.rpartition(".")[0]
        if imported and imported != name and not name.startswith(imported + "."):
            modules.add(imported)
    return modules


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    known = module_files(package)
    return {name: imported_modules(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative).

    >>> circles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    >>> circles({"a": {"b"}, "b": set()})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle_in_the_package():
    assert circles(import_graph()) == []


def test_the_checker_finds_a_circle_through_an_import_inside_a_function(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.b import f\n")
    (package / "b.py").write_text("def f():\n    from pkg.a import g\n")
    assert circles(import_graph(package)) == [["pkg.a", "pkg.b"]]


# Which layers a layer may import (inward only): front ends -> solver -> games -> cards.
FORBIDDEN = {
    "cadogan.cards": ("cadogan.games", "cadogan.solver", "cadogan.web", "cadogan.terminal", "cadogan.survey", "cadogan.cli"),
    "cadogan.games": ("cadogan.solver", "cadogan.web", "cadogan.terminal", "cadogan.survey", "cadogan.cli",
                      "cadogan.cmdline", "cadogan.store"),
    "cadogan.solver": ("cadogan.web", "cadogan.terminal", "cadogan.survey", "cadogan.store"),
}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_dependencies_point_inward(layer):
    graph = import_graph()
    wrong = sorted((name, target) for name, targets in graph.items() if name == layer or name.startswith(layer + ".")
                   for target in targets if any(target == f or target.startswith(f + ".") for f in FORBIDDEN[layer]))
    # the solver's commands are front ends living beside what they run: they may use the CLI's helpers
    wrong = [(n, t) for n, t in wrong if not (n.endswith("command") and t == "cadogan.cmdline")]
    assert wrong == []
