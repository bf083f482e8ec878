"""The action notation: verbs, their parameters, parsing text into an ``Action`` and back.

An action is the verb, its positional tokens, then ``name=value`` keyword tokens, always in the
order the verb declares them (that order is the canonical text):

    build cotton_mill stoke_on_trent slot=1 card=stoke_on_trent
    sell stoke_on_trent warrington.2 beer=merchant card=coal_mine
    develop coal_mine pottery card=leek
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.base import IllegalAction, Param, Verb, tokens

CARD = Param("card", "the card you discard for this action", keyword=True)

VERBS: tuple[Verb, ...] = (
    Verb(
        "build",
        "Build your lowest tile of an industry in a location, discarding a fitting card",
        (
            Param("industry", "industry to build, e.g. cotton_mill"),
            Param("location", "town or farm brewery to build in"),
            Param(
                "slot",
                "which space (asked only when there is a choice or to overbuild)",
                True,
                False,
            ),
            Param("coal", "coal mines to take from when equally near ones tie", True, False),
            Param("iron", "iron works to take from when there is a choice", True, False),
            CARD,
        ),
        (
            "build cotton_mill leek card=leek",
            "build cotton_mill leek slot=2 card=wild_location",
            "build brewery farm_brewery_north card=brewery",
        ),
    ),
    Verb(
        "network",
        "Place a link next to your network: canal era a canal for £3; rail era a rail for £5 and "
        "1 coal, then optionally a second one (£15 in all, 1 coal each and 1 beer)",
        (
            Param("line", "the line, e.g. birmingham-coventry"),
            Param("coal", "rail era: the coal mine when equally near ones tie", True, False),
            Param("beer", "rail era, second link: the brewery giving the barrel", True, False),
            Param("card", "the card you discard (first link of the action only)", True, False),
        ),
        (
            "network birmingham-coventry card=dudley",
            "network birmingham-walsall coal=walsall.1 card=leek",
            "network tamworth-walsall beer=burton_on_trent.2",
        ),
    ),
    Verb(
        "develop",
        "Remove your lowest tile of one or two industries from your mat (1 iron each)",
        (
            Param("industry", "first industry to develop"),
            Param("industry2", "second industry (optional; may repeat the first)", False, False),
            Param("iron", "iron works to take from when there is a choice", True, False),
            CARD,
        ),
        ("develop pottery card=leek", "develop coal_mine coal_mine card=brewery"),
    ),
    Verb(
        "sell",
        "Sell one of your cotton mills, manufacturers or potteries to a connected merchant",
        (
            Param("location", "where your tile to sell stands"),
            Param("merchant", "merchant location (with .1/.2 when two of its tiles fit)"),
            Param(
                "beer",
                "barrels to use: brewery tiles or 'merchant' (when there is a choice)",
                True,
                False,
            ),
            Param("develop", "Gloucester bonus: industry to develop free, or none", True, False),
            Param("card", "the card you discard (first sale of the action only)", True, False),
        ),
        (
            "sell stoke_on_trent warrington card=leek",
            "sell leek warrington.2 beer=merchant card=stone",
            "sell worcester gloucester beer=merchant develop=coal_mine",
        ),
    ),
    Verb("done", "Stop selling: end this Sell action", (), ("done",)),
    Verb("loan", "Take £30; your income drops 3 levels", (CARD,), ("loan card=tamworth",)),
    Verb(
        "scout",
        "Discard three cards to take a wild location and a wild industry card",
        (CARD, Param("discard", "the two other cards, comma separated", True)),
        ("scout card=leek discard=coal_mine,stone",),
    ),
    Verb("pass", "Do nothing this action (you still discard a card)", (CARD,), ("pass card=leek",)),
    Verb(
        "remove",
        "Shortfall: remove one of your tiles for half its cost to pay income",
        (Param("location", "where your tile stands"),),
        ("remove birmingham",),
    ),
)
VERB_NAMES = ", ".join(v.name for v in VERBS)
_BY_NAME = {v.name: v for v in VERBS}
_VALUE = re.compile(r"^[a-z0-9_.,+-]{1,80}$")
#: Keyword values that are lists; their items are sorted into canonical order.
LIST_PARAMS = frozenset({"coal", "iron", "beer", "discard"})


@dataclass(frozen=True)
class Action:
    """A parsed action: verb, positional values, keyword values (declared order)."""

    verb: str
    args: tuple[str, ...] = ()
    kw: tuple[tuple[str, str], ...] = ()

    def get(self, name: str) -> str | None:
        """A keyword value, or ``None`` when not given."""
        for k, v in self.kw:
            if k == name:
                return v
        return None

    def __str__(self) -> str:
        return " ".join([self.verb, *self.args, *(f"{k}={v}" for k, v in self.kw)])


def make(verb: str, *args: str, **kw: str | None) -> Action:
    """An action with keyword values put in declared order (``None`` values left out)."""
    order = [p.name for p in _BY_NAME[verb].params if p.keyword]
    return Action(verb, tuple(args), tuple((k, kw[k]) for k in order if kw.get(k) is not None))  # type: ignore[misc]


def parse(text: str) -> Action:
    """Parse notation (syntax only; legality is checked when applied)."""
    if len(text) > 600:
        raise IllegalAction("core.too_long", length=len(text), example="pass card=leek")
    toks = tokens(text)
    if not toks:
        raise IllegalAction("core.empty_action", verbs=VERB_NAMES)
    verb = _BY_NAME.get(toks[0])
    if verb is None:
        raise IllegalAction("core.unknown_verb", verb=toks[0][:30], verbs=VERB_NAMES)
    positional = [p for p in verb.params if not p.keyword]
    keywords = {p.name: p for p in verb.params if p.keyword}
    args: list[str] = []
    kw: dict[str, str] = {}
    for tok in toks[1:]:
        if "=" in tok:
            name, _, value = tok.partition("=")
            if name not in keywords:
                raise IllegalAction(
                    "brass.unknown_param",
                    verb=verb.name,
                    param=name[:30],
                    params=list(keywords),
                )
            if name in kw:
                raise IllegalAction("brass.repeated_param", param=name)
            if not _VALUE.match(value):
                raise IllegalAction("brass.bad_value", param=name, value=value[:30])
            if name in LIST_PARAMS:
                value = ",".join(sorted(value.split(",")))
            kw[name] = value
        else:
            if kw:
                raise IllegalAction("brass.positional_after_keyword", token=tok[:30])
            if len(args) >= len(positional):
                raise IllegalAction("brass.extra_token", verb=verb.name, token=tok[:30])
            if not _VALUE.match(tok):
                raise IllegalAction(
                    "brass.bad_value", param=positional[len(args)].name, value=tok[:30]
                )
            args.append(tok)
    missing = [p.name for p in positional if p.required][len(args) :]
    missing += [p.name for p in keywords.values() if p.required and p.name not in kw]
    if missing:
        raise IllegalAction(
            "brass.missing_param",
            verb=verb.name,
            params=missing,
            example=verb.examples[0],
        )
    return make(verb.name, *args, **kw)
