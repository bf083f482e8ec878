"""What a seat (or the public) sees of a Brass game: frozen dataclasses in the game's words (#14),
built by ``make_view``; ``engines.kit.plain`` turns one into the JSON the views had as dicts
(stored marks, exports, the view fixtures), key for key. Everything on the table is public (B23,
D15, R50); a seat's hand is only in its own ``private`` part.

The full game's parts (every older field keeps its meaning):

- ``mode`` (``full`` / ``intro``), ``eras`` (the eras this game plays), ``era``, ``round`` (within
  the era, F6), ``rounds`` and ``rounds_in_era`` (rounds of the current era, R4),
  ``actions_per_turn`` (1 in canal round 1, else 2; R5).
- ``Link.kind``: ``canal`` or ``rail`` (the era the link was placed in).
- ``era_lines``: the lines each era may use (R32).
- ``BuiltTile.survivor``: a level-2+ tile built in the canal era, still on the board (R41).
- ``pending_link`` (``SecondLink``): while a rail Network action may add its second link (phase
  ``link2``), the first line, where its coal came from, what the second would cost, and the lines
  and tiles it could take (R33–R37); ``None`` otherwise.
- ``sheet``: full game only (else ``None``): per seat a ``SheetRow`` (R47, R49); the canal columns
  are filled at the end of the canal era, the rail ones when the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType

from engines.base import Result
from engines.brass import components as C
from engines.brass.resources import market_price
from engines.brass.scoring import FULL_CATEGORIES, intro_sheet, sheet
from engines.brass.state import LINK2, OVER, Merchant, State, Tile, income_level
from engines.kit import Mark, View, optional


@dataclass(frozen=True, kw_only=True)
class BrassMark(Mark):
    """The last move: who made it, its text, and the places it touched (framed on the board).
    ``seat`` ``None`` and ``text`` empty before the first move; every key is always in the JSON."""

    seat: int | None = None
    text: str = ""
    places: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Hand:
    """One seat's secret: the cards in its hand (sorted)."""

    seat: int
    hand: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class MatIndustry:
    """What is left of one industry on a player's mat: tiles left, the level of the lowest one
    (0: none left; B40) and how many are left of each level."""

    left: int
    next_level: int
    counts: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class BuiltTile:
    """An industry tile on the board with its printed data: ``roman`` level, ``vp`` when flipped,
    ``link_vp`` (the link icons it gives a neighbouring link); ``cubes`` of coal, iron or beer on
    it; ``survivor`` a canal-era tile kept in the rail era (R41)."""

    location: str
    slot: int
    owner: int
    industry: str
    level: int
    roman: str
    flipped: bool
    cubes: int
    vp: int
    link_vp: int
    survivor: bool


@dataclass(frozen=True, kw_only=True)
class Link:
    """A canal or rail link on a line, with its owner."""

    line: str
    owner: int
    kind: str


@dataclass(frozen=True, kw_only=True)
class EraLines:
    """The lines each era may use (R32)."""

    canal: tuple[str, ...]
    rail: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class SecondLinkNeeds:
    """What the optional second rail link costs on top of the first (R33–R35)."""

    coal: int
    beer: int
    money: int


@dataclass(frozen=True, kw_only=True)
class SecondLink:
    """A rail Network action waiting for its optional second link (R33–R37): the first link's
    ``line`` and where its coal came from (tile refs, ``market`` per bought cube), what the second
    needs, the lines it may take, and the tiles (or ``market``) its coal and beer would come from."""

    seat: int
    first: str
    first_coal: tuple[str, ...]
    needs: SecondLinkNeeds
    lines: tuple[str, ...]
    coal_from: tuple[str, ...]
    beer_from: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class SheetRow:
    """One seat's full-game score sheet so far (R47, R49) and its total."""

    in_play: int
    canal_links: int
    canal_industries: int
    rail_links: int
    rail_industries: int
    total: int


@dataclass(frozen=True, kw_only=True)
class Market:
    """The coal or iron market: cubes on it, its capacity, the price of the next cube, and the
    price once it is empty (B46, B51)."""

    cubes: int
    capacity: int
    price: int
    price_when_empty: int


@dataclass(frozen=True, kw_only=True)
class Markets:
    """Both markets."""

    coal: Market
    iron: Market


@dataclass(frozen=True, kw_only=True)
class BrassView(View[BrassMark, Hand]):
    """The table: eras and rounds, turn order and who acts, each seat's money, income, VP, links
    and mat, the cards (sizes and discards only), the tiles, links, markets and merchants, the
    waiting second rail link, the score sheet and, once over, the result."""

    mark = BrassMark

    game: str = "brass"
    mode: str
    eras: tuple[str, ...]
    era: str
    round: int
    rounds: int
    rounds_in_era: int
    actions_per_turn: int
    phase: str
    over: bool
    order: tuple[int, ...]
    current: int | None
    actions_left: int
    shortfall: tuple[int, ...]
    money: tuple[int, ...]
    spent: tuple[int, ...]
    income_space: tuple[int, ...]
    income_level: tuple[int, ...]
    vp: tuple[int, ...]
    links_left: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck: int
    discard_top: tuple[str | None, ...]
    discard_count: tuple[int, ...]
    wild_location: int
    wild_industry: int
    mats: tuple[Mapping[str, MatIndustry], ...]
    tiles: tuple[BuiltTile, ...]
    links: tuple[Link, ...]
    era_lines: EraLines
    pending_link: SecondLink | None
    sheet: tuple[SheetRow, ...] | None
    markets: Markets
    merchants: tuple[Merchant, ...]
    moves: int
    approximate: Mapping[str, bool]
    #: The result once the game is over (its JSON is ``Result.to_json``).
    final: Result | None = optional()

    def if_era_ended(self) -> tuple[int, ...]:
        """Each seat's VP if the current era ended now: the VP so far, its links (the link
        icons of their ends' flipped tiles, 2 for a merchant) and its flipped tiles, as the
        canal era's end (R14, R16) and the game's end (R46) score them; in the introductory game
        its whole final scoring (B80, B81, D3). VP are scored only when an era ends, so this is
        the score a board can show while one runs (#28.3)."""
        lines, places = C.lines(), C.locations()

        def icons(line: str) -> int:
            return sum(
                2
                if places[end].kind == "merchant"
                else sum(t.link_vp for t in self.tiles if t.location == end and t.flipped)
                for end in lines[line].ends
            )

        out = []
        for s in range(self.players):
            links = sum(icons(link.line) for link in self.links if link.owner == s)
            flipped = [t for t in self.tiles if t.owner == s and t.flipped]
            industries = sum(t.vp for t in flipped)
            if self.mode == C.FULL:
                out.append(self.vp[s] + links + industries)
                continue
            again = sum(t.vp for t in flipped if t.level >= 2)
            parts = intro_sheet(
                self.vp[s],
                links=links,
                industries=industries,
                money=self.money[s],
                income=self.income_level[s],
                again=again,
            )
            out.append(sum(parts.values()))
        return tuple(out)


def rounds_in_era(state: State) -> int:
    """Rounds of the current era: the full game's per-era length (R4), or the intro game's."""
    if state.mode == C.FULL:
        return C.rounds_per_era(state.players)
    return C.rounds_in_game(state.players)


def pending_link(state: State) -> SecondLink | None:
    """The waiting second link of a rail Network action, with what it would take (R33–R37)."""
    if state.phase != LINK2 or not state.pending:
        return None
    from engines.brass.moves import second_link_options

    options = second_link_options(state, state.current)
    return SecondLink(
        seat=state.current,
        first=state.pending[0],
        first_coal=state.pending[1:],
        needs=SecondLinkNeeds(
            coal=1, beer=1, money=C.rail_link_cost("double") - C.rail_link_cost("single")
        ),
        lines=tuple(sorted({o.line for o in options})),
        coal_from=tuple(sorted({r for o in options for r in o.coal_refs})),
        beer_from=tuple(sorted({o.beer for o in options})),
    )


def _sheets(state: State) -> tuple[SheetRow, ...] | None:
    if state.mode != C.FULL:
        return None
    out = []
    for s in range(state.players):
        row = sheet(state, s)
        out.append(SheetRow(**row, total=sum(row[c] for c in FULL_CATEGORIES)))
    return tuple(out)


#: What the board draws only approximately.
APPROXIMATE: Mapping[str, bool] = MappingProxyType({"board_positions": True})

# The parts below are read-only and most are the same from one move to the next (a tile, a
# seat's mat, the markets), so each is made once and shared by every view that shows it: a view
# then costs about what the dict view did.


@lru_cache(maxsize=4096)
def _mat(mat: tuple[tuple[int, ...], ...]) -> Mapping[str, MatIndustry]:
    """One seat's mat by industry; the next level is the lowest one left (B40)."""
    return MappingProxyType(
        {
            ind: MatIndustry(
                left=sum(counts),
                next_level=next((i + 1 for i, n in enumerate(counts) if n), 0),
                counts=counts,
            )
            for ind, counts in zip(C.INDUSTRIES, mat, strict=True)
        }
    )


@lru_cache(maxsize=4096)
def _tile(t: Tile) -> BuiltTile:
    return BuiltTile(
        location=t.location,
        slot=t.slot,
        owner=t.owner,
        industry=t.industry,
        level=t.level,
        roman=t.data.roman,
        flipped=t.flipped,
        cubes=t.cubes,
        vp=t.data.vp,
        link_vp=t.data.link_vp,
        survivor=t.survivor,
    )


@lru_cache(maxsize=4096)
def _link(line: str, owner: int, kind: str) -> Link:
    return Link(line=line, owner=owner, kind=kind)


@cache
def _era_lines() -> EraLines:
    return EraLines(canal=tuple(C.canal_lines()), rail=tuple(C.rail_lines()))


@lru_cache(maxsize=1024)
def _markets(coal: int, iron: int, iron_when_empty: int) -> Markets:
    return Markets(
        coal=Market(
            cubes=coal,
            capacity=C.market("coal").capacity,
            price=market_price("coal", coal, C.coal_price_when_empty()),
            price_when_empty=C.coal_price_when_empty(),
        ),
        iron=Market(
            cubes=iron,
            capacity=C.market("iron").capacity,
            price=market_price("iron", iron, iron_when_empty),
            price_when_empty=iron_when_empty,
        ),
    )


def make_view(state: State, to_act: list[int], seat: int | None, final: Result | None) -> BrassView:
    """What ``seat`` (``None``: the public) may see of ``state``; ``to_act`` as the engine says,
    ``final`` the result once the game is over."""
    n = state.players
    rounds = rounds_in_era(state)
    return BrassView(
        seat=seat,
        players=n,
        to_act=tuple(to_act),
        last=BrassMark(
            seat=state.last_seat if state.last_seat >= 0 else None,
            text=state.last_text,
            places=state.last_places,
        ),
        private=None if seat is None else Hand(seat=seat, hand=tuple(sorted(state.hands[seat]))),
        mode=state.mode,
        eras=(C.CANAL, C.RAIL) if state.mode == C.FULL else (C.CANAL,),
        era=state.era,
        round=state.round,
        rounds=rounds,
        rounds_in_era=rounds,
        actions_per_turn=1 if state.era == C.CANAL and state.round == 1 else 2,
        phase=state.phase,
        over=state.phase == OVER,
        order=state.order,
        current=None if state.phase == OVER else state.current,
        actions_left=state.actions_left,
        shortfall=state.shortfall,
        money=state.money,
        spent=state.spent,
        income_space=state.income,
        income_level=tuple(income_level(s) for s in state.income),
        vp=state.vp,
        links_left=state.links_left,
        hand_sizes=tuple(len(h) for h in state.hands),
        deck=len(state.deck),
        discard_top=tuple(d[-1] if d else None for d in state.discards),
        # + the face-down card (B12); the rail era has none (R8).
        discard_count=tuple(len(d) + (1 if state.face_down else 0) for d in state.discards),
        wild_location=state.wild_location,
        wild_industry=state.wild_industry,
        mats=tuple(_mat(mat) for mat in state.mats),
        tiles=tuple(_tile(t) for t in state.tiles),
        links=tuple(_link(line, owner, state.era) for line, owner in state.links),
        era_lines=_era_lines(),
        pending_link=pending_link(state),
        sheet=_sheets(state),
        markets=_markets(state.coal, state.iron, state.iron_empty_price),
        merchants=state.merchants,
        moves=state.moves,
        approximate=APPROXIMATE,
        final=final,
    )
