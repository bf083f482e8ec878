"""Chance as a step the service applies and logs (docs/architecture.md, "Chance as an explicit
step"), shown with Bombay's restock (Y31): after a move that ends a set the service draws the
restock with the game's generator and logs it as a row of the CHANCE seat, in the same call;
nobody is pinged for it; undo never steps back over it; replays read it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engines
from bot.service import MoveOutcome, Service, ServiceError, User
from bot.service.archive import replay
from bot.service.session import events_of
from engines.base import CHANCE
from engines.brass.draft import display_name
from engines.catalog import CATALOG
from engines.randomplay import random_action
from engines.rng import Rng, seed_state
from tests import games
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, DEE, GUILD, user_by_id, whose_turn


async def _bombay(svc: Service) -> None:
    await svc.create_lobby(GUILD, CHANNEL, ANA, "bombay", seed=5)
    await svc.join(CHANNEL, BEN)
    await svc.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)


async def _to_the_sets_last_turn(svc: Service) -> None:
    """Everyone ends their turns until one ``end`` is left in the first set."""
    async with svc.db.read():
        g = await svc.load(CHANNEL, live=True)
    state = g.state
    left = (state.turns_per_set - state.game_turn) * state.players - 1
    for _ in range(left):
        await svc.act(CHANNEL, await whose_turn(svc), "end", render=False)


async def test_Y31_the_move_that_ends_a_set_is_followed_by_a_logged_restock(
    service: Service,
) -> None:
    await _bombay(service)
    await _to_the_sets_last_turn(service)
    mover = await whose_turn(service)
    outcome = await service.act(CHANNEL, mover, "end", render=False)
    # one call: the move, then the draw, told by its public event under the move
    assert outcome.action == "end" and outcome.seat is not None and outcome.seat >= 0
    assert any(line.startswith("Set 2:") and "restocks" in line for line in outcome.lines)
    # the next player is pinged, never the chance seat; the stored game waits for a person
    info = await service.game(CHANNEL)
    assert outcome.to_act == info.to_act and info.to_act
    assert all(u > 0 for u in outcome.mention + info.to_act)
    record = await service.record(info.game_id)
    last_two = record["actions"][-2:]
    assert [a["seat"] for a in last_two] == [mover.id - 1, CHANCE]
    assert last_two[1]["action"].startswith("restock ")
    async with service.db.read():
        g = await service.load(CHANNEL, live=True)
    assert sum(g.state.stock) == 9 and g.state.pending == ()
    # the log is the truth: a replay reads the logged draw and equals the snapshot
    assert await service.verify(info.game_id)


async def test_undo_never_steps_back_over_a_draw(service: Service) -> None:
    await _bombay(service)
    await _to_the_sets_last_turn(service)
    mover = await whose_turn(service)
    await service.act(CHANNEL, mover, "end", render=False)
    with pytest.raises(ServiceError) as refused:
        await service.undo(CHANNEL, mover, render=False)
    assert refused.value.key == "service.undo_chance"
    with pytest.raises(ServiceError) as previewed:
        await service.undo_preview(CHANNEL, mover)
    assert previewed.value.key == "service.undo_chance"


async def test_a_public_draw_shows_in_the_log_the_export_and_the_board_caption(
    service: Service,
) -> None:
    await _bombay(service)
    await _to_the_sets_last_turn(service)
    await service.act(CHANNEL, await whose_turn(service), "end", render=False)
    info = await service.game(CHANNEL)
    drawn = (await service.record(info.game_id))["actions"][-1]["action"]
    page = await service.log(CHANNEL, -1)
    assert any(f"Chance: {drawn} — Set 2:" in line for line in page.lines)
    running: dict[str, Any] = await service.export(CHANNEL)
    assert running["actions"][-1]["action"] == drawn and running["actions"][-1]["seat"] == CHANCE
    board = await service.board(CHANNEL)
    # the caption names the move, then what its draw showed
    (named,) = [i for i, line in enumerate(board.lines) if line.startswith("Last move: ")]
    assert board.lines[named].endswith(": end")
    assert board.lines[named + 1].startswith("Then: Set 2:")


async def test_a_record_with_chance_rows_replays_and_a_forged_draw_is_refused(
    service: Service,
) -> None:
    await _bombay(service)
    await _to_the_sets_last_turn(service)
    await service.act(CHANNEL, await whose_turn(service), "end", render=False)
    info = await service.game(CHANNEL)
    record = await service.record(info.game_id)
    again = replay(json.loads(json.dumps(record)))
    async with service.db.read():
        g = await service.load(CHANNEL, live=True)
    assert again.state == g.engine.dump(g.state)
    # a draw the bag could not give does not replay
    record["actions"][-1]["action"] = "restock blue=9"
    with pytest.raises(Exception, match="only 5 blue"):
        replay(record)


async def _random_move(service: Service, rng: Rng) -> tuple[User, int, str, MoveOutcome, Any]:
    """A random legal move of whoever must act now: the mover, their seat, what they typed,
    the outcome and the game as it was before the move."""
    info = await service.game(CHANNEL)
    user = user_by_id(info.to_act[0])
    async with service.db.read():
        g = await service.load(CHANNEL, live=True)
    seat = g.seat_of(user.id)
    assert seat is not None
    text = random_action(g.engine, g.state, seat, rng)
    assert text is not None
    outcome = await service.act(CHANNEL, user, text, render=False)
    return user, seat, text, outcome, g


def _said(words: str, told: str) -> bool:
    """Whether ``words`` are in ``told`` as words of their own (a draw ``card red9`` is not
    told by "discard red9")."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", told) is not None


#: Every game with chance steps, played at the players the shared tests seat, with its
#: ``PLAY_OPTIONS`` for ``CHANCE_MOVES`` moves, by which random play has met several draws (both
#: in ``tests/<id>/__init__.py``; default: no options, 80 moves).
CHANCY = [game for game in games.shipped() if engines.get(game).has_chance]


@pytest.mark.parametrize("game", CHANCY)
async def test_random_play_logs_every_draw_as_a_chance_row_that_replays(
    service: Service, game: str
) -> None:
    options, moves = games.fact(game, "PLAY_OPTIONS", {}), games.fact(game, "CHANCE_MOVES", 80)
    people = (ANA, BEN, CAL, DEE)[: games.players(game)]
    await service.create_lobby(GUILD, CHANNEL, ANA, game, options=options, seed=3)
    for u in people[1:]:
        await service.join(CHANNEL, u)
    await service.start(CHANNEL, ANA, order=[u.id for u in people], render=False)
    rng = Rng(seed_state(9))
    said: list[str] = []  # everything the table was told
    for _ in range(moves):
        info = await service.game(CHANNEL)
        assert CHANCE not in info.to_act  # the stored game never waits for a draw
        if not info.to_act:
            break
        user, seat, text, outcome, g = await _random_move(service, rng)
        said += outcome.lines
        assert outcome.seat == seat and outcome.action == str(g.engine.read(g.state, seat, text))
    info = await service.game(CHANNEL)
    record = await service.record(info.game_id)
    drawn = [a for a in record["actions"] if a["seat"] == CHANCE]
    assert len(drawn) >= 2
    assert await service.verify(info.game_id)
    # A running game's export shows each draw as everyone saw it: all of a public draw.
    running = await service.export(CHANNEL)
    engine = g.engine
    for row, shown in zip(record["actions"], running["actions"], strict=True):
        if row["seat"] == CHANCE:
            verb = row["action"].split()[0]
            public = verb in engine.public_chance
            assert shown["action"] == (row["action"] if public else verb)
    # A hidden draw's text (Imhotep's face-down pair, Brass's cards) is in no message, log page
    # or export, nor is what a draw showed one seat only (the cards a Brass player drew).
    pages = await service.log(CHANNEL, 1, per_page=1000)
    told = " ".join([*said, *pages.lines, json.dumps(running, ensure_ascii=False)])
    for row in drawn:
        if row["action"].split()[0] not in engine.public_chance:
            assert not _said(row["action"], told), row["action"]
            # (A game whose drawn things are also shown publicly, as a Brass card is by every
            # discard (B18), declares DRAWS_SHOWN_ELSEWHERE: what must not be told is who drew
            # them, checked with the private events below.)
            if not games.fact(game, "DRAWS_SHOWN_ELSEWHERE", False):
                told_parts = [p for p in row["action"].split()[1:] if _said(p, told)]
                assert not told_parts, (
                    f"the hidden draw {row['action']!r} is told: {told_parts}; if the game "
                    "shows what was drawn publicly anyway (Brass's cards, by every discard), "
                    f"say DRAWS_SHOWN_ELSEWHERE = True in tests/{game}/__init__.py"
                )
    async with service.db.read():
        rows = await service.db.actions(info.game_id)
    secrets = [e for a in rows if a.seat == CHANCE for e in events_of(a) if e.visible_to]
    # The events a draw shows its drawer alone, and the chance verbs the play has met, as the
    # game declares them (CHANCE_PRIVATE_EVENTS, CHANCE_VERBS; Brass: the cards drawn, and the
    # rail era's deal).
    private_keys = games.fact(game, "CHANCE_PRIVATE_EVENTS", None)
    if private_keys is not None:
        assert {e.key for e in secrets} == set(private_keys)
    verbs = {a.action.split()[0] for a in rows if a.seat == CHANCE}
    assert set(games.fact(game, "CHANCE_VERBS", ())) <= verbs
    for e in secrets:
        assert CATALOG.text(e.key, e.params, names=g.names) not in told


async def test_Y31_a_timed_out_turn_that_ends_a_set_is_followed_by_its_draw(
    service: Service,
) -> None:
    # Given the first set's last turn, when the mover's deadline passes (the rules' "end")
    await _bombay(service)
    await _to_the_sets_last_turn(service)
    mover = await whose_turn(service)
    info = await service.game(CHANNEL)
    outcome = await service.resolve_deadline(info.game_id, mover.id, render=False)
    # then the automatic "end" is logged, and after it the restock, as a chance row
    assert outcome is not None and outcome.action == "end"
    rows = (await service.record(info.game_id))["actions"][-2:]
    assert [(a["seat"], a["action"].split()[0]) for a in rows] == [
        (mover.id - 1, "end"),
        (CHANCE, "restock"),
    ]
    assert any("restocks" in line for line in outcome.lines)
    assert await service.verify(info.game_id)


async def test_I51_a_bonus_cards_draw_is_a_public_chance_row_that_undo_never_steps_back_over(
    service: Service,
) -> None:
    # Given an Imhotep game with every site on side B, played at random until a move's stone
    # lands on a Pyramid-B or Temple-B card space (I51, I56) with nothing after the draw
    await service.create_lobby(GUILD, CHANNEL, ANA, "imhotep", options={"sides": "b"}, seed=4)
    await service.join(CHANNEL, BEN)
    await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    rng = Rng(seed_state(2))
    info = await service.game(CHANNEL)
    for _ in range(200):
        mover, seat, _, outcome, _ = await _random_move(service, rng)
        rows = (await service.record(info.game_id))["actions"]
        if rows[-1]["seat"] == CHANCE and rows[-1]["action"].startswith("draw "):
            break
    else:
        pytest.fail("no card bonus drawn in 200 random moves")
    # then the move is logged, then the draw as a chance row, told under the move
    drawn = rows[-1]["action"]
    assert rows[-2]["seat"] == seat and any(" drew the " in line for line in outcome.lines)
    # everyone sees the drawn card: the log page and the running game's export show the draw
    page = await service.log(CHANNEL, -1)
    assert any(f"Chance: {drawn}" in line for line in page.lines)
    running: dict[str, Any] = await service.export(CHANNEL)
    assert running["actions"][-1]["action"] == drawn
    # and the mover cannot take the move back for another card: the chance row is a barrier
    with pytest.raises(ServiceError) as refused:
        await service.undo(CHANNEL, mover, render=False)
    assert refused.value.key == "service.undo_chance"
    assert await service.verify(info.game_id)


# -- Brass: a card drawn is seen by its drawer only (B21, B23) ----------------------------------


async def _brass_turn_ended(svc: Service) -> tuple[User, int, User, Any]:
    """A two-player Brass game whose first player has just passed (round 1: one action a turn),
    so a card was drawn; returns the mover, their seat, the other player and the outcome."""
    await svc.create_lobby(GUILD, CHANNEL, ANA, "brass", seed=5)
    await svc.join(CHANNEL, BEN)
    await svc.start(CHANNEL, ANA, render=False)
    mover = await whose_turn(svc)
    async with svc.db.read():
        g = await svc.load(CHANNEL, live=True)
    seat = g.seat_of(mover.id)
    assert seat is not None
    outcome = await svc.act(CHANNEL, mover, f"pass card={g.state.hands[seat][0]}", render=False)
    return mover, seat, (BEN if mover == ANA else ANA), outcome


async def test_B21_B23_a_brass_refill_is_a_chance_row_whose_cards_only_the_drawer_sees(
    service: Service,
) -> None:
    mover, seat, other, outcome = await _brass_turn_ended(service)
    info = await service.game(CHANNEL)
    rows = (await service.record(info.game_id))["actions"]
    assert [a["seat"] for a in rows[-2:]] == [seat, CHANCE]
    verb, cards = rows[-1]["action"].split()
    assert verb == "draw" and len(cards.split(",")) == 1  # round 1: one card back (B21)
    async with service.db.read():
        g = await service.load(CHANNEL, live=True)
    (card,) = cards.split(",")
    secret = CATALOG.text("brass.you_drew", {"cards": [display_name(card)], "card_ids": [card]})
    # the drawer is told which card, privately; the table how many
    assert outcome.private_lines == {mover.id: (secret,)}
    assert f"{mover.name} drew 1 card." in outcome.lines and secret not in outcome.lines
    # the log page, a running game's export, the board caption and the other's catch-up show
    # the draw by its verb and its public event only
    page = await service.log(CHANNEL, -1)
    assert page.lines[-1].endswith(f"Chance: draw — {mover.name} drew 1 card.")
    theirs = await service.log(CHANNEL, -1, viewer=other.id)
    assert theirs.lines == page.lines
    mine = await service.log(CHANNEL, -1, viewer=mover.id)
    assert mine.lines[-1].endswith(secret)
    running = await service.export(CHANNEL)
    assert running["actions"][-1]["action"] == "draw"
    board = await service.board(CHANNEL)
    (named,) = [i for i, line in enumerate(board.lines) if line.startswith("Last move: ")]
    assert board.lines[named].startswith(f"Last move: {mover.name}: ")
    assert board.lines[named + 1] == f"Then: {mover.name} drew 1 card."
    recap = await service.since_last_turn(CHANNEL, [other.id])
    told = " ".join([*outcome.lines, *page.lines, json.dumps(running), *board.lines, *recap])
    # (the card's name alone is no secret: the board names every town, B23 hides who holds it)
    assert rows[-1]["action"] not in told and secret not in told and "You drew" not in told
    # a draw is an undo barrier; the log replays to the stored state
    with pytest.raises(ServiceError) as refused:
        await service.undo(CHANNEL, mover, render=False)
    assert refused.value.key == "service.undo_chance"
    assert await service.verify(info.game_id)
    assert len(g.state.hands[seat]) == 8 and card in g.state.hands[seat]
