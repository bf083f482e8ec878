"""User-facing text of the adapter: catalog lookups and the app-command translator.

Every string the adapter shows lives in ``data/locales/<lang>/discord.json`` under the ``discord.``
namespace. Command names and descriptions are ``locale_str`` values whose ``key`` extra names their
catalog entry, so Discord gets translations wherever the catalog has them.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engines.catalog import CATALOG, DEFAULT_LANG

#: The languages a table may speak (#28.1): those the catalog has (English first).
TABLE_LANGUAGES = tuple(CATALOG.languages())


def lang_of(locale: discord.Locale | str | None) -> str:
    """The catalog language for a Discord locale ("en-US" → "en", "es-ES" → "es", "ja" → "ja")."""
    if locale is None:
        return DEFAULT_LANG
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return value.split("-")[0].lower() or DEFAULT_LANG


def has_language(lang: str) -> bool:
    """Whether the catalog has the adapter's messages in ``lang``."""
    return any(key.startswith("discord.") for key in CATALOG.messages(lang))


def t(key: str, lang: str = DEFAULT_LANG, **params: Any) -> str:
    """The adapter message ``discord.<key>`` in ``lang``."""
    return CATALOG.text(f"discord.{key}", params, lang=lang)


def ls(key: str, default: str | None = None, **params: Any) -> app_commands.locale_str:
    """A translatable command string: English from the catalog (or ``default``) plus its key,
    filled with ``params`` in every language (e.g. an option's allowed range)."""
    full = key if "." in key and not key.startswith("cmd") else f"discord.{key}"
    english = default if default is not None else CATALOG.text(full, params)
    return app_commands.locale_str(english, key=full, params=params)


def language_choices() -> list[app_commands.Choice[str]]:
    """The choices of a table's language (``/game new language:``), each named in the reader's
    language."""
    return [
        app_commands.Choice(name=ls(f"discord.language_name.{code}", code), value=code)
        for code in TABLE_LANGUAGES
    ]


class CatalogTranslator(app_commands.Translator):
    """Translates command names, descriptions and choices from the message catalog.

    A string is translated only when the locale's own catalog file has its key; otherwise Discord
    shows the English default (``None`` means "no translation").
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = lang_of(locale)
        if not key or lang == DEFAULT_LANG:
            return None
        if key not in CATALOG.messages(lang):
            return None
        return CATALOG.text(key, string.extras.get("params") or {}, lang=lang)
