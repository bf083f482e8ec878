"""Every message the service says exists in the catalog; secret choices stay secret."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

import engines
from bot.service import Service
from engines.base import Verb
from engines.catalog import CATALOG
from tests.bot.conftest import ANA, BEN, CHANNEL, GUILD
from tests.testgame import META, Tally

SERVICE_SOURCE = Path(__file__).resolve().parents[2] / "bot" / "service"


def test_every_service_message_key_is_in_the_english_catalog() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SERVICE_SOURCE.glob("*.py")))
    keys = set(re.findall(r'"(service\.[a-z_]+)"', source))
    # Status lines are looked up by the game's status.
    keys |= {f"service.status_{s}" for s in ("lobby", "active", "finished", "aborted")}
    assert len(keys) > 40
    missing = sorted(k for k in keys if not CATALOG.has(k))
    assert missing == []


class SecretTally(Tally):
    """Tally where the card played is a secret (like choosing goal cards in other games)."""

    meta = replace(
        META,
        id="secret_tally",
        verbs=tuple(replace(v, secret=True) if v.name == "play" else v for v in META.verbs),
    )


@pytest.fixture
def secret_game() -> Iterator[str]:
    engines.register(SecretTally())
    yield "secret_tally"
    engines.unregister("secret_tally")


async def test_a_secret_verb_shows_only_the_verb_to_others(
    service: Service, secret_game: str
) -> None:
    assert isinstance(engines.get(secret_game).meta.verb("play"), Verb)
    await service.create_lobby(GUILD, CHANNEL, ANA, secret_game, seed=7)
    await service.join(CHANNEL, BEN)
    await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    out = await service.act(CHANNEL, ANA, "play 8", render=False)
    assert out.lines[0] == "Ana: play"
    assert (await service.log(CHANNEL, viewer=BEN.id)).lines[0].startswith("1. Ana: play —")
    assert (await service.log(CHANNEL, viewer=ANA.id)).lines[0].startswith("1. Ana: play 8 —")
    assert (await service.board(CHANNEL)).lines[1] == "Last move: Ana: play"
