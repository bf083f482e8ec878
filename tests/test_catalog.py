"""The message catalog: every key the code uses has an English message, and messages format."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engines.catalog import CATALOG, Catalog
from engines.data import data_path

ROOT = Path(__file__).resolve().parent.parent
#: A message key written as a string literal anywhere in the code: "<namespace>.<name>".
NAMESPACES = sorted(p.stem for p in data_path("locales", "en").glob("*.json"))
KEY_USE = re.compile(r"\"((?:" + "|".join(NAMESPACES) + r")\.[a-z0-9_.]*[a-z0-9_])\"")


def used_keys() -> dict[str, str]:
    found: dict[str, str] = {}
    for folder in ("engines", "bot", "renderers"):
        for path in (ROOT / folder).rglob("*.py"):
            for key in KEY_USE.findall(path.read_text(encoding="utf-8")):
                found.setdefault(key, str(path.relative_to(ROOT)))
    return found


def test_every_literal_message_key_in_the_code_has_an_english_message() -> None:
    keys = used_keys()
    assert len(keys) > 200, "the scan found almost no keys: has the calling convention changed?"
    missing = {k: where for k, where in keys.items() if not CATALOG.has(k)}
    assert not missing, f"keys without a message: {missing}"


def test_catalog_files_are_valid_and_keys_live_in_their_namespace_file() -> None:
    for path in data_path("locales").rglob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and data, path
        for key, template in data.items():
            assert isinstance(template, str) and template.strip(), (path, key)
            assert key.split(".", 1)[0] == path.stem, f"{key} belongs in its own namespace file"


def test_seat_parameters_are_shown_as_player_names() -> None:
    text = CATALOG.text("tally.played", {"seat": 1, "card": 7}, names=["Ana", "Ben"])
    assert text == "Ben played a 7."


def test_unknown_key_is_visible_not_silent() -> None:
    assert CATALOG.text("nowhere.nothing", {"x": 1}) == "nowhere.nothing x=1"


def test_other_languages_fall_back_to_english_key_by_key(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "es").mkdir()
    (tmp_path / "en" / "demo.json").write_text('{"demo.a": "A {n}", "demo.b": "B"}')
    (tmp_path / "es" / "demo.json").write_text('{"demo.a": "Á {n}"}')
    cat = Catalog(tmp_path)
    assert cat.text("demo.a", {"n": 2}, lang="es") == "Á 2"
    assert cat.text("demo.b", lang="es") == "B"


def test_lists_are_joined_and_an_empty_list_shows_a_dash(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "demo.json").write_text('{"demo.tokens": "City tokens: {tokens}"}')
    cat = Catalog(tmp_path)
    assert (
        cat.text("demo.tokens", {"tokens": ["bombay", "nagpur"]}) == "City tokens: bombay, nagpur"
    )
    assert cat.text("demo.tokens", {"tokens": []}) == "City tokens: —"


def test_value_words_are_translated_where_the_language_has_them(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "ja").mkdir()
    (tmp_path / "en" / "demo.json").write_text('{"demo.sold": "{seat} sold {colour} at {site}"}')
    (tmp_path / "ja" / "demo.json").write_text(
        '{"demo.sold": "{seat}が{site}で{colour}を売却", "demo.value.purple": "紫"}',
        encoding="utf-8",
    )
    cat = Catalog(tmp_path)
    params = {"seat": 0, "colour": "purple", "site": "e3"}
    assert cat.text("demo.sold", params, lang="ja", names=["Ana"]) == "Anaがe3で紫を売却"
    assert cat.text("demo.sold", params, lang="en", names=["Ana"]) == "Ana sold purple at e3"
    assert (
        cat.text("demo.sold", {**params, "colour": ["purple", "blue"]}, lang="ja", names=["Ana"])
        == "Anaがe3で紫, blueを売却"
    )
