"""The documentation stays inside the repository and stays short.

Every relative Markdown link in README.md and docs/*.md must name a file (or folder) of the
repository, and the two reference pages, docs/performance.md and docs/winnability.md, must each
stay under 15,000 characters (their history belongs in CHANGELOG.md).
"""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
SIZE_LIMIT = 15_000
SHORT_PAGES = ["docs/performance.md", "docs/winnability.md"]

# [text](target) and ![alt](target), the target up to white space or ")"; <...> targets too.
_INLINE = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
# [label]: target (reference definitions)
_REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)", re.MULTILINE)
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`\n]*`")


def links(markdown: str) -> list[str]:
    """The link targets of a Markdown text, code blocks and code spans left out.

    >>> links("See [rules](docs/rules.md#square), ![x](a.png) and `[no](link.md)`.")
    ['docs/rules.md#square', 'a.png']
    >>> links("[ref]: <CHANGELOG.md>\\n```\\n[no](in-code.md)\\n```")
    ['CHANGELOG.md']
    """
    text = _CODE_SPAN.sub("", _FENCE.sub("", markdown))
    found = [m.group(1) for m in _INLINE.finditer(text)] + [m.group(1) for m in _REFERENCE.finditer(text)]
    return [target[1:-1] if target.startswith("<") else target for target in found]


def is_relative(target: str) -> bool:
    """Whether a link target points into the repository (not a URL, a mail address or a page anchor).

    >>> [is_relative(t) for t in ["docs/spec.md", "https://x.org", "mailto:a@b", "#errors", "//cdn/x"]]
    [True, False, False, False, False]
    """
    return not (re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith(("#", "//")))


def resolve(page: Path, target: str) -> Path:
    """The file a relative link of ``page`` names (its anchor and query dropped)."""
    path = unquote(target.split("#", 1)[0].split("?", 1)[0])
    return (ROOT / path.lstrip("/")) if path.startswith("/") else (page.parent / path)


def _relative_links() -> list[tuple[str, str]]:
    return [(str(page.relative_to(ROOT)), target)
            for page in DOCS if page.exists()
            for target in links(page.read_text(encoding="utf-8")) if is_relative(target)]


def test_the_pages_have_relative_links_to_check() -> None:
    pages = {page for page, _ in _relative_links()}
    assert "README.md" in pages and "docs/winnability.md" in pages


@pytest.mark.parametrize(("page", "target"), _relative_links())
def test_relative_link_points_at_a_file_in_the_repository(page: str, target: str) -> None:
    path = resolve(ROOT / page, target).resolve()
    assert path.is_relative_to(ROOT), f"{page}: {target} leaves the repository"
    assert path.exists(), f"{page}: {target} names no file"


def test_a_link_out_of_the_repository_is_caught() -> None:
    page = ROOT / "README.md"
    path = resolve(page, "../shared/SPEC.md").resolve()
    assert not path.is_relative_to(ROOT)
    assert not resolve(page, "docs/no-such-page.md").exists()


def test_readme_links_the_spec_inside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/spec.md" in links(readme)
    assert "../shared" not in readme


@pytest.mark.parametrize("name", SHORT_PAGES)
def test_reference_page_is_under_the_size_limit(name: str) -> None:
    size = len((ROOT / name).read_text(encoding="utf-8"))
    assert size < SIZE_LIMIT, f"{name} has {size} characters; move history to CHANGELOG.md"


def test_the_helpers_examples() -> None:
    assert doctest.testmod(sys.modules[__name__]).failed == 0
