"""Marco Polo's computer player (issue #15): what its evaluation rewards and which moves it
compares. The strength itself is measured by ``turnpost arena marco_polo`` (a benchmark)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engines
from engines.ai.search import MAX_LISTED, ROOT_TURNS, candidate_moves, legal_texts, search
from engines.base import CHANCE, END
from engines.marco_polo import ai_value
from engines.marco_polo import tables as T
from engines.marco_polo.ai import KNOWLEDGE
from engines.marco_polo.ai_moves import legal_moves, may_place_any, verb_moves
from engines.marco_polo.ai_value import sheet_total
from engines.marco_polo.rewards import posts_left
from engines.marco_polo.scoring import breakdown
from engines.marco_polo.state import State, goods_total, parse_die
from engines.randomplay import random_action
from engines.rng import Rng
from tests.marco_polo.helpers import dice, play, put, ready, res

E = engines.get("marco_polo")


def every_move(st: State, seat: int, prefix: tuple[str, ...] = ()) -> list[str]:
    """Every legal move, token by token through ``complete`` (no cap, unlike the search's
    ``legal_texts``, which samples past ``MAX_LISTED``)."""
    out = []
    for tok in E.complete(st, seat, " ".join(prefix)):
        if tok == END:
            out.append(" ".join(prefix))
        else:
            out.extend(every_move(st, seat, (*prefix, tok)))
    return out


def _without_values(move: str) -> tuple[str, ...]:
    """A move's tokens with each die's value left out (``place gold 6 6 6`` -> kinds only)."""
    return tuple(f"die:{d[0]}" if (d := parse_die(t)) else t for t in move.split())


def test_m51_raschid_compares_each_placement_once_at_its_lowest_value() -> None:
    """M51, M24: Raschid sets his dice, and a placement does what its lowest die says and costs
    that value on an occupied space; so of the legal moves that differ only in his dice values
    the search keeps one, with every die at the lowest value the choices allow."""
    st = ready(2, seed=3, s0="raschid")
    st = dice(st, 0, 0, 0, 0, 0, "b0")
    st = res(st, 0, coin=30, camel=6)
    legal = every_move(st, 0)
    kept = candidate_moves(E, KNOWLEDGE, st, 0, Rng(1))
    assert len(legal) > MAX_LISTED  # too many to list: the search would see a random part
    assert set(kept) <= set(legal)
    assert len(kept) < len(legal) / 4
    assert "place gold 6 6 6 col=6" in kept and "place gold 6 6 b6 col=6" in kept
    assert "place gold 6 6 6 col=5" not in kept and "place gold 5 5 5 col=5" in kept
    # Every legal placement still has its kind of move among those kept, no dearer.
    cheapest = {_without_values(m): m for m in sorted(kept)}
    for move in legal:
        assert _without_values(move) in cheapest, move


def test_m24_other_characters_compare_every_placement_at_its_lowest_dice() -> None:
    """M24: of placements on the same space with the same kinds of dice and the same choices,
    the search compares the one with the lowest dice (same action, same or lower fee, better
    dice kept); every other move is compared as it is."""
    st = dice(ready(2, seed=3, s0="berke"), 0, 2, 5, 6)
    legal = legal_texts(E, st, 0, Rng(1))
    kept = candidate_moves(E, KNOWLEDGE, st, 0, Rng(1))
    assert set(kept) < set(legal)
    assert "place pepper 2 col=2" in kept and "place pepper 5 col=2" not in kept
    assert "place pepper 5 col=5" in kept and "place pepper 6 col=5" not in kept
    assert "place travel 2 5 row=2" in kept and "place travel 5 6 row=2" not in kept
    assert "coins3 2" in kept and "coins3 6" not in kept
    assert {m for m in legal if not m.startswith(("place", "coins3", "reroll"))} <= set(kept)
    cheapest = {_without_values(m) for m in kept}
    assert {_without_values(m) for m in legal} == cheapest


def test_the_moves_listed_whole_are_the_moves_completion_offers() -> None:
    """``ai_moves.legal_moves`` lists exactly what ``complete`` offers token by token, at
    positions of random 4-player games (basic and advanced), Raschid's unrolled dice included."""
    for setup, seed in (("basic", 4), ("advanced", 9)):
        st = E.setup(4, {"setup": setup}, seed)
        rng = Rng(seed)
        for _ in range(150):
            who = E.to_act(st)
            if not who:
                break
            seat = who[0]
            assert sorted(legal_moves(st, seat)) == sorted(every_move(st, seat))
            st, _ = E.play(st, seat, random_action(E, st, seat, rng) or "")


def test_m33_an_unused_die_is_worth_more_than_the_3_coins_it_could_become() -> None:
    """M33, M21: a die kept is a later action this round; the evaluation that saw only coins put
    every die on the 3-coins space and never travelled."""
    st = res(dice(ready(2, seed=3, s0="berke"), 0, 2, 5, 6), 0, coin=3)  # 6 coins: no VP yet
    after, _ = play(st, 0, "coins3 2")
    assert KNOWLEDGE.scores(after)[0] < KNOWLEDGE.scores(st)[0]


def test_m28_a_movement_under_way_is_worth_the_post_it_can_reach() -> None:
    """M28, M42, M44: after paying for Travel the position is rated by the best city the steps
    left can reach (a post there, its first-post tile and card), not by the coins gone."""
    st = dice(ready(2, seed=3, s0="berke"), 0, 4, 5)
    st = res(st, 0, coin=20)
    moving, _ = play(st, 0, "place travel 4 5 row=2")
    assert moving.pending and moving.pending[0].k == "move"
    # Worth more than the same coins and dice gone without a step taken (a share of the post
    # in Alexandria, its tile and card, at the least).
    spent = put(res(dice(st, 0), 0, coin=13), spaces=moving.spaces)
    assert KNOWLEDGE.scores(moving)[0] > KNOWLEDGE.scores(spent)[0] + 2
    built, _ = play(moving, 0, "move alexandria", "stop")
    assert "alexandria" in built.players[0].posts
    assert KNOWLEDGE.scores(built)[0] > KNOWLEDGE.scores(moving)[0]


def test_a_root_prior_keeps_the_look_aheads_order_when_the_search_has_no_time() -> None:
    """With no iterations the search's ranking is the one-move look-ahead's (its ``prior``)."""
    st = dice(ready(2, seed=3, s0="berke"), 0, 2, 5, 6)
    ranked = search(E, KNOWLEDGE, st, 0, Rng(5), iterations=0)
    assert ranked and all(r.visits == KNOWLEDGE.prior for r in ranked)
    assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)


class _Counted(type(KNOWLEDGE)):  # type: ignore[misc]
    """Marco Polo's knowledge, counting the samples a search draws."""

    def __init__(self) -> None:
        self.drawn = 0

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        self.drawn += 1
        return super().determinize(state, seat, rng)


def test_a_paired_root_reads_each_sweeps_turns_on_one_sample() -> None:
    """Sequential halving with ``paired`` draws one sample per sweep over the turns in play
    (and one to list them), not one per iteration: 12 turns, 48 iterations in 4 rounds of 12
    (12, 6, 3 and 2 turns in play) are 1 + 1 + 2 + 4 + 6 samples."""
    st = dice(ready(2, seed=3, s0="berke"), 0, 2, 5, 6)
    paired, alone = _Counted(), _Counted()
    ranked = search(E, paired, st, 0, Rng(5), iterations=48, halving=True, paired=True)
    search(E, alone, st, 0, Rng(5), iterations=48, halving=True)
    assert len(ranked) == ROOT_TURNS
    assert (paired.drawn, alone.drawn) == (14, 49)


def test_strong_compares_more_turns_on_paired_samples_in_marco_polo() -> None:
    """``strong`` spends its extra time in Marco Polo on a wider root (``strong_width``), halved
    (``strong_halving``) on common samples (``strong_paired``): its ranking is two such searches
    merged by value, and the bot's worker processes search the same way (``think_part``);
    ``normal``'s root stays as it was."""
    from engines.ai.search import merge
    from engines.ai.seats import STRONG_SEARCHES, root_paired, root_width, strong, think_part
    from engines.rng import seed_state

    st = dice(ready(2, seed=3, s0="berke"), 0, 2, 5, 6)
    assert root_width(KNOWLEDGE, "normal") == ROOT_TURNS < root_width(KNOWLEDGE, "strong")
    assert root_paired(KNOWLEDGE, "strong") and not root_paired(KNOWLEDGE, "normal")
    rng = Rng(7)
    seeds = [rng.next64() for _ in range(STRONG_SEARCHES)]
    parts = [
        search(
            E,
            KNOWLEDGE,
            st,
            0,
            Rng(seed_state(s)),
            iterations=45,
            width=KNOWLEDGE.strong_width,
            halving=True,
            paired=True,
        )
        for s in seeds
    ]
    assert len(parts[0]) == KNOWLEDGE.strong_width
    assert strong(E, KNOWLEDGE, st, 0, Rng(7), iterations=30) == merge(parts, by_value=True)
    pooled = think_part("marco_polo", E.dumps(st), 0, seeds[0], 0.0, "strong", iterations=45)
    assert [(t, n) for t, n, *_ in pooled] == [(r.turn, r.visits) for r in parts[0]]


def _hidden_swapped(st: State, seat: int) -> State:
    """``st`` with what ``seat`` cannot see dealt differently (M65): the other seats' goal cards
    moved round the table, one of them exchanged with a goal nobody holds, each seat's goals
    (and offer) in another order, the contract pile reversed."""
    others = [s for s in range(st.n) if s != seat]
    held = {g for p in st.players for g in (*p.goals, *p.goal_offer)}
    spare = next(g for g in sorted(T.GOALS) if g not in held)
    players = list(st.players)
    moved = [players[others[-1]], *(players[s] for s in others[:-1])]
    for s, src in zip(others, moved, strict=True):
        goals, offer = list(reversed(src.goals)), list(reversed(src.goal_offer))
        if s == others[0]:
            (goals or offer)[0] = spare
        players[s] = replace(players[s], goals=tuple(goals), goal_offer=tuple(offer))
    return replace(st, players=tuple(players), pile=tuple(reversed(st.pile)))


def test_m65_a_sample_depends_only_on_what_the_seat_knows() -> None:
    """M65, #24.7b: two positions that differ only in the other seats' secret goal cards (who
    holds which, in what order, which lie unused) and in the order of the contract pile give the
    same samples for the same generator: equal information, equal samples. Checked in the basic
    set-up and during the advanced set-up's goal choice (offers of four)."""
    basic = ready(4, seed=11)
    advanced = E.setup(4, {"setup": "advanced"}, 5)
    rng = Rng(1)
    while advanced.phase != "goals":  # the character draft, at random
        seat = E.to_act(advanced)[0]
        advanced, _ = E.play(advanced, seat, random_action(E, advanced, seat, rng) or "")
    for st in (basic, advanced):
        for seat in range(st.n):
            other = _hidden_swapped(st, seat)
            assert other != st
            for seed in range(5):
                one = KNOWLEDGE.determinize(st, seat, Rng(seed))
                two = KNOWLEDGE.determinize(other, seat, Rng(seed))
                assert one == two, (st.setup, seat, seed)


def _random_positions(count: int, seed: int) -> list[tuple[State, int]]:
    """Positions of a random 4-player game (basic and advanced alternately), a seat to move."""
    out: list[tuple[State, int]] = []
    game = 0
    while len(out) < count:
        st = E.setup(4, {"setup": ("basic", "advanced")[game % 2]}, seed + game)
        rng = Rng(seed + game)
        while len(out) < count:
            who = E.to_act(st)
            if not who:
                break
            out.append((st, who[0]))
            st, _ = E.play(st, who[0], random_action(E, st, who[0], rng) or "")
        game += 1
    return out[::7]


def test_m22_each_turn_is_legal_in_order_and_ends_where_the_turn_passes() -> None:
    """M22, M23, M37: every whole turn offered is legal command by command and stops where the
    seat's turn passes: the seat ends it (and nothing follows ``end``, even where the seat plays
    again because the others are out of dice), another seat decides, the game is over, or a die
    is rolled (a chance step the search must see). A turn planned on a sample of the seat's
    information is legal in the game itself (M65): it stops where a contract is drawn from the
    hidden pile, which the sample deals differently."""
    for st, seat in _random_positions(350, 31):
        sample = KNOWLEDGE.determinize(st, seat, Rng(7))
        found = KNOWLEDGE.turns(E, sample, seat, Rng(2), 3)
        assert found, (st.round, seat)
        for turn in found:
            after = st
            for i, move in enumerate(turn):
                assert seat in E.to_act(after), (turn, i)
                before = after
                after, _ = E.apply(after, seat, E.parse(after, seat, move))
                drawn = len(after.pile) != len(before.pile)
                assert not drawn or i == len(turn) - 1, (turn, i)
            who = E.to_act(after)
            assert "end" not in turn[:-1]
            assert turn[-1] == "end" or seat not in who or who == [CHANCE] or drawn, turn


def test_m22_a_listed_turn_leads_where_playing_it_leads() -> None:
    """M22, M23: the position each whole turn leads to, as the listing reports it
    (``turns_after``, which the search goes on from instead of playing the turn again), is
    the position playing the turn command by command gives, through the checked rules."""
    for st, seat in _random_positions(350, 37):
        sample = KNOWLEDGE.determinize(st, seat, Rng(5))
        planned = KNOWLEDGE.turns_after(E, sample, seat, Rng(2), 4)
        assert [t for t, _ in planned] == KNOWLEDGE.turns(E, sample, seat, Rng(2), 4)
        for turn, at in planned:
            played = sample
            for move in turn:
                played, _ = E.apply(played, seat, E.parse(played, seat, move))
            assert at == played, turn


def _played(st: State, seat: int, turn: tuple[str, ...]) -> State:
    """``turn`` played command by command through the checked rules, chance settled."""
    for move in turn:
        st, _ = E.apply(st, seat, E.parse(st, seat, move))
        st, _ = E.settle(st)
    return st


def test_m65_a_turn_carried_to_another_sample_leads_where_playing_it_there_leads() -> None:
    """M65, M7, M60, M63: a whole turn played in one sample of a seat's information and carried
    over to another (``graft``, which the search uses instead of playing it again) is the
    position playing it in that other sample gives; where the turn rolled a die or drew from
    the pile, nothing is carried over."""
    grafted = refused = 0
    for st, seat in _random_positions(700, 43):
        if st.phase != "play":
            continue
        first = KNOWLEDGE.determinize(st, seat, Rng(11))
        other = KNOWLEDGE.determinize(st, seat, Rng(12))
        for turn in KNOWLEDGE.turns(E, first, seat, Rng(2), 3):
            at = _played(first, seat, turn)
            carried = KNOWLEDGE.graft(at, first, other)
            if carried is None:
                refused += 1
                assert at.rng != first.rng or at.pile != first.pile or at.phase != "play"
            else:
                grafted += 1
                assert carried == _played(other, seat, turn), turn
    assert grafted > 50 and refused > 0


def test_m24_m28_the_placements_of_one_space_are_those_listed_for_it() -> None:
    """M24-M31: ``space_moves`` (a turn wanting only Travel rows) gives the legal placements
    on that space, in ``legal_moves``' order; the choices worked out once per key are those
    worked out afresh."""
    from engines.marco_polo.ai_moves import space_moves
    from engines.marco_polo.placement import SPACES, _choices_for_value, choices_for_value

    for st, seat in _random_positions(300, 67):
        moves = legal_moves(st, seat)
        for space in ("travel", "contracts", "gold"):
            assert space_moves(st, seat, space) == [
                m for m in moves if m.startswith(f"place {space} ")
            ]
        for space in SPACES:
            if space in T.CITY_SPACES and st.cards.get(space) is None:
                continue
            for value in range(1, 7):
                cached = choices_for_value(st, seat, space, value)
                assert cached == _choices_for_value(st, seat, space, value), (space, value)


def test_the_rollout_policy_plays_legal_moves() -> None:
    for st, seat in _random_positions(200, 41):
        move = KNOWLEDGE.policy(E, st, seat, Rng(3))
        assert move is not None
        E.play(st, seat, move)  # refused moves raise


def test_m42_m60_the_best_turn_travels_to_a_goal_city_in_reach() -> None:
    """M28, M42, M60: with the coins and dice for it, the turn rated best travels to the city on
    the seat's goal card and builds a post there, rather than taking goods at the bazaar."""
    st = dice(ready(4, seed=3, s0="berke"), 0, 5, 5, 4, 2, 1)
    st = res(st, 0, coin=12, camel=3, goals=("g01", "g13"))  # Moscow+Xian, Alexandria+Anxi
    best = KNOWLEDGE.turns(E, st, 0, Rng(1), 3)[0]
    after = st
    for move in best:
        after, _ = E.play(after, 0, move)
    assert best[0].startswith("place travel") or any(m.startswith("place travel") for m in best)
    assert set(after.players[0].posts) & {"moscow", "alexandria"}, best


def test_m28_coins_for_the_road_are_worth_more_early_than_in_the_last_round() -> None:
    """M28, M60: the evaluation counts the journey the coins pay for while rounds are left; in
    the last round a coin is worth only the score sheet's tenth of a VP."""
    st = ready(4, seed=3, s0="berke")
    gain_early = KNOWLEDGE.scores(res(st, 0, coin=20))[0] - KNOWLEDGE.scores(res(st, 0, coin=8))[0]
    late = put(st, round=5)
    gain_late = (
        KNOWLEDGE.scores(res(late, 0, coin=20))[0] - KNOWLEDGE.scores(res(late, 0, coin=8))[0]
    )
    assert gain_early > 12 * 0.2
    assert gain_late == 2.0  # 20 coins: 2 VP on the sheet, 8 coins: 0


def test_m42_m60_in_the_last_round_the_best_turn_travels_to_a_goal_city() -> None:
    """M28, M40, M42, M60: in the last round, a seat with the coins, camels and dice for a
    Travel action to a goal city one step away (Anxi, 3 camels from Moscow) goes there: its
    third goal city and a whole goal card score at the end, more than any other action."""
    st = put(ready(4, seed=3, s0="berke"), round=5)
    st = res(dice(st, 0, 6, 5, 1), 0, coin=14, camel=3, goals=("g01", "g13"))
    st = res(st, 0, posts=("moscow", "alexandria"), posts_placed=2, figures=("moscow",))
    best = KNOWLEDGE.turns(E, st, 0, Rng(1), ROOT_TURNS)[0]
    after = st
    for move in best:
        after, _ = E.play(after, 0, move)
    assert any(m.startswith("place travel") for m in best), best
    assert "anxi" in after.players[0].posts, best


def test_m28_m45_a_travel_row_is_compared_as_the_whole_turn_it_starts() -> None:
    """M28, M45, M58: a Travel placement is compared as the whole turn it starts (the post
    built), not as a movement not made yet, which one step in rates below taking goods: in the
    last round Johannes, with coins and two sixes, goes to Beijing (oasis to oasis in one step,
    M58) for its 10 VP instead of taking Khan's favor."""
    st = put(ready(4, seed=3, s0="johannes"), round=5)
    st = res(dice(st, 0, 6, 6, 2), 0, coin=74, camel=0)
    best = KNOWLEDGE.turns(E, st, 0, Rng(1), ROOT_TURNS)[0]
    after = st
    for move in best:
        after, _ = E.play(after, 0, move)
    assert best[0].startswith("place travel"), best
    assert "beijing" in after.players[0].posts, best


def test_m60_the_evaluations_sheet_is_the_score_sheet() -> None:
    """M60: the evaluation's quick one-seat total is the score sheet's (``scoring.breakdown``)
    at every position of random games, basic and advanced."""
    for st, _ in _random_positions(400, 51):
        sheets = breakdown(st)
        most = max(len(p.fulfilled) for p in st.players)
        for seat in range(st.n):
            assert sheet_total(st, seat, most) == sum(sheets[seat].values())


def test_a_turn_asks_for_its_extra_actions_without_listing_every_placement() -> None:
    """M32-M36, M22: the moves of one extra-action verb (``verb_moves``) are the legal moves of
    that verb, in the same order, and ``may_place_any`` says whether a main action is among the
    legal moves, at every position of random games."""
    for st, seat in _random_positions(300, 61):
        moves = legal_moves(st, seat)
        for verbs in (("fulfil",), ("coins3",), ("end", "black")):
            assert verb_moves(st, seat, verbs) == [m for m in moves if m.split()[0] in verbs]
        assert may_place_any(st, seat) == any(m.startswith("place ") for m in moves)


def _journey_by_city_gain(st: State, seat: int) -> float:
    """The journey (``ai_value.journey``) worked out hop by hop with ``_city_gain``, the
    plain way: each later round, the city with the best gain net of its row, routes and the
    expected occupied fee, by the chance the dice allow its row; while two dice allow a Travel
    action this round, the better of that and a plan whose first hop is this round's (as many
    steps as the two best dice allow, Raschid any, paying for them and the fee if the space is
    taken, at ``NOW_WEIGHT``)."""
    later = T.ROUNDS - st.round
    plan = _plan_by_city_gain(st, seat, later, None)
    p = st.players[seat]
    own_on_travel = any(o == seat and k == "o" for o, k, _ in st.spaces.get("travel", ()))
    usable = [v for k, v in p.dice if not (own_on_travel and k == "o")]
    if len(usable) >= 2:
        if p.char == "raschid":
            best = [ai_value.RASCHID_DIE, ai_value.RASCHID_DIE]
            steps = 6
        else:
            best = sorted((float(v or 3) for _, v in p.dice), reverse=True)[:2]
            steps = int(best[1])
        fee = 1.0 if st.spaces.get("travel") and p.char != "berke" else 0.0
        first = (steps, 2 * ai_value.DIE_BASE + ai_value.DIE_PIP * (best[0] + best[1]), fee)
        plan = max(plan, _plan_by_city_gain(st, seat, later + 1, first))
    return plan


def _plan_by_city_gain(
    st: State, seat: int, rounds: int, first: tuple[int, float, float] | None
) -> float:
    """``_journey_by_city_gain``'s plan over ``rounds`` hops (``first``: the first hop's steps
    at most, the dice it costs and its fee per step)."""
    later = T.ROUNDS - st.round
    p = st.players[seat]
    hops = min(rounds, posts_left(st, seat))
    locs, held, placed = list(p.figures), set(p.posts), p.posts_placed
    coins = p.coin + ai_value.JOURNEY_COINS * later
    camels = p.camel + ai_value.JOURNEY_CAMELS * later
    taken = sum(1 for x in st.beijing if x is not None)
    fee_later = 0.0 if p.char == "berke" else ai_value.TRAVEL_TAKEN[st.n]
    total = 0.0
    for hop in range(hops):
        best: tuple[float, int, str, float, int] | None = None
        now = first is not None and hop == 0
        for city in sorted(T.POST_CITIES):
            if city in held:
                continue
            small = city in st.city_bonus
            tile = st.first_post.get(city)
            extra = (
                ai_value.BONUS_VP[st.city_bonus[city]]
                if small
                else ai_value.TILE_VP[tile]
                if tile
                else 0.0
            )
            rolled = 6 if p.char == "raschid" else 5
            limit, dice_vp, fee = first if first and now else (rolled, 0.0, fee_later)
            for fig, loc in enumerate(locs):
                steps, cam, coi = ai_value.ROUTES[loc][city]
                if not 0 < steps <= limit or cam > camels:
                    continue
                paid = ai_value.ROW_COINS[steps] + coi + fee * steps
                if now and paid > p.coin:
                    continue
                share = 1.0 if paid <= coins else ai_value.PARTIAL * max(0, coins) / paid
                gain = ai_value._city_gain(
                    city,
                    frozenset(held),
                    p.goals,
                    placed,
                    p.char,
                    rounds - 1 - hop,
                    taken,
                    goods_total(p),
                    extra if city in T.SMALL_CITIES else 0.0,
                    extra if city not in T.SMALL_CITIES else 0.0,
                )
                net = share * (gain - 0.2 * paid - 0.3 * cam)
                if now:
                    net = ai_value.NOW_WEIGHT * (net - dice_vp)
                if best is None or net > best[0]:
                    best = (net, fig, city, paid, cam)
        if best is None or best[0] <= 0:
            break
        net, fig, city, paid, cam = best
        total += net
        if paid > coins:
            break
        locs[fig] = city
        held.add(city)
        placed += 1
        coins -= paid
        camels -= cam
        taken += city == "beijing"
    return total


def test_m28_m60_the_journey_plans_each_hop_with_the_gain_of_a_post_there() -> None:
    """M28, M40, M42-M46, M60: the journey's quick city gains (worked out once per hop) add up
    to what ``_city_gain`` says hop by hop, at every position of random games."""
    for st, seat in _random_positions(300, 71):
        if st.phase != "play" or st.round > T.ROUNDS:
            continue
        later = T.ROUNDS - st.round
        assert ai_value.journey(st, seat, later) == pytest.approx(_journey_by_city_gain(st, seat))


def test_m24_m28_the_journey_counts_this_rounds_travel_while_two_dice_allow_it() -> None:
    """M24, M28, M60: a Travel action still possible this round (two dice the seat may place
    there) is part of the journey, so dice spent elsewhere without travelling cost the post the
    seat could have built; once its own colour is on Travel this round, or one die is left, the
    journey has no hop this round. In the last round that hop is all the journey there is."""
    st = put(ready(4, seed=3, s0="berke"), round=5)
    st = res(dice(st, 0, 6, 5, 1), 0, coin=14, camel=3, goals=("g01", "g13"))
    st = res(st, 0, posts=("moscow", "alexandria"), posts_placed=2, figures=("moscow",))
    assert ai_value.journey(st, 0, 0) > 0  # Anxi, one step and 3 camels: a goal city
    assert ai_value.journey(dice(st, 0, 6), 0, 0) == 0.0  # one die: no Travel action
    travelled = put(st, spaces={**st.spaces, "travel": ((0, "o", 5), (0, "o", 6))})
    assert ai_value.journey(travelled, 0, 0) == 0.0  # its colour is on Travel this round
    black = dice(travelled, 0, "b4", "b6", 2)
    assert ai_value.journey(black, 0, 0) > 0  # black dice may still go there (M24.4)
    # The hop must pay for the two dice it takes: a seat whose dice are worth more kept does
    # not count it.
    assert ai_value.journey(res(st, 0, goals=("g02", "g03")), 0, 0) == 0.0


def test_a_samples_goal_cards_change_nothing_else_of_the_player() -> None:
    """``Player.with_goals`` (``determinize``, ``graft``) builds the player field by field:
    every other field must come through as it was, whatever their order in ``Player``."""
    from engines.marco_polo.state import Player

    p = Player(
        char="berke",
        coin=1,
        camel=2,
        pepper=3,
        silk=4,
        gold=5,
        vp=6,
        dice=(("o", 3),),
        posts=("moscow",),
        posts_placed=7,
        figures=("venezia",),
        contracts=("c01",),
        fulfilled=("c02",),
        goals=("g01",),
        goal_offer=("g02",),
        main_done=True,
        bought_black=True,
    )
    assert p.with_goals(("g03", "g04"), ()) == replace(p, goals=("g03", "g04"), goal_offer=())
