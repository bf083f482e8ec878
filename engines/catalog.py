"""The message catalog: every user-facing string by key, one JSON file per language and namespace.

A key's namespace is the part before its first dot. A game's messages live with the game's data,
``data/<game>/locales/<lang>.json`` (``bombay.sold`` is in ``data/bombay/locales/en.json``), so a
game added touches no shared file for its words; the platform's own namespaces (``core``,
``service``, ``discord``, ``console``) live in ``data/locales/<lang>/<namespace>.json``.
Templates use ``str.format`` fields. English is complete; other languages fall back to English
key by key.

Parameters named ``seat``/``player`` or ending in ``_seat`` hold seat numbers: when a list of
player names is given they are shown as names; so are the seat numbers in a list named ``seats``
or ending in ``_seats``, in the list's order. A word passed as a value is shown as
``<namespace>.value.<word>`` where the language has that key ("purple" → "紫").

Language rules come from CLDR through Babel rather than hand-written code:

- **Plurals.** A message may be an object of CLDR plural categories instead of a string,
  ``{"plural": "count", "one": "{count} camel", "other": "{count} camels"}``; the form is chosen by
  the language's rule for the parameter named by ``"plural"`` (default ``count``). Japanese needs
  only ``other``; a missing category falls back to ``other``.
- **Lists.** A list value is an enumeration: ``{names}`` joins with the language's comma ("a, b" /
  「a、b」), ``{names:and}`` and ``{names:or}`` with its conjunctions ("Ana, Ben, and Cid" /
  "Ana, Ben y Cid" / 「アナ、ベン、カル」). An empty list shows as a dash. Each item is named
  like a single value (``["yellow", "blue"]`` → 「黄色、青」); a list named ``moves`` holds
  moves to type and is quoted as typed (```take=yellow```), one named ``verbs`` outside English.
- **Nested messages.** A value ``{"key": ..., "params": {...}}`` is a message of its own, said
  in the same language; so is such an item of a list (each Brass slot choice).
- **Bundles.** A mapping value ``{"camel": 2, "coin": 3}`` is a list of counted things: each item is
  the plural message ``<namespace>.count.<word>`` with ``count`` filled, joined with "and"
  ("2 camels and 3 coins" / 「ラクダ2頭、コイン3枚」). Counts and words travel separately, so each
  language orders and inflects them itself.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list

from engines.data import DATA_DIR, data_path

DEFAULT_LANG = "en"
#: A parameter any message may carry: the closest legal moves, said after the message.
SUGGESTIONS = "did_you_mean"
_SUGGESTIONS_KEY = "core.did_you_mean"
#: A parameter any refusal may carry: what the parameter it names accepts now (#28.2).
ACCEPTED = "accepted"
_ACCEPTED_KEY = "core.accepted"
#: The list parameter that holds moves to type (a refusal's accepted answers, "did you mean"):
#: each quoted as typed, as the catalog quotes notation, in any message.
_MOVES = "moves"
#: The list parameter that holds verbs to type (``move``, ``coins3``).
_VERBS = "verbs"
#: Separators an id's words may be written with: ``cotton_mill`` names "cotton mill".
_ID_SEPARATORS = str.maketrans("", "", " _-")
_FORMATTER = string.Formatter()


def _is_seat_param(name: str) -> bool:
    return name in ("seat", "player") or name.endswith("_seat")


def _is_seats_param(name: str) -> bool:
    """A list of seat numbers (``seats``, ``order_seats``): shown as names, in its order."""
    return name == "seats" or name.endswith("_seats")


_PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(n: int | float, lang: str) -> str:
    """The CLDR plural category of ``n`` in ``lang`` ("one", "other", ...)."""
    return str(_locale(lang).plural_form(n))


def join_list(items: Sequence[str], lang: str, style: str = "") -> str:
    """``items`` joined the way ``lang`` writes a list: ``style`` "" is a plain enumeration (the
    language's comma), "and" a conjunction list, "or" a disjunction; empty → a dash."""
    words = [str(i) for i in items]
    if not words:
        return "—"
    if style == "or":
        return str(format_list(words, style="or", locale=_locale(lang)))
    if style == "and":
        return str(format_list(words, style="standard", locale=_locale(lang)))
    # The plain enumeration is the separator of the language's list pattern ("{0}, {1}" / "{0}、{1}").
    middle = _locale(lang).list_patterns["standard"]["middle"]
    return str(middle.replace("{0}", "").replace("{1}", "")).join(words)


class _Listed:
    """A list parameter that formats itself by the template's spec (``{x}``, ``{x:and}``)."""

    def __init__(self, items: Sequence[str], lang: str) -> None:
        self.items, self.lang = items, lang

    def __format__(self, spec: str) -> str:
        return join_list(self.items, self.lang, spec)

    def __str__(self) -> str:
        return join_list(self.items, self.lang)


class Catalog:
    """Looks up and formats messages; loads each language's files once.

    ``root`` holds the shared namespaces (``<root>/<lang>/<namespace>.json``); ``games``, when
    given, the games' folders, each with its own ``locales/<lang>.json``."""

    def __init__(self, root: Path, games: Path | None = None) -> None:
        self.root = root
        self.games = games

    def files(self, lang: str) -> list[tuple[str, Path]]:
        """Every catalog file of ``lang`` with its namespace: the shared ones,
        ``<root>/<lang>/<namespace>.json``, then each game's, ``<games>/<game>/locales/<lang>.json``
        (its namespace is the game's folder)."""
        folder = self.root / lang
        shared = sorted(folder.glob("*.json")) if folder.is_dir() else []
        own = sorted(self.games.glob(f"*/locales/{lang}.json")) if self.games is not None else []
        return [(p.stem, p) for p in shared] + [(p.parent.parent.name, p) for p in own]

    @cache  # noqa: B019 - one catalog per process; the cache lives as long as it does
    def _load(self, lang: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
        messages: dict[str, str] = {}
        plurals: dict[str, dict[str, str]] = {}
        for ns, path in self.files(lang):
            for key, template in json.loads(path.read_text(encoding="utf-8")).items():
                full = key if key.startswith(ns + ".") else f"{ns}.{key}"
                if isinstance(template, dict):
                    plurals[full] = {str(k): str(v) for k, v in template.items()}
                    # Everything that reads one template (has, fields, the adapter) sees the
                    # "other" form, the one every language has.
                    messages[full] = plurals[full]["other"]
                else:
                    messages[full] = template
        return messages, plurals

    def messages(self, lang: str) -> dict[str, str]:
        """Every message of one language, key → template (a plural message's "other" form)."""
        return self._load(lang)[0]

    def plural_forms(self, key: str, lang: str = DEFAULT_LANG) -> dict[str, str] | None:
        """The plural forms of ``key`` (category → template, plus "plural": the counted
        parameter), or ``None`` when it is a plain message; falls back to English."""
        for source in (lang, DEFAULT_LANG):
            if key in self.messages(source):
                return self._load(source)[1].get(key)
        return None

    @cache  # noqa: B019 - as above
    def _value_names(self, namespace: str, lang: str) -> dict[str, str]:
        prefix = f"{namespace}.value."
        return {k[len(prefix) :]: v for k, v in self.messages(lang).items() if k.startswith(prefix)}

    @cache  # noqa: B019 - as above
    def _squashed_value_names(self, namespace: str, lang: str) -> dict[str, str]:
        """``_value_names`` by their words without case or separators, so an id of the notation
        (``cotton_mill``, ``stoke_on_trent``) finds the name its word has (#28.2)."""
        return {
            word.lower().translate(_ID_SEPARATORS): name
            for word, name in self._value_names(namespace, lang).items()
        }

    def _value(self, namespace: str, value: str, lang: str) -> str:
        """A word an engine passes, by its name in ``lang``: exactly, else (outside English, whose
        ids are the notation itself) an id by its squashed word; unchanged when unnamed."""
        named = self._value_names(namespace, lang).get(value)
        if named is not None:
            return named
        if lang == DEFAULT_LANG or not value.isascii() or value != value.lower():
            return value
        squashed = self._squashed_value_names(namespace, lang)
        found = squashed.get(value.translate(_ID_SEPARATORS))
        if found is None and ("," in value or "+" in value):
            # Several tokens in one value (``brewery,coalbrookdale``, ``3+4``): each by its name.
            parts = re.split(r"([,+])", value)
            return "".join(p if p in ",+" else self._value(namespace, p, lang) for p in parts)
        if found is None and "-" in value:
            # A link between two places (``birmingham-coventry``): both by their names.
            ends = [squashed.get(end.translate(_ID_SEPARATORS)) for end in value.split("-")]
            if all(ends):
                return "–".join(str(end) for end in ends)
        return value if found is None else found

    def _item(self, namespace: str, value: Any, lang: str, names: Sequence[str] | None) -> Any:
        """One item of a list parameter: a word by its name, a message of its own said in the
        same language (a Brass slot choice), anything else as it is."""
        if isinstance(value, str):
            return self._value(namespace, value, lang)
        if isinstance(value, Mapping) and set(value) == {"key", "params"}:
            return self.text(str(value["key"]), value["params"], lang=lang, names=names)
        return value

    def languages(self) -> list[str]:
        """Every language the catalog has files for, shared or a game's (English first)."""
        found = {p.name for p in self.root.iterdir() if p.is_dir()} if self.root.is_dir() else set()
        if self.games is not None:
            found |= {p.stem for p in self.games.glob("*/locales/*.json")}
        return [DEFAULT_LANG, *sorted(lang for lang in found if lang != DEFAULT_LANG)]

    def has(self, key: str, lang: str = DEFAULT_LANG) -> bool:
        """Whether ``key`` has a template in ``lang`` (or in English)."""
        return key in self.messages(lang) or key in self.messages(DEFAULT_LANG)

    def template(
        self, key: str, lang: str = DEFAULT_LANG, params: Mapping[str, Any] | None = None
    ) -> str | None:
        """The raw template for ``key``, falling back to English; for a plural message, the form
        the language's rule picks for the counted parameter in ``params`` (else "other")."""
        found = lang if key in self.messages(lang) else DEFAULT_LANG
        template = self.messages(found).get(key)
        forms = self._load(found)[1].get(key)
        if forms is not None and params is not None:
            n = params.get(forms.get("plural", "count"))
            if isinstance(n, int | float) and not isinstance(n, bool):
                template = forms.get(plural_category(n, found), template)
        return template

    def bundle(self, namespace: str, things: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
        """Counted things (``{"camel": 2, "coin": 3}``) as the language says them, joined with
        "and": each is ``<namespace>.count.<word>`` with ``count`` (zero counts are left out)."""
        parts = []
        for word, n in things.items():
            if not n:
                continue
            key = f"{namespace}.count.{word}"
            if self.has(key, lang):
                parts.append(self.text(key, {"count": n}, lang=lang))
            else:
                parts.append(f"{n} {word}")
        if not parts:
            return self.text("core.nothing", lang=lang)
        return join_list(parts, lang, "and")

    def text(
        self,
        key: str,
        params: Mapping[str, Any] | None = None,
        *,
        lang: str = DEFAULT_LANG,
        names: Sequence[str] | None = None,
    ) -> str:
        """The message ``key`` in ``lang`` filled with ``params``.

        An unknown key comes back as the key itself followed by its parameters, so a missing
        translation is visible rather than silent (tests check every key used exists).
        """
        params = dict(params or {})
        shown: dict[str, Any] = {}
        # Words an engine passes as values (a colour, a card, an industry) are translated through
        # "<namespace>.value.<word>" when the language has such a key; ids stay as they are.
        namespace = key.split(".", 1)[0]
        own = self.messages(lang) if lang != DEFAULT_LANG else {}
        for name, value in params.items():
            if isinstance(value, Mapping) and set(value) == {"key", "params"}:
                # A message inside a message ("First {what}."), formatted in the same language.
                value = self.text(str(value["key"]), value["params"], lang=lang, names=names)
            elif isinstance(value, Mapping):
                value = self.bundle(namespace, value, lang)
            elif name == "param" and isinstance(value, str) and f"{namespace}.param.{value}" in own:
                # A parameter's name ("industry"), as the language calls it (「産業」).
                value = own[f"{namespace}.param.{value}"]
            elif isinstance(value, str):
                value = self._value(namespace, value, lang)
            elif name == "params" and isinstance(value, list | tuple):
                # Parameters' names, each as the language calls it.
                value = [own.get(f"{namespace}.param.{v}", v) for v in value]
            elif isinstance(value, list | tuple) and name == _MOVES:
                # Moves to type, as typed (`build brewery leek`), never translated.
                value = [v if str(v).startswith("…") else f"`{v}`" for v in value]
            elif isinstance(value, list | tuple) and name == _VERBS and lang != DEFAULT_LANG:
                # Verbs to type: the notation's English words, quoted outside English.
                value = [f"`{v}`" for v in value]
            elif isinstance(value, list | tuple):
                value = [self._item(namespace, v, lang, names) for v in value]
            if names is not None and _is_seat_param(name) and isinstance(value, int):
                if 0 <= value < len(names):
                    value = names[value]
                else:
                    value = self.text("core.seat_number", {"number": value + 1}, lang=lang)
            elif _is_seat_param(name) and isinstance(value, int):
                value = self.text("core.player_number", {"number": value + 1}, lang=lang)
            elif _is_seats_param(name) and isinstance(value, list | tuple):
                value = _Listed(
                    [
                        (
                            names[v]
                            if names is not None and 0 <= v < len(names)
                            else self.text("core.player_number", {"number": v + 1}, lang=lang)
                        )
                        if isinstance(v, int)
                        else str(v)
                        for v in value
                    ],
                    lang,
                )
            elif isinstance(value, list | tuple):
                value = _Listed([str(v) for v in value], lang)
            shown[name] = value
        template = self.template(key, lang, params)
        if template is None:
            extra = " ".join(f"{k}={v}" for k, v in shown.items())
            return f"{key} {extra}".strip()
        try:
            text = template.format(**shown)
        except (KeyError, IndexError, ValueError):
            text = f"{template} ({shown})"
        accepted = params.get(ACCEPTED)
        if accepted and ACCEPTED not in self.fields(key, lang) and key != _ACCEPTED_KEY:
            # What the named parameter accepts now, by the names the reader may type.
            said = self.text(_ACCEPTED_KEY, {"choices": shown[ACCEPTED]}, lang=lang)
            text = f"{text} {said}"
        near = params.get(SUGGESTIONS)
        if near and SUGGESTIONS not in self.fields(key, lang) and key != _SUGGESTIONS_KEY:
            # Any refusal may carry the closest legal moves; they are said after its reason.
            text = f"{text} {self.text(_SUGGESTIONS_KEY, {'moves': near}, lang=lang)}"
        return text

    def fields(self, key: str, lang: str = DEFAULT_LANG) -> set[str]:
        """The parameter names a template uses (for tests that check events fill them)."""
        forms = self.plural_forms(key, lang)
        templates = [v for k, v in forms.items() if k != "plural"] if forms else []
        templates.append(self.template(key, lang) or "")
        return {f for t in templates for _, f, _, _ in _FORMATTER.parse(t) if f}


CATALOG = Catalog(data_path("locales"), games=DATA_DIR)
