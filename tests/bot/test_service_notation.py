"""The service path of forgiving notation: what a player typed is stored as the canonical text of
the legal move it names (issues 11.5, 12.1), and a refusal changes nothing."""

from __future__ import annotations

import pytest

from bot.service import Service, ServiceError
from tests.bot.conftest import ANA, BEN, CHANNEL, GUILD, user_by_id


async def _brass(service: Service) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "brass", seed=3)
    await service.join(CHANNEL, BEN)
    await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)


async def test_a_shortened_brass_build_is_stored_canonically(service: Service) -> None:
    await _brass(service)
    user = user_by_id((await service.game(CHANNEL)).to_act[0])
    legal = await service.legal(CHANNEL, user)
    assert legal is not None
    text = next(t for t in legal if t.startswith("build ") and "_" in t.split()[1])
    verb, industry, location, *rest = text.split()
    # The industry by its first word, the town in capitals, the keywords in another order.
    typed = " ".join([verb, industry.split("_")[0], location.upper(), *rest[::-1]])
    out = await service.act(CHANNEL, user, typed, render=False)
    assert out.action == text
    exported = await service.export(CHANNEL)
    # (the card drawn after the turn follows as a chance row, shown by its verb: "draw")
    assert [a["action"] for a in exported["actions"]] == [text, "draw"]


async def test_a_redundant_slot_is_not_stored(service: Service) -> None:
    """Issue 11.5: ``slot=1`` where there is no choice was accepted and stored as typed."""
    await _brass(service)
    user = user_by_id((await service.game(CHANNEL)).to_act[0])
    legal = await service.legal(CHANNEL, user)
    assert legal is not None
    text = next(t for t in legal if t.startswith("build ") and "slot=" not in t)
    head, card = text.rsplit(" card=", 1)
    for slot in ("1", "2", "3"):
        try:
            out = await service.act(CHANNEL, user, f"{head} slot={slot} card={card}", render=False)
        except ServiceError:
            continue
        assert out.action == text
        break
    else:
        pytest.fail("no slot spelling was accepted")
    exported = await service.export(CHANNEL)
    assert [a["action"] for a in exported["actions"]] == [text, "draw"]


async def test_a_near_miss_names_the_closest_legal_moves_and_changes_nothing(
    service: Service,
) -> None:
    await _brass(service)
    user = user_by_id((await service.game(CHANNEL)).to_act[0])
    legal = await service.legal(CHANNEL, user)
    assert legal is not None
    text = next(t for t in legal if t.startswith("build ") and "slot=" not in t)
    _, industry, location, *rest = text.split()
    before = await service.export(CHANNEL)
    with pytest.raises(ServiceError) as err:
        await service.act(CHANNEL, user, f"biuld {industry} {location}x {' '.join(rest)}")
    assert "Did you mean" in str(err.value)
    assert set(err.value.params["did_you_mean"]) <= set(legal)
    assert await service.export(CHANNEL) == before
