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
