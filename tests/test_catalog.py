"""The message catalog: every key the code uses has an English message, and messages format."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engines.catalog import CATALOG, Catalog
from engines.data import DATA_DIR, data_path

ROOT = Path(__file__).resolve().parent.parent
#: A message key written as a string literal anywhere in the code: "<namespace>.<name>".
NAMESPACES = sorted(ns for ns, _ in CATALOG.files("en"))
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


_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def test_catalog_files_are_valid_and_keys_live_in_their_namespace_file() -> None:
    files = [(ns, path) for lang in CATALOG.languages() for ns, path in CATALOG.files(lang)]
    # Every JSON file under the shared folder or a game's locales/ folder is one of them.
    on_disk = {*data_path("locales").rglob("*.json"), *DATA_DIR.glob("*/locales/*.json")}
    assert {path for _, path in files} == on_disk
    assert {"core", "bombay"} <= {ns for ns, _ in files}
    for ns, path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and data, path
        for key, template in data.items():
            if isinstance(template, dict):
                # A plural message: CLDR categories (always "other") and the counted parameter.
                assert "other" in template, (path, key)
                assert set(template) <= {"plural", *_CATEGORIES}, (path, key)
                forms = [v for k, v in template.items() if k != "plural"]
                assert all(isinstance(f, str) and f.strip() for f in forms), (path, key)
            else:
                assert isinstance(template, str) and template.strip(), (path, key)
            assert key.split(".", 1)[0] == ns, f"{path}: {key} belongs in its own namespace file"


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
        == "Anaがe3で紫、blueを売却"  # the Japanese list comma
    )


def _demo(tmp_path: Path, files: dict[str, str]) -> Catalog:
    for lang, text in files.items():
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "demo.json").write_text(text, encoding="utf-8")
    return Catalog(tmp_path)


def test_a_plural_message_takes_the_form_the_language_rule_picks(tmp_path: Path) -> None:
    cat = _demo(
        tmp_path,
        {
            "en": '{"demo.count.camel": {"one": "{count} camel", "other": "{count} camels"}}',
            "ja": '{"demo.count.camel": {"other": "ラクダ{count}頭"}}',
            "es": '{"demo.count.camel": {"one": "{count} camello", "other": "{count} camellos"}}',
        },
    )
    assert cat.text("demo.count.camel", {"count": 1}) == "1 camel"
    assert cat.text("demo.count.camel", {"count": 0}) == "0 camels"
    assert cat.text("demo.count.camel", {"count": 2}, lang="es") == "2 camellos"
    assert cat.text("demo.count.camel", {"count": 1}, lang="ja") == "ラクダ1頭"
    assert cat.fields("demo.count.camel") == {"count"}


def test_a_plural_message_may_count_another_parameter(tmp_path: Path) -> None:
    cat = _demo(
        tmp_path,
        {
            "en": '{"demo.ap": {"plural": "ap", "one": "{ap} AP left for {who}", '
            '"other": "{ap} AP left for {who}s"}}'
        },
    )
    assert cat.text("demo.ap", {"ap": 1, "who": "x"}) == "1 AP left for x"
    assert cat.text("demo.ap", {"ap": 3, "who": "x"}) == "3 AP left for xs"
    assert cat.fields("demo.ap") == {"ap", "who"}


def test_lists_join_with_the_language_conjunction_when_the_template_asks(tmp_path: Path) -> None:
    cat = _demo(
        tmp_path,
        {
            "en": '{"demo.won": "{names:and} won", "demo.pick": "pick {x:or}"}',
            "es": '{"demo.won": "ganaron {names:and}", "demo.pick": "elige {x:or}"}',
            "ja": '{"demo.won": "{names}の勝ち", "demo.pick": "{x:or}を選ぶ"}',
        },
    )
    three = {"names": ["Ana", "Ben", "Cid"]}
    assert cat.text("demo.won", three) == "Ana, Ben, and Cid won"
    assert cat.text("demo.won", three, lang="es") == "ganaron Ana, Ben y Cid"
    assert cat.text("demo.won", three, lang="ja") == "Ana、Ben、Cidの勝ち"
    assert cat.text("demo.pick", {"x": ["a", "b"]}) == "pick a or b"
    assert cat.text("demo.pick", {"x": ["a", "b"]}, lang="ja") == "aまたはbを選ぶ"


def test_a_bundle_says_each_count_with_its_word_and_joins_them(tmp_path: Path) -> None:
    cat = _demo(
        tmp_path,
        {
            "en": '{"demo.got": "{seat} got {what}", '
            '"demo.count.camel": {"one": "{count} camel", "other": "{count} camels"}, '
            '"demo.count.coin": {"one": "{count} coin", "other": "{count} coins"}}',
            "ja": '{"demo.got": "{seat}が{what}を得た", '
            '"demo.count.camel": {"other": "ラクダ{count}頭"}, '
            '"demo.count.coin": {"other": "コイン{count}枚"}}',
        },
    )
    got = {"seat": 0, "what": {"camel": 1, "coin": 3, "silk": 0}}
    assert cat.text("demo.got", got, names=["Ana"]) == "Ana got 1 camel and 3 coins"
    assert cat.text("demo.got", got, lang="ja", names=["Ana"]) == "Anaがラクダ1頭、コイン3枚を得た"


def test_a_game_s_messages_live_in_its_own_data_folder(tmp_path: Path) -> None:
    """``<games>/<game>/locales/<lang>.json`` holds a game's namespace (#23.1: a game added
    touches no shared catalog file), beside the shared ``<root>/<lang>/<namespace>.json``."""
    (tmp_path / "locales" / "en").mkdir(parents=True)
    (tmp_path / "locales" / "en" / "core.json").write_text('{"core.hi": "Hi"}')
    (tmp_path / "demo" / "locales").mkdir(parents=True)
    (tmp_path / "demo" / "locales" / "en.json").write_text('{"demo.won": "{seat} won"}')
    (tmp_path / "demo" / "locales" / "ja.json").write_text(
        '{"demo.won": "{seat}の勝ち"}', encoding="utf-8"
    )
    cat = Catalog(tmp_path / "locales", games=tmp_path)
    assert cat.languages() == ["en", "ja"]
    assert cat.text("demo.won", {"seat": 0}, names=["Ana"]) == "Ana won"
    assert cat.text("demo.won", {"seat": 0}, lang="ja", names=["Ana"]) == "Anaの勝ち"
    assert cat.text("core.hi", lang="ja") == "Hi"  # the shared namespace, English fallback
    assert [ns for ns, _ in cat.files("en")] == ["core", "demo"]


def test_lists_of_moves_and_verbs_are_quoted_and_parts_of_a_value_named(tmp_path: Path) -> None:
    """#28.2: a refusal's ``moves`` are quoted as typed in every language, its ``verbs`` outside
    English (the notation's own words), and a value of several tokens is named token by token."""
    cat = _demo(
        tmp_path,
        {
            "en": '{"demo.which": "Say which: {moves:or}.", "demo.now": "You can: {verbs}.", '
            '"demo.kept": "Kept {cards}."}',
            "ja": '{"demo.which": "どれか：{moves:or}。", "demo.now": "できること：{verbs}。", '
            '"demo.kept": "{cards}を残した。", "demo.value.brewery": "醸造所", '
            '"demo.value.leek": "リーク"}',
        },
    )
    moves = {"moves": ["take=yellow", "take=blue"]}
    assert cat.text("demo.which", moves) == "Say which: `take=yellow` or `take=blue`."
    assert cat.text("demo.which", moves, lang="ja") == "どれか：`take=yellow`または`take=blue`。"
    assert cat.text("demo.now", {"verbs": ["move", "end"]}) == "You can: move, end."
    assert (
        cat.text("demo.now", {"verbs": ["move", "end"]}, lang="ja") == "できること：`move`、`end`。"
    )
    assert cat.text("demo.kept", {"cards": "brewery,leek"}, lang="ja") == "醸造所,リークを残した。"
