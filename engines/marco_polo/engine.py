"""The Voyages of Marco Polo engine: the platform contract on top of the rules modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import END, Engine, EngineMeta, Event, IllegalAction, Option, Result, tokens
from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from engines.marco_polo.decisions import (
    Options,
    draft_options,
    goal_options,
    pending_options,
    resolve,
    turn_options,
)
from engines.marco_polo.draft import Draft
from engines.marco_polo.flow import (
    advance,
    character_setup,
    new_game,
    seats_from,
    settle,
    start_round,
)
from engines.marco_polo.notation import VERBS, Action, parse
from engines.marco_polo.placement import (
    SPACES,
    choice_problem,
    choices,
    dice_combos,
    dice_needed,
    dice_problem,
    place,
    space_problem,
    wrong_dice_count,
)
from engines.marco_polo.rewards import can_pay, place_name, posts_left, words
from engines.marco_polo.scoring import breakdown
from engines.marco_polo.scoring import result as final_result
from engines.marco_polo.state import Pending, State, die_token, parse_die

META = EngineMeta(
    id="marco_polo",
    title="The Voyages of Marco Polo",
    min_players=2,
    max_players=4,
    options=(
        Option(
            "setup",
            "basic: characters by seat, fixed city bonuses, 2 goal cards; advanced: character "
            "draft, random city bonuses, keep 2 of 4 goal cards",
            "basic",
            ("basic", "advanced"),
            {
                "basic": "characters by seat, fixed city bonuses, 2 goal cards each",
                "advanced": "draft players+1 characters, random bonuses, keep 2 of 4 goals",
            },
        ),
    ),
    verbs=VERBS,
    notes=(
        "5 rounds. On your turn: any extra actions, exactly one 'place', more extra actions, "
        "then 'end'. The map is drawn from stylised positions (approximate geography); the 2-3 "
        "player neutral dice follow the BGA implementation."
    ),
)

_PENDING_WHAT = {
    "good": "choose goods (take)",
    "pair": "choose two different goods (take)",
    "give": "choose goods to pay (give)",
    "give_pair": "choose two different goods to pay (give)",
    "discard": "discard contracts (discard)",
    "move": "finish your movement (move/stop)",
    "own_bonus": "choose a small-city bonus (bonus)",
    "other_bonus": "choose another city's bonus (bonus)",
    "relocate": "place or skip a trading post (relocate)",
    "comp": "choose your compensation (compensate)",
}


class MarcoPolo(Engine[State, Action]):
    """The Voyages of Marco Polo (base game, basic and advanced set-up, 8 characters)."""

    meta = META
    format_version = 1

    # -- life cycle --------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.meta.validate_players(players)
        return new_game(players, options, seed).freeze()

    def setup_events(self, state: State) -> list[Event]:
        """Advanced set-up: the draft order (last seat first, M13), which is not the turn order."""
        if state.phase != "draft":
            return []
        offer = state.draft_offer
        return [
            Event(
                "marco_polo.draft_order",
                {"order_seats": list(state.draft_order), "first_seat": state.start},
            ),
            # What each character on offer does (M51-M58): the draft is never blind.
            *(Event("marco_polo.character_line", _character_params(c)) for c in offer),
        ]

    def help_lines(self, lang: str = "en") -> list[str]:
        """Every character and what it does (M51-M58), as the draft offers them."""
        return [character_line(c, lang) for c in T.CHARACTERS]

    def turn_order(self, state: State, players: int) -> list[int]:
        """Round 1's turns: the start player, then clockwise (M21)."""
        return seats_from(state, state.start)

    def parse(self, state: State, seat: int, text: str) -> Action:
        return parse(text)

    def to_act(self, state: State) -> list[int]:
        phase = state.phase
        if phase == "over":
            return []
        if phase == "draft":
            return [state.draft_order[0]]
        if phase == "goals":
            return [s for s, p in enumerate(state.players) if p.goal_offer]
        if state.pending:
            return [state.pending[0].seat]
        return [state.current]

    # -- what may be done --------------------------------------------------------------------
    def _options(self, state: State, seat: int) -> Options:
        if seat not in self.to_act(state):
            return {}
        if state.phase == "draft":
            return draft_options(state, seat)
        if state.phase == "goals":
            return goal_options(state, seat)
        if state.pending:
            return pending_options(state, state.pending[0])
        return turn_options(state, seat)

    def _may_place(self, state: State, seat: int) -> bool:
        return (
            state.phase == "play"
            and not state.pending
            and seat == state.current
            and not state.players[seat].main_done
        )

    def _space_open(self, state: State, seat: int, space: str) -> bool:
        if space_problem(state, seat, space) is not None:
            return False
        dice = state.players[seat].dice
        seen: set[tuple[str, bool]] = set()
        for c in dice_combos(dice, dice_needed(space)):
            key = (min(c, key=lambda t: t[-1])[-1], any(t[0].isdigit() for t in c))
            if key in seen:
                continue
            seen.add(key)
            if dice_problem(state, seat, space, c) is None:
                return True
        return False

    def legal_actions(self, state: State, seat: int) -> list[Action] | None:
        if seat not in self.to_act(state):
            return []
        return None  # dice placements are too many to list: see complete()

    def complete(self, state: State, seat: int, prefix: str) -> list[str]:
        if seat not in self.to_act(state):
            return []
        toks = tokens(prefix, strict=False)
        if toks[:1] == ["place"]:
            return (
                self._complete_place(state, seat, toks[1:]) if self._may_place(state, seat) else []
            )
        opts = self._options(state, seat)
        if not toks:
            verbs = {v for v, lst in opts.items() if lst}
            if self._may_place(state, seat) and any(
                self._space_open(state, seat, s) for s in SPACES
            ):
                verbs.add("place")
            return sorted(verbs)
        rest = tuple(toks[1:])
        n = len(rest)
        return sorted({t[n] if len(t) > n else END for t in opts.get(toks[0], []) if t[:n] == rest})

    def _complete_place(self, state: State, seat: int, rest: list[str]) -> list[str]:
        if not rest:
            return sorted(s for s in SPACES if self._space_open(state, seat, s))
        space = rest[0]
        if space not in SPACES or space_problem(state, seat, space) is not None:
            return []
        k = dice_needed(space)
        given = tuple(rest[1:])
        dice = state.players[seat].dice
        if len(given) < k:
            # Legality depends on the dice only through their lowest value and whether one
            # is of the player's colour: check each such class once.
            verdict: dict[tuple[str, bool], bool] = {}
            nxt: set[str] = set()
            for c in dice_combos(dice, k):
                if c[: len(given)] != given or c[len(given)] in nxt:
                    continue
                key = (min(c, key=lambda t: t[-1])[-1], any(t[0].isdigit() for t in c))
                if key not in verdict:
                    verdict[key] = dice_problem(state, seat, space, c) is None
                if verdict[key]:
                    nxt.add(c[len(given)])
            return sorted(nxt)
        combo = given[:k]
        if dice_problem(state, seat, space, combo) is not None:
            return []
        chosen = given[k:]
        m = len(chosen)
        return sorted(
            {
                s[m] if len(s) > m else END
                for s in choices(state, seat, space, combo)
                if s[:m] == chosen
            }
        )

    # -- doing it ----------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise IllegalAction("core.game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("core.not_your_decision")
        verb, args = action.verb, action.args
        if verb == "place":
            self._check_place(state, seat, args)
        else:
            self._check_other(state, seat, verb, args)
        d = Draft(state)
        if verb == "place":
            space = args[0]
            k = dice_needed(space)
            place(d, seat, space, args[1 : 1 + k], args[1 + k :])
            d.flush()
        elif verb == "end":
            d.emit("ended_turn", seat=seat)
            advance(d)
        else:
            resolve(d, seat, verb, args)
        if d.phase == "draft" and not d.draft_order:
            character_setup(d)
            d.phase = "goals"
        if d.phase == "goals" and not any(p.goal_offer for p in d.players):
            start_round(d)
        settle(d)
        d.last_seat = seat
        d.last_text = verb if verb == "keep" else str(action)
        d.moves += 1
        return d.freeze(), d.events

    def _check_place(self, state: State, seat: int, args: tuple[str, ...]) -> None:
        if not self._may_place(state, seat):
            self._refuse_verb(state, seat, "place")
        if not args or args[0] not in SPACES:
            raise IllegalAction("marco_polo.unknown_space", spaces=", ".join(SPACES))
        space = args[0]
        problem = space_problem(state, seat, space)
        if problem is not None:
            raise problem
        k = dice_needed(space)
        dice = args[1 : 1 + k]
        if len(dice) < k or any(parse_die(t) is None for t in dice):
            raise wrong_dice_count(space)
        problem = dice_problem(state, seat, space, dice)
        if problem is not None:
            raise problem
        legal = choices(state, seat, space, dice)
        if args[1 + k :] not in legal:
            reason = choice_problem(state, seat, space, dice, args[1 + k :])
            if reason is not None:
                raise reason
            raise IllegalAction(
                "marco_polo.bad_choice",
                verb=f"place {space}",
                given=" ".join(args[1 + k :]) or "nothing",
                options=_listing(legal),
            )

    def _check_other(self, state: State, seat: int, verb: str, args: tuple[str, ...]) -> None:
        opts = self._options(state, seat)
        legal = opts.get(verb)
        if not legal:
            self._refuse_verb(state, seat, verb, args)
            return
        if args in legal:
            return
        p = state.players[seat]
        if verb == "fulfil" and args:
            _refuse_contract(state, seat, args[0])
        if not args:
            raise IllegalAction(
                "marco_polo.choice_needed", verb=verb, options=_listing(legal, prefix=verb)
            )
        if (
            verb in ("coins3", "reroll", "adjust")
            and args
            and parse_die(args[0]) is not None
            and not any(die_token(k, v) == args[0] or v == 0 for k, v in p.dice)
        ):
            raise IllegalAction("marco_polo.no_such_dice", dice=args[0])
        raise IllegalAction(
            "marco_polo.bad_choice",
            verb=verb,
            given=" ".join(args) or "nothing",
            options=_listing(legal),
        )

    def _refuse_verb(self, state: State, seat: int, verb: str, args: tuple[str, ...] = ()) -> None:
        """Raise the most specific reason why ``verb`` is not possible now."""
        p = state.players[seat]
        allowed = ", ".join(self.complete(state, seat, "")) or "nothing"
        if state.phase == "draft":
            raise IllegalAction("marco_polo.draft_first", verbs=allowed)
        if state.phase == "goals":
            raise IllegalAction("marco_polo.goals_first", verbs=allowed)
        if state.pending:
            ev = _asked(state.pending[0])
            raise IllegalAction(
                "marco_polo.decision_pending",
                what={"key": ev.key, "params": dict(ev.params)},
                verbs=allowed,
            )
        if verb == "place" and p.main_done:
            raise IllegalAction("marco_polo.main_done")
        if verb == "end" and not p.main_done and p.dice:
            raise IllegalAction("marco_polo.main_action_first")
        if verb in ("reroll", "adjust") and p.char == "raschid":
            raise IllegalAction("marco_polo.raschid_never_rolls")
        need = {"reroll": T.REROLL_CAMELS, "adjust": T.ADJUST_CAMELS, "black": T.BLACK_CAMELS}
        if verb == "black" and p.bought_black:
            raise IllegalAction("marco_polo.black_once")
        if verb == "black" and state.black_pool <= 0:
            raise IllegalAction("marco_polo.black_pool_empty")
        if verb in need and p.camel < need[verb]:
            raise IllegalAction(
                "marco_polo.need_camels", action=verb, camels=p.camel, need=need[verb]
            )
        if verb == "fulfil":
            if args:
                _refuse_contract(state, seat, args[0])
            raise IllegalAction("marco_polo.cannot_fulfil")
        raise IllegalAction("marco_polo.verb_not_now", verb=verb, verbs=allowed)

    def timeout_action(self, state: State, seat: int) -> str | None:
        """Out of time: the cheapest way forward (3 coins with a die, end, decline, first choice)."""
        if seat not in self.to_act(state):
            return None
        if state.phase == "play" and not state.pending:
            p = state.players[seat]
            if p.main_done or not p.dice:
                # M23: a turn kept open for die-free extra actions is ended, never played on.
                return "end"
            die = self.complete(state, seat, "coins3")[0]
            return f"coins3 {die}"
        prefix: list[str] = []
        for _ in range(8):
            nxt = self.complete(state, seat, " ".join(prefix))
            if END in nxt or not nxt:
                break
            # Decline what may be declined (stop moving, keep every post where it is, M41,
            # M47): a time-out must never take an active decision for the player.
            pick = next((t for t in ("stop", "none") if t in nxt), nxt[0])
            prefix.append(pick)
        return " ".join(prefix)

    # -- information -------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        over = state.phase == "over"
        seats = []
        for s, p in enumerate(state.players):
            entry = {
                "seat": s,
                "char": p.char,
                "char_name": T.CHARACTERS[p.char]["name"] if p.char else "",
                "ability": T.ability_word(p.char) if p.char else "",
                **{k: p.amount(k) for k in ("coin", "camel", "pepper", "silk", "gold", "vp")},
                "dice": [die_token(k, v) if v else f"{'' if k == 'o' else k}?" for k, v in p.dice],
                "posts": list(p.posts),
                "posts_left": posts_left(state, s),
                "figures": list(p.figures),
                "contracts": list(p.contracts),
                "fulfilled": list(p.fulfilled),
                "goal_count": len(p.goals) or len(p.goal_offer),
                "main_done": p.main_done,
            }
            if over:
                entry["goals"] = list(p.goals)
            seats.append(entry)
        head = state.pending[0] if state.pending else None
        v: dict[str, Any] = {
            "game": "marco_polo",
            "players": state.n,
            "setup": state.setup,
            "round": state.round,
            "rounds": T.ROUNDS,
            "phase": state.phase,
            "start": state.start,
            "current": state.current,
            "to_act": self.to_act(state),
            "last": {"seat": state.last_seat, "text": state.last_text},
            "moves": state.moves,
            "seats": seats,
            "spaces": {k: [list(d) for d in dl] for k, dl in state.spaces.items()},
            "khan": [list(d) for d in state.khan],
            "cards": {
                space: {
                    "card": cid,
                    "city": T.CITY_SPACES[space][0],
                    "text": T.CITY_CARDS[cid]["text"],
                    "used": _listed(state.used_cards.get(cid)),
                }
                for space, cid in state.cards.items()
            },
            "first_post": dict(state.first_post),
            "city_bonus": dict(state.city_bonus),
            "beijing": list(state.beijing),
            "display": list(state.display),
            "pile": len(state.pile),
            "black_pool": state.black_pool,
            "pending": None if head is None else _pending_view(head),
            "draft": {
                "offer": list(state.draft_offer),
                "order": list(state.draft_order),
                # catalog words (marco_polo.value.<word>) of what each offered character does
                "abilities": {c: T.ability_word(c) for c in state.draft_offer},
            },
            "round_info": self.round_info(state),
            "approximate": {"map": "stylised positions, not true geography"},
        }
        if over:
            res = final_result(state)
            v["final"] = {
                "breakdown": breakdown(state),
                "scores": list(res.scores),
                "ranking": [list(g) for g in res.ranking],
            }
        if seat is not None:
            p = state.players[seat]
            v["private"] = {
                "seat": seat,
                "goals": list(p.goals),
                "goal_offer": list(p.goal_offer),
            }
        return v

    def result(self, state: State) -> Result | None:
        return final_result(state) if state.phase == "over" else None

    def asked(self, state: State, seat: int) -> Event | None:
        """The pending decision of ``seat`` (goods to choose, a movement, a discard...)."""
        pending = state.pending
        if pending and pending[0].seat == seat:
            return _asked(pending[0])
        return None

    def status(self, state: State) -> Event:
        """The set-up step or the round, e.g. "Round 2 of 5"."""
        if state.phase == "draft":
            return Event("marco_polo.status.draft")
        if state.phase == "goals":
            return Event("marco_polo.status.goals")
        if state.phase == "over":
            return Event("core.status.over")
        return Event("core.status.round", {"round": state.round, "rounds": T.ROUNDS})

    # -- persistence -------------------------------------------------------------------------
    def dump(self, state: State) -> dict[str, Any]:
        """The stored form: the same JSON as when the state was a plain dict (format 1)."""
        return {**state.to_json(), "format": self.format_version}

    def load(self, data: Mapping[str, Any]) -> State:
        self.check_format(data)
        return State.from_json(data)


def _listed(die: tuple[int, str, int] | None) -> list[Any] | None:
    """A placed die as the view's JSON list (or ``None``)."""
    return None if die is None else list(die)


def _asked(head: Pending) -> Event:
    """The decision everyone is waiting for, as a catalog key and parameters."""
    k = head.k
    params: dict[str, Any] = {"n": head.n}
    if k == "move":
        left = head.steps - head.taken
        params = {"steps": words({"step": left}), "n": left}
        if not head.travel and not head.taken:
            k = "bonus_move"  # a reward movement (M41) may be declined
        elif not head.taken:
            k = "travel"
        else:
            k = "move_more"
    elif k == "discard":
        params["contracts"] = list(head.offered)
    elif k == "relocate":
        params = {"city_name": place_name(head.city)}
    return Event(f"marco_polo.asked.{k}", params)


def _character_params(character: str) -> dict[str, str]:
    """Parameters of ``marco_polo.character_line`` for one character."""
    return {
        "name": T.CHARACTERS[character]["name"],
        "id": character,
        "ability": T.ability_word(character),
    }


def character_line(character: str, lang: str = "en") -> str:
    """ "Name (`choose id`): what it does" in ``lang`` (M51-M58)."""
    return CATALOG.text("marco_polo.character_line", _character_params(character), lang=lang)


def _pending_view(head: Pending) -> dict[str, Any]:
    """The public description of the decision everyone is waiting for."""
    what = _PENDING_WHAT[head.k]
    if head.k == "move":
        left = head.steps - head.taken
        steps = f"{left} {'step' if left == 1 else 'steps'}"
        if not head.travel and not head.taken:
            # A reward movement (M41) may be declined: say so before the first step.
            what = f"a bonus movement of up to {steps}: move, or stop to decline"
        elif not head.taken:
            what = f"travel: take 1 to {left} {'step' if left == 1 else 'steps'} (move)"
        else:
            what = f"finish your movement: up to {steps} more (move/stop)"
    elif head.k == "comp":
        n = head.n
        units = f"{n} coins or camels" if n != 1 else "1 coin or camel"
        what = f"low dice: take {units} in any mix (compensate <camels>)"
    elif head.k == "discard":
        n = head.n
        earlier = ", ".join(head.offered)
        what = f"hand limit 2: discard {n} of the earlier contracts {earlier} (discard)"
    elif head.k == "relocate":
        city = T.LOCATIONS[head.city]["name"].split(" (")[0]
        what = f"no trading post left for {city}: move one there, or not (relocate <city>|none)"
    elif head.n > 1:
        what = f"{what} x{head.n}"
    return {"kind": head.k, "seat": head.seat, "what": what}


def _refuse_contract(state: State, seat: int, cid: str) -> None:
    """Why contract ``cid`` cannot be fulfilled: not held, or what it needs against what is held."""
    p = state.players[seat]
    if cid not in p.contracts:
        raise IllegalAction("marco_polo.no_such_contract", contract=cid)
    cost = T.CONTRACTS[cid]["cost"]
    if not can_pay(state, seat, cost):
        have = words({k: p.amount(k) for k in ("camel", "pepper", "silk", "gold")})
        raise IllegalAction(
            "marco_polo.cannot_pay_contract", contract=cid, cost=words(cost), have=have
        )


def _listing(options: list[tuple[str, ...]], prefix: str = "") -> str:
    shown = [" ".join((prefix, *o)).strip() or "(nothing more)" for o in options[:10]]
    if len(options) > 10:
        shown.append(f"… {len(options) - 10} more")
    return "; ".join(shown) or "none"
