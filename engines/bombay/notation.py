"""Bombay's action notation: the verbs, their parameters, and text ↔ action.

    move e3 | move 18        walk to an adjacent site (Y45)
    buy purple               buy one bale at the open trading post you stand on (Y49)
    sell yellow              sell one carried bale in the city you stand in (Y55)
    build [pay=c] [take=c]   build a palace here, paying a carried bale (Y65, Y72)
    fortune                  spend the whole turn for 1 rupee (Y79)
    end                      end your turn now (Y42)

Colours may be typed as letters (``y b p o``); sites by id or number. ``parse`` normalises to
the canonical text, dropping a ``pay=``/``take=`` that the position makes redundant.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.base import IllegalAction, Option, Param, Verb, tokens
from engines.bombay.components import board, rules
from engines.bombay.state import State

VERB_NAMES = ("move", "buy", "sell", "build", "fortune", "end")

VERBS: tuple[Verb, ...] = (
    Verb(
        "move",
        "Move your elephant to an adjacent site: 1 action point, 2 into a hill",
        (Param("site", "site id or number next to your elephant, e.g. e3 or 18"),),
        ("move e3", "move 18", "move b"),
    ),
    Verb(
        "buy",
        "Buy one silk bale at the open trading post you stand on (once per turn)",
        (Param("colour", "the post's silk colour: yellow, blue, purple or orange"),),
        ("buy purple",),
    ),
    Verb(
        "sell",
        "Sell one carried bale in the city you stand in (1 action point)",
        (Param("colour", "a carried colour that the city demands"),),
        ("sell yellow",),
    ),
    Verb(
        "build",
        "Build a palace here for 1 action point and one carried bale",
        (
            Param(
                "pay",
                "which carried bale to give up, when you carry two colours",
                keyword=True,
                required=False,
            ),
            Param(
                "take",
                "silk palace token: which colour to take from the leftmost market",
                keyword=True,
                required=False,
            ),
        ),
        ("build", "build pay=blue", "build pay=orange take=yellow"),
    ),
    Verb(
        "fortune",
        "Spend all 3 action points at the start of your turn for 1 rupee",
        (),
        ("fortune",),
    ),
    Verb("end", "End your turn now (unspent action points are lost)", (), ("end",)),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        "setup",
        "random setup, or the first-game fixed placements (approximate: stand-in board)",
        "random",
        ("random", "first_game"),
        {
            "random": "shuffle demand columns, trading posts and palace tokens",
            "first_game": "fixed placements from the rulebook's first game (approximate)",
        },
    ),
    Option(
        "five_player_start_money",
        "5 players: printed rules give the fifth seat 3 rupees; bga gives everyone 2",
        "printed",
        ("printed", "bga"),
    ),
    Option(
        "empire_split_rounding",
        "tied empire prizes that do not divide evenly: round down, or keep the fraction",
        "floor",
        ("floor", "exact"),
    ),
    Option(
        "palace_on_hills",
        "whether palaces may be built on hills A and B",
        "true",
        ("true", "false"),
    ),
    Option(
        "client_tokens_limited",
        "true caps the bank at 16 client tokens; false never runs out",
        "false",
        ("false", "true"),
    ),
)


@dataclass(frozen=True)
class Action:
    """One command: a verb and its arguments (empty strings where not given)."""

    verb: str
    arg: str = ""
    pay: str = ""
    take: str = ""

    def __str__(self) -> str:
        if self.verb == "build":
            parts = ["build"]
            if self.pay:
                parts.append(f"pay={self.pay}")
            if self.take:
                parts.append(f"take={self.take}")
            return " ".join(parts)
        return f"{self.verb} {self.arg}" if self.arg else self.verb


def _colour(text: str) -> str:
    colour = rules().colour_by_text(text)
    if colour is None:
        raise IllegalAction(
            "bombay.unknown_colour", colour=text[:20], colours=list(rules().colours)
        )
    return colour


#: Texts already read, for the verbs whose reading does not depend on the state (all but
#: ``build``): a game types the same few dozen commands again and again. Bounded, so garbage
#: typed by a player cannot grow it.
_READ: dict[str, Action] = {}
_READ_MAX = 4096


def parse_action(state: State, seat: int, text: str) -> Action:
    """Text → action (syntax and names only; ``apply`` checks legality)."""
    known = _READ.get(text)
    if known is not None:
        return known
    action = _parse(state, seat, text)
    if action.verb != "build" and len(_READ) < _READ_MAX:
        _READ[text] = action
    return action


def _parse(state: State, seat: int, text: str) -> Action:
    if len(text) > 200:
        raise IllegalAction("core.too_long", length=len(text), example="move e3")
    t = tokens(text)
    if not t:
        raise IllegalAction("core.empty_action", verbs=list(VERB_NAMES))
    verb, args = t[0], t[1:]
    if verb not in VERB_NAMES:
        raise IllegalAction("core.unknown_verb", verb=verb[:30], verbs=list(VERB_NAMES))
    if verb in ("fortune", "end"):
        if args:
            raise IllegalAction("bombay.no_arguments", verb=verb)
        return Action(verb)
    if verb == "move":
        if len(args) != 1:
            raise IllegalAction("bombay.move_needs_site")
        site = board().site_by_text(args[0])
        if site is None:
            raise IllegalAction("bombay.unknown_site", site=args[0][:20])
        return Action("move", site.id)
    if verb in ("buy", "sell"):
        if len(args) != 1:
            raise IllegalAction(f"bombay.{verb}_needs_colour")
        return Action(verb, _colour(args[0]))
    return _parse_build(state, seat, args)


def _parse_build(state: State, seat: int, args: list[str]) -> Action:
    pay = take = ""
    for a in args:
        name, eq, value = a.partition("=")
        if not eq or name not in ("pay", "take") or not value:
            raise IllegalAction("bombay.build_syntax", token=a[:20])
        if (pay if name == "pay" else take) != "":
            raise IllegalAction("bombay.build_syntax", token=a[:20])
        if name == "pay":
            pay = _colour(value)
        else:
            take = _colour(value)
    return normalise_build(state, seat, Action("build", pay=pay, take=take))


def normalise_build(state: State, seat: int, action: Action) -> Action:
    """Drop a ``pay=`` or ``take=`` that leaves no choice, so each build has one spelling."""
    pay, take = action.pay, action.take
    if 0 <= seat < state.players:
        load = state.loads[seat]
        if pay and len(set(load)) == 1 and pay in load:
            pay = ""
        choices = state.silk_choices(state.sites[seat])
        if take and len(choices) == 1 and take in choices:
            take = ""
    return Action("build", pay=pay, take=take)
