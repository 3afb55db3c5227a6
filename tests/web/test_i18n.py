"""The front end's texts: every key of the English table has a Russian text, and the other way round."""

from __future__ import annotations

import re
from pathlib import Path

I18N = Path(__file__).resolve().parents[2] / "cadogan" / "web" / "static" / "i18n.js"
KEY = re.compile(r"(?:^|[{,]\s*)([A-Za-z_]\w*):\s*[\"`]", re.M)


def language_blocks(source: str, table: str) -> dict[str, str]:
    """The text of each language's block (``en: { ... }``) of ``const <table> = { ... }``."""
    body = source.split(f"const {table} = {{", 1)[1].split("\n};", 1)[0]
    return dict(re.findall(r"^  (\w\w): \{\n(.*?)^  \},", body, re.S | re.M))


def test_english_and_russian_texts_have_the_same_keys():
    blocks = language_blocks(I18N.read_text(encoding="utf-8"), "TEXT")
    assert set(blocks) == {"en", "ru"}
    keys = {lang: set(KEY.findall(text)) for lang, text in blocks.items()}
    assert len(keys["en"]) > 50 and "moveLost" in keys["en"] and "moveLostStart" in keys["en"]
    assert keys["en"] == keys["ru"], keys["en"] ^ keys["ru"]
