"""A stale compiled core must never be used: its interface number is checked on import."""

import re
from pathlib import Path

import pytest

from cadogan.solver import native


def test_c_source_and_bridge_agree_on_the_interface_number():
    source = (Path(native.__file__).parent / "_core.c").read_text()
    match = re.search(r"#define CORE_INTERFACE (\d+)", source)
    assert match and int(match.group(1)) == native.CORE_INTERFACE


def test_the_built_core_is_the_current_one():
    if not native.available():
        pytest.skip("the optional compiled core is not built here")
    assert native._core.INTERFACE == native.CORE_INTERFACE


def test_the_core_files_stay_small_and_the_header_maps_them():
    solver = Path(native.__file__).parent
    sources = sorted((solver / "core").glob("*.c"))
    header = (solver / "core" / "core.h").read_text()
    assert sources and all(f"*   {path.name} " in header for path in sources)  # core.h's file map
    for path in [solver / "_core.c", solver / "core" / "core.h", *sources]:
        assert len(path.read_text().splitlines()) <= 700, path.name


def _core_files() -> list[Path]:
    """The core's C files in the order of core.h's file map (each may call only those above it)."""
    solver = Path(native.__file__).parent
    header = (solver / "core" / "core.h").read_text()
    names = re.findall(r"^ \*   (\S+\.c) ", header, re.MULTILINE)
    return [(solver / "core" / name).resolve() for name in names]


def _code(path: Path) -> str:
    """The file's C code without its comments and strings."""
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", path.read_text(), flags=re.DOTALL)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def _exported(code: str) -> set[str]:
    """The functions and objects a file defines for the others (not static)."""
    functions = re.findall(r"^(?!static\b)[A-Za-z][\w \*]*?\b(\w+)\([^;{]*\)\s*\{", code, re.MULTILINE)
    objects = re.findall(r"^const \w+ (\w+) = \{", code, re.MULTILINE)
    return set(functions) | set(objects)


def _uses(code: str, name: str) -> bool:
    return re.search(rf"(?<![\w.>]){name}\b", code) is not None  # not a field (s.x, s->x, .x =)


def test_the_core_files_call_only_files_above_them_in_the_header_map():
    files = _core_files()
    assert [p.name for p in files[:2]] == ["shared.c", "keys.c"] and files[-1].name == "_core.c"
    code = {path: _code(path) for path in files}
    exported = {path: _exported(code[path]) for path in files}
    assert {"same_pile", "sort_by_key"} <= exported[files[0]] and "legal_moves" in exported[files[6]]
    for i, path in enumerate(files):
        for below in files[i + 1:]:
            called = sorted(name for name in exported[below] if _uses(code[path], name))
            assert not called, f"{path.name} calls {below.name} below it: {called}"


def test_the_rule_families_are_named_only_in_the_table_and_in_their_own_files():
    families = {"british_square.c": "BRITISH_SQUARE", "square.c": "SQUARE", "precedence.c": "PRECEDENCE"}
    for path in _core_files():
        code = _code(path)
        assert "->family" not in code and "s.family" not in code, path.name
        for own, family in families.items():
            named = _uses(code, f"FAMILY_{family}") or _uses(code, f"{own[:-2]}_ops")
            assert not named or path.name in (own, "position.c"), f"{path.name} names {family}"
