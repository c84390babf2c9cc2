"""The card-edition game state: setup, apply with events, end of game (moves: boardgame.movegen)."""

from __future__ import annotations

import copy
import random
from typing import Any

from boardgame import actions as A  # noqa: N812
from boardgame import movegen
from boardgame.material import (
    ABILITY_NAMES,
    ARMS_CELLS,
    ARMS_ROWS,
    CARDS_PER_COLOUR,
    COLOUR_COUNT,
    COLOUR_INDEX,
    COLOURS,
    END_CARD,
    END_CARD_DEPTH,
    HAND_LIMIT,
    HARBOUR_SIZE,
    STARTING_ABILITY,
    STARTING_HANDS,
    SUPPLY_ABILITIES,
    TARGET,
    TILE_COUNTS,
    TILES,
    WHITE,
    WHITE_TILES,
    EndCard,
    tile_colour,
    tile_id,
)
from boardgame.messages import event
from boardgame.phases import ACT, ARMS, BUILD, DISCARD, OVER, Phase
from boardgame.view import CardView, player_view
from facade.building import Building
from facade.errors import IllegalAction
from facade.events import Event
from facade.grid import CELLS, cell_name, is_legal
from facade.notation import format_cells
from facade.options import checked_options
from facade.outcome import EndReason
from facade.placements import Placement, cell_names
from facade.selfplay import winners
from facade.shapes import image_index


class GameState:
    """A game of Copenhagen, the card edition. Build one with `new_game`."""

    def __init__(self, config: dict[str, Any]) -> None:
        names = list(config["players"])
        if not 2 <= len(names) <= 4:
            raise IllegalAction("the card edition is for 2 to 4 players", "player_count", low=2,
                                high=4)
        n = len(names)
        self.config: dict[str, Any] = {
            "players": names,
            "seed": config.get("seed", 0),
            "options": checked_options(config.get("options"), {}, {}),  # none known yet
        }
        self.names = names
        self.reshuffles = 0
        per = CARDS_PER_COLOUR[n]
        deck = [c for c in COLOURS for _ in range(per)]
        self._rng("deck").shuffle(deck)
        self.deck: list[str] = deck  # top of the deck = end of the list
        self.discard: list[int] = [0] * COLOUR_COUNT
        self.hands: list[list[int]] = [[0] * COLOUR_COUNT for _ in names]
        self.harbour: list[str | None] = [self.deck.pop() for _ in range(HARBOUR_SIZE)]
        self.end_card: EndCard = "aside"
        if n == 2:
            self._bury_end_card()
        for p in range(n):
            for _ in range(STARTING_HANDS[p]):
                self.hands[p][COLOUR_INDEX[self.deck.pop()]] += 1
        self.tiles: dict[str, int] = {
            tile_id(c, size): k for c in COLOURS for size, k in TILE_COUNTS[n].items()
        }
        self.tiles[WHITE] = WHITE_TILES
        self.ability_supply: dict[str, int] = dict.fromkeys(SUPPLY_ABILITIES, n)
        self.abilities: list[dict[str, str]] = [{STARTING_ABILITY: "active"} for _ in names]
        self.fresh: list[list[str]] = [[] for _ in names]
        self.boards: list[Building] = [Building() for _ in names]
        self.colour_masks: list[list[int]] = [[0] * COLOUR_COUNT for _ in names]
        self.scores_: list[int] = [0] * n
        self.turn = 0
        self.active: int = 0  # the seat whose turn it is (facade.contract.EngineState)
        self.phase: Phase = ACT
        self.both = False
        self.pending_arms = 0
        self.passes = 0
        self.over = False
        self.end_reason: EndReason | None = None
        self.log: list[str] = []

    # ------------------------------------------------------------------ cards
    def _rng(self, what: str) -> random.Random:
        return random.Random(f"{self.config['seed']}|{what}|{self.reshuffles}")

    def _bury_end_card(self) -> None:
        """Top 9 cards and the end card, shuffled, to the bottom (RULES 2.4.3, 2.7)."""
        top = self.deck[-END_CARD_DEPTH:] if self.deck else []
        del self.deck[len(self.deck) - len(top):]
        ten = [*top, END_CARD]
        self._rng("end").shuffle(ten)
        self.deck = ten + self.deck
        self.end_card = "deck"

    def _draw(self) -> str | None:
        """Top card of the deck; for 3-4 players the deck is rebuilt the moment it first runs
        empty (RULES 2.7), so later payments start the new discard pile."""
        self._rebuild_if_empty()  # a state saved before the deck was rebuilt on the spot
        card = self.deck.pop() if self.deck else None
        self._rebuild_if_empty()
        return card

    def _rebuild_if_empty(self) -> None:
        """3-4 players, deck empty for the first time: the discard pile, shuffled, is the new
        deck, with the end card among its bottom 10 (RULES 2.7)."""
        if self.deck or self.end_card != "aside":
            return
        pile = [c for i, c in enumerate(COLOURS) for _ in range(self.discard[i])]
        self.discard = [0] * COLOUR_COUNT
        self.reshuffles += 1
        self._rng("reshuffle").shuffle(pile)
        self.deck = pile
        self._bury_end_card()

    # ------------------------------------------------------------------ basics
    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.names)

    @property
    def seq(self) -> int:
        """How many actions have been applied (the length of the log)."""
        return len(self.log)

    def player_view(self, player: int | None) -> CardView:
        """The JSON view of schema 1 for a seat or a spectator (None): see boardgame.view."""
        return player_view(self, player)

    def placements(self, tile: str | None = None, player: int | None = None) -> list[Placement]:
        """Placements of a tile the player can build right now, each with its cheapest cost
        (Construction discount used when active) and the discounts behind it (RULES 2.5).
        A white tile lists the cells a coat of arms can give it. Empty when it is not the
        player's turn to build (or place a white tile), or no such tile is left."""
        p = self.active if player is None else player
        if tile is None or self.over or p != self.active or self.tiles.get(tile, 0) <= 0:
            return []
        if tile == WHITE:
            if self.phase != ARMS:
                return []
            return [
                Placement(WHITE, 1 << c, (cell_name(c),), 0, 0)
                for c in movegen.white_cells(self)
            ]
        if self.phase not in (ACT, BUILD):
            return []
        hand = self.hands[p]
        colour = tile_colour(tile)
        ci = COLOUR_INDEX[colour]
        same = self.colour_masks[p][ci]
        discount = self.usable(p, "discount")
        other = max(k for i, k in enumerate(hand) if i != ci)
        can_pay = hand[ci] + (other if self.usable(p, "change") else 0)  # RULES 5.20
        filled = self.boards[p].filled
        out = []
        for mask, brick, around in movegen.tile_placements(tile):
            if not is_legal(mask, filled):
                continue
            cost = TILES[tile].size
            reasons: list[str] = []
            if around & same:
                cost -= 1
                reasons.append("adjacent_same_colour")
            if discount and cost > 0:
                cost -= 1
                reasons.append("construction_discount")
            if cost <= can_pay:
                out.append(Placement(tile, mask, cell_names(mask), brick, cost, tuple(reasons)))
        return out

    def builds_for(self, tile: str, mask: int, brick: int | None = None) -> list[A.Build]:
        """The legal Build actions listed for a tile on these cells (every payment offered)."""
        if self.over or self.phase not in (ACT, BUILD):
            return []
        return [
            a for a in movegen.build_options(self)
            if a.tile == tile and a.mask == mask and (brick is None or a.brick == brick)
        ]

    def scores(self) -> list[int]:
        """Current scores."""
        return list(self.scores_)

    def recount(self, player: int) -> int:
        """Score recounted from the board."""
        return self.boards[player].points()

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over

    def is_chance(self) -> bool:
        """Card draws come from the seeded deck inside the state: never a chance node."""
        return False

    def chance_action(self, rng: random.Random | None = None) -> A.Action:
        """Never due (`is_chance` is always False): the deck deals inside `apply`."""
        raise IllegalAction("nothing is rolled in the card edition: its deck deals itself",
                            "no_roll_due")

    def winners(self) -> list[int]:
        """Highest score, then fewest empty cells; a full tie shares the victory (RULES 2.7)."""
        return winners(self.scores(), [b.empty for b in self.boards])

    def to_act(self) -> list[int]:
        """Seats that may act now."""
        return [] if self.over else [self.active]

    def usable(self, player: int, ability: str) -> bool:
        """Owned, active, and not gained or re-activated this turn (RULES 5.6)."""
        return (
            self.abilities[player].get(ability) == "active"
            and ability not in self.fresh[player]
        )

    def hand_size(self, player: int) -> int:
        """Cards in a player's hand."""
        return sum(self.hands[player])

    def cards_over_limit(self, player: int) -> int:
        """How many cards a player holds above the hand limit: what a discard must give up
        (0 within the limit)."""
        return max(0, self.hand_size(player) - HAND_LIMIT)

    def card_total(self) -> int:
        """Every card of the game, wherever it is (conservation check)."""
        return (
            len(self.deck)
            + sum(1 for c in self.harbour if c is not None)
            + sum(self.discard)
            + sum(sum(h) for h in self.hands)
            + (1 if self.end_card == "aside" else 0)
            + (1 if self.end_card == "revealed" else 0)
        )

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, player: int | None = None) -> list[A.Action]:
        """Every legal action (one payment per distinct outcome): see boardgame.movegen."""
        return movegen.legal_actions(self, player)

    # ------------------------------------------------------------------ apply
    def apply(self, action: A.Action | str) -> list[Event]:
        """Apply one action; IllegalAction (and no change at all) when the rules forbid it."""
        if isinstance(action, str):
            action = A.parse_action(action)
        elif type(action) not in _HANDLERS:
            raise IllegalAction(f"{action!r} is not an action of this game", "unknown_action")
        if self.over:
            raise IllegalAction("the game is over", "game_over")
        if not 0 <= action.player < self.players:
            raise IllegalAction(
                f"there is no player p{action.player + 1} at this table", "no_such_player",
                player=action.player,
            )
        if action.player != self.active:
            raise IllegalAction(
                f"it is {self.names[self.active]}'s turn, not {self.names[action.player]}'s",
                "not_your_turn", player=action.player, active=self.active,
            )
        events = _HANDLERS[type(action)](self, action)
        self.log.append(str(action))
        return events

    def _apply_take(self, a: A.Take) -> list[Event]:
        if self.phase != ACT:
            raise IllegalAction(self._phase_hint(), "wrong_phase", phase=str(self.phase))
        p = a.player
        picks = [a.first, a.second] + ([a.extra] if a.extra is not None else [])
        if any(not 0 <= i < HARBOUR_SIZE for i in picks):
            raise IllegalAction("harbour positions are numbered 1 to 7", "harbour_position",
                                high=HARBOUR_SIZE)
        if len(set(picks)) != len(picks):
            raise IllegalAction("take each harbour position once", "harbour_twice")
        empty = [i for i in picks if self.harbour[i] is None]
        if empty:
            raise IllegalAction(f"harbour position {empty[0] + 1} is empty", "harbour_empty",
                                position=empty[0] + 1)
        uses: list[str] = []
        if abs(a.first - a.second) != 1:
            if not self.usable(p, "any"):
                hint = " (positions 1 and 7 are not adjacent)" if {a.first, a.second} == {
                    0, 6} else ""
                raise IllegalAction(
                    f"positions {a.first + 1} and {a.second + 1} are not adjacent{hint}; "
                    "only an active Any cards tile takes two cards from anywhere",
                    "not_adjacent", first=a.first + 1, second=a.second + 1,
                )
            uses.append("any")
        if a.extra is not None:
            if not self.usable(p, "additional"):
                raise IllegalAction("a third card needs an active Additional card tile",
                                    "needs_ability", ability="additional")
            uses.append("additional")
        if a.both:
            if not self.usable(p, "both"):
                raise IllegalAction("building after taking needs an active Both actions tile",
                                    "needs_ability", ability="both")
            uses.append("both")
        for ab in uses:
            self.abilities[p][ab] = "used"
        taken = []
        for i in picks:
            colour = self.harbour[i]
            self.hands[p][COLOUR_INDEX[colour]] += 1
            self.harbour[i] = None
            taken.append(colour)
        self.both = a.both
        self.passes = 0
        events = [event("took", p, name=self.names[p], cards=taken, abilities=uses)]
        return events + self._after_take()

    def _after_take(self) -> list[Event]:
        if self.hand_size(self.active) > HAND_LIMIT:
            self.phase = DISCARD
            return []
        if self.both:
            self.phase = BUILD
            return []
        return self._end_turn()

    def _apply_discard(self, a: A.Discard) -> list[Event]:
        if self.phase != DISCARD:
            raise IllegalAction("discard only when your hand holds more than 7 cards",
                                "no_discard_due", limit=HAND_LIMIT)
        p = a.player
        need = self.hand_size(p) - HAND_LIMIT
        if len(a.cards) != COLOUR_COUNT or any(k < 0 for k in a.cards):
            raise IllegalAction("name the cards to discard, like R,G", "discard_cards")
        if sum(a.cards) != need:
            raise IllegalAction(f"discard exactly {need} card(s) to keep 7", "discard_count",
                                need=need, limit=HAND_LIMIT)
        short = [c for i, c in enumerate(COLOURS) if a.cards[i] > self.hands[p][i]]
        if short:
            raise IllegalAction(f"you do not have that many {short[0]} cards", "short_cards",
                                colour=short[0])
        for i in range(COLOUR_COUNT):
            self.hands[p][i] -= a.cards[i]
            self.discard[i] += a.cards[i]
        events = [
            event("discarded", p, name=self.names[p], cards=A.cards_text(a.cards))
        ]
        self.phase = ACT
        if self.both:
            self.phase = BUILD
            return events
        return events + self._end_turn()

    def _apply_build(self, a: A.Build) -> list[Event]:
        if self.phase not in (ACT, BUILD):
            raise IllegalAction(self._phase_hint(), "wrong_phase", phase=str(self.phase))
        p = a.player
        tid = a.tile
        if tid not in TILES:
            raise IllegalAction(f"there is no tile '{tid}'", "no_such_tile", tile=tid)
        if tid == WHITE:
            raise IllegalAction("white tiles come only from a coat of arms", "white_tile")
        if self.tiles[tid] <= 0:
            raise IllegalAction(
                f"no {tid} tile is left in the supply", "tile_unavailable", tile=tid
            )
        shape = TILES[tid]
        images = image_index(shape, True)
        if a.mask not in images:
            raise IllegalAction(
                f"{format_cells(a.mask)} is not the shape of {tid}", "illegal_placement", tile=tid
            )
        if a.brick not in images[a.mask]:
            where = " or ".join(format_cells(b).upper() for b in images[a.mask])
            raise IllegalAction(
                f"placed like that, the brick of {tid} is on {where}", "illegal_placement",
                tile=tid,
            )
        self.boards[p].check(a.mask)
        colour = tile_colour(tid)
        ci = COLOUR_INDEX[colour]
        adjacent = bool(movegen.neighbours(a.mask) & self.colour_masks[p][ci])
        if a.discount and not self.usable(p, "discount"):
            raise IllegalAction("you have no active Construction discount tile", "needs_ability",
                                ability="discount")
        cost = max(0, shape.size - adjacent - a.discount)
        pay = a.pay
        if len(pay) != COLOUR_COUNT or any(k < 0 for k in pay):
            raise IllegalAction("name the cards you pay, like R,R", "pay_cards")
        if sum(pay) != cost:
            why = " (−1 next to a tile of the same colour)" if adjacent else ""
            raise IllegalAction(
                f"{tid} costs {cost} card(s) here{why}; you offered {sum(pay)}", "wrong_payment",
                tile=tid, cost=cost, offered=sum(pay),
            )
        others = [i for i in range(COLOUR_COUNT) if i != ci and pay[i]]
        if others and not a.change:
            raise IllegalAction(
                f"{tid} is paid with {colour} cards; other colours need Change of colours",
                "pay_colour", tile=tid, colour=colour,
            )
        if a.change:
            if not self.usable(p, "change"):
                raise IllegalAction("you have no active Change of colours tile", "needs_ability",
                                    ability="change")
            if len(others) != 1:
                raise IllegalAction("Change of colours lets one other colour count as " + colour,
                                    "change_one_colour", colour=colour)
        short = [c for i, c in enumerate(COLOURS) if pay[i] > self.hands[p][i]]
        if short:
            raise IllegalAction(
                f"you need {pay[COLOUR_INDEX[short[0]]]} {short[0]} card(s) and have "
                f"{self.hands[p][COLOUR_INDEX[short[0]]]}",
                "unaffordable", colour=short[0], need=pay[COLOUR_INDEX[short[0]]],
                have=self.hands[p][COLOUR_INDEX[short[0]]],
            )
        # all checks passed
        uses = [ab for ab, flag in (("discount", a.discount), ("change", a.change)) if flag]
        for ab in uses:
            self.abilities[p][ab] = "used"
        for i in range(COLOUR_COUNT):
            self.hands[p][i] -= pay[i]
            self.discard[i] += pay[i]
        self.tiles[tid] -= 1
        self.colour_masks[p][ci] |= a.mask
        self.phase = ACT
        self.passes = 0
        events = [
            event("built", p, name=self.names[p], tile=tid, cells=format_cells(a.mask, a.brick),
                  pay=A.cards_text(pay), cost=cost, abilities=uses)
        ]
        return events + self._place(a.mask, a.brick)

    def _place(self, mask: int, brick: int) -> list[Event]:
        """Draw a tile, score, end at 12, queue coats of arms (RULES 2.6, 5.5)."""
        p = self.active
        board = self.boards[p]
        events: list[Event] = []
        gained = board.place(mask, brick)
        arms = (mask & ARMS_CELLS).bit_count()
        for line, pts in gained:
            self.scores_[p] += pts
            events.append(
                event("scored", p, name=self.names[p], line=line.short, points=pts)
            )
            if line.kind == "row" and line.index in ARMS_ROWS:
                arms += 1
        if self.scores_[p] >= TARGET:
            return events + self._finish(EndReason.TARGET_REACHED)
        if arms:
            events.append(
                event("arms_unlocked", p, name=self.names[p], count=arms)
            )
        self.pending_arms += arms
        return events + self._next_arms()

    def _next_arms(self) -> list[Event]:
        events: list[Event] = []
        while self.pending_arms and not movegen.arms_options(self):
            self.pending_arms -= 1
            events.append(event("arms_lost", self.active))
        if self.pending_arms:
            self.phase = ARMS
            return events
        self.phase = ACT
        return events + self._end_turn()

    def _arms_step(self) -> None:
        if self.phase != ARMS:
            raise IllegalAction("no coat-of-arms action is waiting", "no_arms_waiting")

    def _apply_arms_white(self, a: A.ArmsWhite) -> list[Event]:
        self._arms_step()
        if self.tiles[WHITE] <= 0:
            raise IllegalAction("no white tile is left", "tile_unavailable", tile=WHITE)
        if not 0 <= a.cell < CELLS:
            raise IllegalAction("that cell is not on the board", "no_such_cell")
        self.boards[a.player].check(1 << a.cell)
        self.tiles[WHITE] -= 1
        self.pending_arms -= 1
        events = [event("arms", a.player, name=self.names[a.player], cell=cell_name(a.cell),
                        form="white")]
        return events + self._place(1 << a.cell, 0)

    def _apply_arms_ability(self, a: A.ArmsAbility) -> list[Event]:
        self._arms_step()
        if a.ability not in SUPPLY_ABILITIES:
            raise IllegalAction(f"'{a.ability}' is not in the ability supply", "no_such_ability",
                                ability=a.ability)
        if a.ability in self.abilities[a.player]:
            raise IllegalAction(f"you already own {ABILITY_NAMES[a.ability]}", "ability_owned",
                                ability=a.ability)
        if self.ability_supply[a.ability] <= 0:
            raise IllegalAction(f"no {ABILITY_NAMES[a.ability]} tile is left", "ability_gone",
                                ability=a.ability)
        self.ability_supply[a.ability] -= 1
        self.abilities[a.player][a.ability] = "active"
        self.fresh[a.player].append(a.ability)
        self.pending_arms -= 1
        events = [event("arms", a.player, name=self.names[a.player], ability=a.ability,
                        form="ability")]
        return events + self._next_arms()

    def _apply_arms_refresh(self, a: A.ArmsRefresh) -> list[Event]:
        self._arms_step()
        used = [ab for ab, v in self.abilities[a.player].items() if v == "used"]
        if not used:
            raise IllegalAction("none of your ability tiles is used", "nothing_to_refresh")
        for ab in used:
            self.abilities[a.player][ab] = "active"
            self.fresh[a.player].append(ab)
        self.pending_arms -= 1
        events = [event("arms", a.player, name=self.names[a.player], abilities=used,
                        form="refresh")]
        return events + self._next_arms()

    def _apply_pass(self, a: A.Pass) -> list[Event]:
        if self.phase == BUILD:
            self.phase = ACT
            return [event("passed", a.player, name=self.names[a.player], form="skip_build")] + (
                self._end_turn()
            )
        if self.phase != ACT:
            raise IllegalAction(self._phase_hint(), "wrong_phase", phase=str(self.phase))
        if self.legal_actions() != [A.Pass(a.player)]:
            raise IllegalAction("you can take cards or build: passing is only for a dead end",
                                "pass_not_stuck")
        self.passes += 1
        events = [event("passed", a.player, name=self.names[a.player], form="stuck")]
        if self.passes >= self.players:
            return events + self._finish(EndReason.NO_PROGRESS)
        return events + self._end_turn()

    def _phase_hint(self) -> str:
        return {
            DISCARD: "first discard down to 7 cards",
            ARMS: "first choose what your coat of arms gives",
            BUILD: "you took cards with Both actions: build now, or pass",
        }.get(self.phase, "that is not possible now")

    # ------------------------------------------------------------------ turns and end
    def _end_turn(self) -> list[Event]:
        events: list[Event] = []
        for i in range(HARBOUR_SIZE):
            if self.harbour[i] is None:
                card = self._draw()
                if card == END_CARD:
                    self.end_card = "revealed"
                    events.append(event("end_card", None))
                    return events + self._finish(EndReason.END_CARD)
                self.harbour[i] = card
        self.fresh[self.active] = []
        self.both = False
        self.turn += 1
        self.active = (self.active + 1) % self.players
        events.append(
            event("turn_started", self.active, name=self.names[self.active], turn=self.turn + 1)
        )
        return events

    def _finish(self, reason: EndReason) -> list[Event]:
        self.over = True
        self.end_reason = reason
        self.phase = OVER
        won = self.winners()
        return [
            event("game_over", None, winners=won, scores=self.scores(), reason=str(reason),
                  names=[self.names[w] for w in won], score=self.scores_[won[0]],
                  form="win" if len(won) == 1 else "shared")
        ]

    # ------------------------------------------------------------------ copies and JSON
    _FIELDS = (
        "config", "names", "deck", "discard", "hands", "harbour", "end_card", "reshuffles",
        "tiles", "ability_supply", "abilities", "fresh", "colour_masks", "scores_", "turn",
        "active", "phase", "both", "pending_arms", "passes", "over", "end_reason", "log",
    )

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form of the whole state (including the deck order)."""
        d = {f: copy.deepcopy(getattr(self, f)) for f in self._FIELDS}
        d["end_reason"] = self.end_reason or ""  # "" while the game goes on, as saved games say
        d["boards"] = [[b.filled, b.bricks] for b in self.boards]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Inverse of `to_dict` (older words of the end reason are read too)."""
        new = cls.__new__(cls)
        for f in cls._FIELDS:
            setattr(new, f, copy.deepcopy(d[f]))
        new.phase = Phase(d["phase"])
        new.end_reason = EndReason(d["end_reason"]) if d["end_reason"] else None
        new.boards = [Building(f, b) for f, b in d["boards"]]
        return new

    def clone(self) -> GameState:
        """An independent copy."""
        new = GameState.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.hands = [list(h) for h in self.hands]
        new.harbour = list(self.harbour)
        new.tiles = dict(self.tiles)
        new.ability_supply = dict(self.ability_supply)
        new.abilities = [dict(a) for a in self.abilities]
        new.fresh = [list(f) for f in self.fresh]
        new.colour_masks = [list(m) for m in self.colour_masks]
        new.scores_ = list(self.scores_)
        new.boards = [Building(b.filled, b.bricks) for b in self.boards]
        new.log = list(self.log)
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see: their hand, others' hand sizes, never the deck order."""
        d = self.to_dict()
        d["config"]["seed"] = None
        d["viewer"] = player
        d["deck"] = None
        d["deck_size"] = len(self.deck)
        d["end_card_in_deck"] = self.end_card == "deck"
        d["hand_sizes"] = [sum(h) for h in self.hands]
        d["hands"] = [h if i == player else None for i, h in enumerate(self.hands)]
        return d

    @classmethod
    def from_view(cls, view: dict[str, Any], player: int, rng: random.Random) -> GameState:
        """A full state consistent with a view: unseen cards dealt at random (for search)."""
        d = copy.deepcopy(view)
        n = len(d["names"])
        unseen = [CARDS_PER_COLOUR[n]] * COLOUR_COUNT
        seen = [0] * COLOUR_COUNT
        for c in d["harbour"]:
            if c is not None:
                seen[COLOUR_INDEX[c]] += 1
        for i in range(COLOUR_COUNT):
            seen[i] += d["discard"][i] + d["hands"][player][i]
        pool = [c for i, c in enumerate(COLOURS) for _ in range(unseen[i] - seen[i])]
        rng.shuffle(pool)
        for q in range(n):
            if q != player:
                h = [0] * COLOUR_COUNT
                for _ in range(d["hand_sizes"][q]):
                    h[COLOUR_INDEX[pool.pop()]] += 1
                d["hands"][q] = h
        deck = pool[: d["deck_size"] - (1 if d["end_card_in_deck"] else 0)]
        if d["end_card_in_deck"]:
            depth = min(len(deck), END_CARD_DEPTH)
            deck.insert(rng.randint(0, depth), END_CARD)
        d["deck"] = deck
        d["config"]["seed"] = rng.randrange(1 << 30)
        for k in ("viewer", "deck_size", "end_card_in_deck", "hand_sizes"):
            d.pop(k, None)
        return cls.from_dict(d)


_HANDLERS: dict[type, Any] = {
    A.Take: GameState._apply_take,
    A.Discard: GameState._apply_discard,
    A.Build: GameState._apply_build,
    A.ArmsWhite: GameState._apply_arms_white,
    A.ArmsAbility: GameState._apply_arms_ability,
    A.ArmsRefresh: GameState._apply_arms_refresh,
    A.Pass: GameState._apply_pass,
}
