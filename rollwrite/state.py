"""The Roll & Write game state: apply with events, undo, end of game (moves: rollwrite.movegen)."""

from __future__ import annotations

import copy
import random
from typing import Any

from facade.errors import IllegalAction
from facade.events import Event
from facade.grid import CELLS, cell_name
from facade.notation import format_cells
from facade.options import checked_options
from facade.outcome import EndReason
from facade.placements import Placement, cell_names
from facade.selfplay import winners
from facade.shapes import image_index
from rollwrite import actions as A  # noqa: N812
from rollwrite import movegen
from rollwrite.dice import faces_text, seeded_roll
from rollwrite.facade_sheet import FacadeSheet
from rollwrite.material import (
    BONUSES_PER_COLOUR_PER_TURN,
    COAT_OF_ARMS_LINES,
    COAT_OF_ARMS_TRACK_BOXES,
    COLOURS,
    DICE,
    FACES,
    INFINITE_SIDE,
    MAX_SEATS,
    SHAPES,
    TARGET,
    TRACK_COMPLETE_POINTS,
    TRACK_LENGTH,
    TRACKS,
    WHITE,
    colour_of,
)
from rollwrite.messages import event
from rollwrite.phases import MAIN, OVER, PASSIVE, REROLL, ROLL, SETUP, Phase
from rollwrite.shape_index import SHAPE_INDEX, fitting_shapes, placement_index
from rollwrite.sheet import Sheet
from rollwrite.turn import Choice, Turn, UndoPoint
from rollwrite.view import DiceView, player_view

ARMS_LINES = {ln.short: ln for ln in COAT_OF_ARMS_LINES}
DEFAULT_OPTIONS: dict[str, Any] = {"mirror": False, "dice": "seeded"}
# mirror: RULES 5.12; dice: rolled by the game from the seed, or real dice typed in
OPTION_VALUES: dict[str, tuple[Any, ...]] = {"mirror": (False, True), "dice": ("seeded", "manual")}


class GameState:
    """A game of Copenhagen Roll & Write. Build one with `new_game`.

    `turn_state` holds the turn in progress (rollwrite.turn.Turn), `facade_sheet` the shared
    sheet's crossed-out entries, `sheets` the players' sheets; `undo_stack` what the active
    player's steps this turn changed, most recent last."""

    def __init__(self, config: dict[str, Any]) -> None:
        names = config["players"]
        if not 1 <= len(names) <= MAX_SEATS:
            raise IllegalAction(
                f"Roll & Write is for 1 to {MAX_SEATS} players (1: the solitaire challenge)",
                "player_count", low=1, high=MAX_SEATS,
            )
        options = checked_options(config.get("options"), DEFAULT_OPTIONS, OPTION_VALUES)
        self.config: dict[str, Any] = {
            "players": list(names),
            "seed": config.get("seed", 0),
            "options": options,
        }
        self.mirror: bool = bool(options["mirror"])
        self.sheets: list[Sheet] = [Sheet(n) for n in names]
        self.facade_sheet = FacadeSheet.at_setup(len(names))
        self.turn = 0  # the turn number, from 0
        self.active: int = 0  # the seat whose turn it is (facade.contract.EngineState)
        two = len(names) == 2  # two players choose a starting track first (RULES 3.6)
        self.turn_state = Turn.start(len(names), SETUP if two else ROLL)
        self.undo_stack: list[UndoPoint] = []
        self._log: list[Any] = []  # actions applied; written as text when `log` is read
        self._logged = 0  # how many entries of `_log` are text already
        # the seeded roll `chance_action` made last: (turn, rerolls, phase, the Roll); when
        # that very Roll is applied at that very moment it needs no checking again
        self._due_roll: tuple[int, int, Phase, A.Roll] | None = None
        self.over = False
        self.end_reason: EndReason | None = None
        if not two:
            self._begin_turn()

    # ------------------------------------------------------------------ the turn, read-only
    @property
    def phase(self) -> Phase:
        """Where the turn stands."""
        return self.turn_state.phase

    @property
    def dice(self) -> list[str]:
        """The faces of the dice this turn (empty before the roll)."""
        return self.turn_state.dice

    @property
    def reroll_dice(self) -> list[int]:
        """The dice to roll again now (phase REROLL)."""
        return self.turn_state.reroll_dice

    # ------------------------------------------------------------------ basics
    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.sheets)

    @property
    def seq(self) -> int:
        """How many actions have been applied (the length of the log)."""
        return len(self._log)

    @property
    def log(self) -> list[str]:
        """Every applied action in the notation, oldest first. Actions are kept as objects
        and written out when the log is read: self-play reads it once a game, not once a move."""
        raw = self._log
        for i in range(self._logged, len(raw)):
            raw[i] = str(raw[i])
        self._logged = len(raw)
        return raw

    def player_view(self, player: int | None) -> DiceView:
        """The JSON view of schema 1 for a seat or a spectator (None): see rollwrite.view."""
        return player_view(self, player)

    def placements(self, tile: str | None = None, player: int | None = None) -> list[Placement]:
        """Legal placements of a tile on a player's building now (default: the tile chosen
        this turn, on the active player's building, while it is still to be drawn). Without
        a tile to draw, or for a tile that is not on the facade sheet, the list is empty."""
        p = self.active if player is None else player
        if tile is None:
            t = self.turn_state
            if t.phase != MAIN or t.chosen is None or t.drawn or p != self.active:
                return []
            tile = t.chosen.tile
        if tile not in SHAPE_INDEX or not 0 <= p < self.players:
            return []
        filled = self.sheets[p].building.filled
        return [
            Placement(tile, pl.mask, cell_names(pl.mask))
            for pl in placement_index(self.mirror).legal(filled, SHAPE_INDEX[tile])
        ]

    def draws_for(self, mask: int) -> list[A.Draw]:
        """The legal Draw actions of the chosen tile on these cells: one per X cell, and the
        all-O draw when a blue ★ is left; empty when no such draw is legal now."""
        t = self.turn_state
        if self.over or t.phase != MAIN or t.pending_arms:
            return []
        if t.chosen is None or t.drawn:
            return []
        return [a for a in movegen.draw_options(self) if a.mask == mask]

    @property
    def seeded(self) -> bool:
        """Dice come from the seed (digital play) rather than typed in (companion mode)."""
        return self.config["options"]["dice"] == "seeded"

    def scores(self) -> list[int]:
        """Current scores."""
        return [s.score for s in self.sheets]

    def recount(self, player: int) -> int:
        """A player's score recounted from their grid and tracks."""
        return self.sheets[player].recount()

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over

    def is_chance(self) -> bool:
        """Whether dice must be rolled now."""
        return self.turn_state.phase in (ROLL, REROLL) and not self.over

    def winners(self) -> list[int]:
        """Highest score, then fewest empty cells; several on a full tie (RULES 3.5, 1)."""
        return winners(self.scores(), [s.building.empty for s in self.sheets])

    def passive_picks(self) -> int:
        """Dice each passive player picks: two in a two-player game (RULES 3.6)."""
        return 2 if self.players == 2 else 1

    def used_dice(self) -> tuple[int, ...]:
        """Dice the active player used this turn."""
        chosen = self.turn_state.chosen
        return chosen.dice if chosen else ()

    def unused_dice(self) -> list[int]:
        """Dice left for the passive players."""
        used = set(self.used_dice())
        return [d for d in range(len(self.turn_state.dice)) if d not in used]

    def available_entries(self) -> list[str]:
        """Facade-sheet ids that can be taken without a yellow ★."""
        return self.facade_sheet.available_tiles()

    def to_act(self) -> list[int]:
        """Seats that may act now."""
        if self.over:
            return []
        t = self.turn_state
        if t.phase == SETUP:
            return [p for p in range(self.players) if not t.setup_done[p]]
        if t.phase == PASSIVE:
            return [p for p in range(self.players) if not t.done[p]]
        return [self.active]

    def _may_act(self, p: int) -> bool:
        """Whether `p in self.to_act()`, without building the list (once per apply)."""
        t = self.turn_state
        if t.phase == SETUP:
            return not t.setup_done[p]
        if t.phase == PASSIVE:
            return not t.done[p]
        return p == self.active

    # ------------------------------------------------------------------ chance
    def chance_action(self, rng: random.Random | None = None) -> A.Roll:
        """The roll due now: from the seed, or (manual dice) from `rng`."""
        if not self.is_chance():
            raise IllegalAction("no dice to roll now", "no_roll_due")
        t = self.turn_state
        count = DICE if t.phase == ROLL else len(t.reroll_dice)
        if self.seeded:
            roll = self._roll_made_now()
            if roll is None:
                roll = A.Roll(self.active, self._seeded_faces())
                self._due_roll = (self.turn, t.rerolls, t.phase, roll)
            return roll
        r = rng or random.Random()
        return A.Roll(self.active, tuple(r.choice(FACES) for _ in range(count)))

    def _roll_made_now(self) -> A.Roll | None:
        """The seeded roll `chance_action` made for this very moment, if it made one."""
        due = self._due_roll
        t = self.turn_state
        if due is None or due[:3] != (self.turn, t.rerolls, t.phase):
            return None
        return due[3]

    def _seeded_faces(self) -> tuple[str, ...]:
        t = self.turn_state
        faces = seeded_roll(self.config["seed"], self.turn, t.rerolls)
        if t.phase == ROLL:
            return faces
        return tuple(faces[d] for d in t.reroll_dice)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, player: int | None = None) -> list[A.Action]:
        """Every legal action (one representative where dice are interchangeable); an Undo,
        when there is one, comes first. Without `player`: the actions of the seats in
        `to_act`; a passive player who is done but may still take back a pick (RULES 5.15)
        finds their Unpick in `legal_actions(that_player)`. See rollwrite.movegen."""
        return movegen.legal_actions(self, player)

    # ------------------------------------------------------------------ apply
    def apply(self, action: A.Action | str) -> list[Event]:
        """Apply one action; IllegalAction (and no change at all) when the rules forbid it."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            if not isinstance(action, str):
                raise IllegalAction(f"{action!r} is not an action of this game", "unknown_action")
            action = A.parse_action(action)
            handler = _HANDLERS[type(action)]
        if self.over:
            raise IllegalAction("the game is over", "game_over")
        p = action.player
        if not 0 <= p < len(self.sheets):
            raise IllegalAction(
                f"there is no player p{p + 1} at this table", "no_such_player", player=p
            )
        if handler is not _APPLY_UNPICK and not self._may_act(p):  # unpick: own checks
            raise IllegalAction(self._not_your_turn(p), "not_your_turn", player=p,
                                active=self.active)
        if handler is _APPLY_PICK and not action.track:  # `pick 3`: its own colour
            dice = self.turn_state.dice
            if 0 <= action.die < len(dice):
                action = A.Pick(p, action.die, dice[action.die])
        events = handler(self, action)
        self._log.append(action)  # frozen: its text is the same when the log is read
        return events

    def _not_your_turn(self, p: int) -> str:
        name = self.sheets[p].name
        phase = self.turn_state.phase
        if phase == PASSIVE and p == self.active:
            return "your turn is over: the other players are marking their dice"
        if phase == PASSIVE:
            return f"{name} has already marked their dice this turn"
        if phase == SETUP:
            return f"{name} has already chosen a starting track"
        return f"it is {self.sheets[self.active].name}'s turn, not {name}'s"

    # --- setup
    def _apply_setup(self, a: A.Setup) -> list[Event]:
        t = self.turn_state
        if t.phase != SETUP:
            raise IllegalAction("the starting track is chosen before the first roll", "setup_over")
        events: list[Event] = []
        if a.track:
            events = self.sheets[a.player].mark(a.track, 2, a.player)
        t.setup_done[a.player] = True
        if all(t.setup_done):
            self._begin_turn()
            events.append(self._turn_event())
        return events

    # --- dice
    def _apply_roll(self, a: A.Roll) -> list[Event]:
        t = self.turn_state
        if a is not self._roll_made_now():
            self._check_roll(a)
        form = None
        if t.phase == ROLL:
            t.dice = list(a.faces)
        else:
            for d, f in zip(t.reroll_dice, a.faces):
                t.dice[d] = f
            t.reroll_dice = []
            form = "reroll"
        t.phase = MAIN
        self.undo_stack.clear()
        return [event("rolled", self.active, name=self._name(), dice=faces_text(t.dice), form=form)]

    def _check_roll(self, a: A.Roll) -> None:
        """IllegalAction unless these faces may be rolled now."""
        if not self.is_chance():
            raise IllegalAction("the dice are not to be rolled now", "no_roll_due")
        t = self.turn_state
        count = DICE if t.phase == ROLL else len(t.reroll_dice)
        if len(a.faces) != count:
            dice = "die" if count == 1 else "dice"
            raise IllegalAction(f"roll {count} {dice}, not {len(a.faces)}", "roll_count",
                                count=count, given=len(a.faces))
        if any(f not in FACES for f in a.faces):
            raise IllegalAction("unknown die face", "bad_face")
        if self.seeded and tuple(a.faces) != self._seeded_faces():
            raise IllegalAction("at this table the game rolls the dice; typed-in faces are refused",
                                "dice_rolled_by_game")

    def _apply_reroll(self, a: A.Reroll) -> list[Event]:
        self._main_step(a)
        t = self.turn_state
        if t.chosen is not None:
            raise IllegalAction("rerolls come before choosing a tile (RULES 5.9)", "after_choice",
                                step="reroll")
        if not a.dice or len(set(a.dice)) != len(a.dice) or any(
            not 0 <= d < DICE for d in a.dice
        ):
            raise IllegalAction("name the dice to reroll, 1 to 5", "dice_numbers", high=DICE)
        self._need_star("red")
        self.sheets[a.player].stars_used["red"] += 1
        t.rerolls += 1
        t.reroll_dice = sorted(a.dice)
        t.phase = REROLL
        self.undo_stack.clear()
        return [event("star_used", a.player, name=self._name(), form="reroll")]

    def _apply_change(self, a: A.Change) -> list[Event]:
        self._main_step(a)
        if self.turn_state.chosen is not None:
            raise IllegalAction("change colours before choosing a tile (RULES 5.9)", "after_choice",
                                step="change")
        if not a.dice or any(not 0 <= d < DICE for d in a.dice):
            raise IllegalAction("name the dice to change, 1 to 5", "dice_numbers", high=DICE)
        faces = {self.turn_state.dice[d] for d in a.dice}
        if len(faces) != 1:
            raise IllegalAction("a colour change turns dice that all show the same colour",
                                "change_mixed")
        if a.face not in FACES or a.face in faces:
            raise IllegalAction("choose a different face to turn them to", "change_same_face")
        self._need_star("green")
        self._push_undo()
        self.sheets[a.player].stars_used["green"] += 1
        dice = self.turn_state.dice
        for d in a.dice:
            dice[d] = a.face
        return [
            event(
                "star_used", a.player, name=self._name(), dice=faces_text(dice),
                form="change_colour",
            )
        ]

    # --- choose and draw
    def _apply_choose(self, a: A.Choose) -> list[Event]:
        self._main_step(a)
        t = self.turn_state
        if t.chosen is not None:
            raise IllegalAction("a tile is already chosen this turn", "already_chosen")
        sheet = self.sheets[a.player]
        if a.tile not in SHAPES:
            raise IllegalAction(
                f"there is no tile '{a.tile}' on the facade sheet", "tile_unavailable", tile=a.tile
            )
        colour = colour_of(a.tile)
        if len(set(a.dice)) != len(a.dice) or any(not 0 <= d < DICE for d in a.dice):
            raise IllegalAction("name each die once, 1 to 5", "dice_numbers", high=DICE)
        wrong = [d for d in a.dice if t.dice[d] not in (colour, WHITE)]
        if wrong:
            raise IllegalAction(
                f"die {wrong[0] + 1} shows {t.dice[wrong[0]]}: only {colour} or white dice "
                f"pay for {a.tile}", "die_colour", die=wrong[0] + 1, face=t.dice[wrong[0]],
                colour=colour, tile=a.tile,
            )
        if not 0 <= a.bonuses <= BONUSES_PER_COLOUR_PER_TURN:
            raise IllegalAction("at most two bonuses of one colour per turn", "bonus_limit",
                                high=BONUSES_PER_COLOUR_PER_TURN)
        if a.bonuses > sheet.bonuses_left(colour):
            raise IllegalAction(
                f"you have {sheet.bonuses_left(colour)} unlocked {colour} + bonus(es) left",
                "unaffordable", bonus=colour, left=sheet.bonuses_left(colour),
            )
        size = SHAPES[a.tile].size
        if len(a.dice) + a.bonuses != size:
            raise IllegalAction(
                f"{a.tile} has {size} cells: use exactly {size} dice and bonuses "
                f"(you gave {len(a.dice)} dice and {a.bonuses} bonuses)", "tile_size",
                tile=a.tile, size=size, dice=len(a.dice), bonuses=a.bonuses,
            )
        entry = None
        if a.new_choice:
            if a.tile in INFINITE_SIDE:
                raise IllegalAction(f"{a.tile} is on the ∞ side: no yellow ★ needed",
                                    "new_choice_needless", tile=a.tile)
            entry = self.facade_sheet.crossed_entry(a.tile)
            if entry is None:
                raise IllegalAction(f"{a.tile} is not crossed out: take it without a yellow ★",
                                    "new_choice_needless", tile=a.tile)
            self._need_star("yellow")
        elif a.tile not in INFINITE_SIDE:
            entry = self.facade_sheet.open_entry(a.tile)
            if entry is None:
                raise IllegalAction(
                    f"{a.tile} is crossed out; only a yellow ★ (New choice) takes it again",
                    "tile_unavailable", tile=a.tile,
                )
        shape_bits = placement_index(self.mirror).shape_bits[SHAPE_INDEX[a.tile]]
        if not sheet.legal_set(self.mirror)[3] & shape_bits:
            raise IllegalAction(
                f"{a.tile} does not fit anywhere on your building", "tile_unavailable",
                tile=a.tile,
            )
        self._push_undo()
        sheet.bonuses_used[colour] += a.bonuses
        if a.new_choice:
            sheet.stars_used["yellow"] += 1
        t.chosen = Choice(
            a.tile, tuple(sorted(a.dice)), a.bonuses, a.new_choice,
            None if a.new_choice else entry,
        )
        dice_txt = faces_text([t.dice[d] for d in sorted(a.dice)])
        return [
            event(
                "chosen", a.player, name=self._name(), tile=a.tile, dice=dice_txt,
                bonuses=a.bonuses, new_choice=a.new_choice, form=None if dice_txt else "no_dice",
            )
        ]

    def _apply_draw(self, a: A.Draw) -> list[Event]:
        self._main_step(a)
        chosen = self.turn_state.chosen
        if chosen is None:
            raise IllegalAction("choose a tile before drawing it", "choose_first")
        if self.turn_state.drawn:
            raise IllegalAction("the tile of this turn is already drawn", "already_drawn")
        tid = chosen.tile
        if a.tile != tid:
            raise IllegalAction(f"you chose {tid}, not {a.tile}", "not_chosen_tile", chosen=tid,
                                tile=a.tile)
        shape = SHAPES[tid]
        images = image_index(shape, self.mirror)
        if a.mask not in images:
            if a.mask.bit_count() != shape.size:
                raise IllegalAction(
                    f"{tid} has {shape.size} cells, not {a.mask.bit_count()}",
                    "illegal_placement", tile=tid,
                )
            if not self.mirror and a.mask in image_index(shape, True):
                raise IllegalAction(
                    f"{format_cells(a.mask)} is a mirror image of {tid}; "
                    "tiles are only rotated at this table", "illegal_placement", tile=tid,
                )
            raise IllegalAction(
                f"{format_cells(a.mask)} is not the shape of {tid}", "illegal_placement", tile=tid
            )
        if a.brick and (a.brick & a.mask != a.brick or a.brick.bit_count() != 1):
            raise IllegalAction(
                "the X must be one of the tile's cells", "illegal_placement", tile=tid
            )
        sheet = self.sheets[a.player]
        sheet.building.check(a.mask)
        if not a.brick:
            self._need_star("blue", "mark one cell X (upper-case)")
        self._push_undo()
        events = []
        if not a.brick:
            sheet.stars_used["blue"] += 1
            events.append(event("star_used", a.player, name=self._name(), form="no_x"))
        if chosen.entry is not None:
            self.facade_sheet.cross(chosen.entry)
            events.append(event("crossed", a.player, tile=tid))
        self.turn_state.drawn = True
        events.insert(
            0,
            event("drawn", a.player, name=self._name(), tile=tid,
                  cells=format_cells(a.mask, a.brick)),
        )
        events += self._place(a.mask, a.brick)
        return events

    def _apply_extra(self, a: A.Extra) -> list[Event]:
        self._main_step(a)
        mask = self._check_single_cell(a.cell, "a cell")
        sheet = self.sheets[a.player]
        self._need_star("purple")
        if not a.brick:
            self._need_star("blue", "the extra cell is an X")
        self._push_undo()
        sheet.stars_used["purple"] += 1
        events = [
            event("extra", a.player, name=self._name(), mark="X" if a.brick else "O",
                  cell=cell_name(a.cell))
        ]
        if not a.brick:
            sheet.stars_used["blue"] += 1
        self.turn_state.extras += 1
        return events + self._place(mask, mask if a.brick else 0)

    # --- coats of arms
    def _apply_arms_cell(self, a: A.ArmsCell) -> list[Event]:
        self._arms_step(a)
        mask = self._check_single_cell(a.cell, "an O")
        events = [self._use_arms(a.player, "cell", cell=cell_name(a.cell))]
        return events + self._place(mask, 0)

    def _apply_arms_track(self, a: A.ArmsTrack) -> list[Event]:
        self._arms_step(a)
        sheet = self.sheets[a.player]
        if a.colour not in COLOURS:
            raise IllegalAction("unknown track", "no_such_track", letter=a.colour)
        if sheet.room(a.colour) == 0:
            raise IllegalAction(f"your {a.colour} track is full", "track_full", colour=a.colour)
        events = [self._use_arms(a.player, "track", track=a.colour)]
        events += sheet.mark(a.colour, COAT_OF_ARMS_TRACK_BOXES, a.player)
        return events + self._skip_impossible_arms()

    def _use_arms(self, player: int, form: str, **what: str) -> Event:
        """Spend the oldest waiting coat of arms (after every check has passed)."""
        self._push_undo()
        line = self.turn_state.pending_arms.pop(0)
        return event("arms", player, name=self._name(), line=line, form=form, **what)

    def _check_single_cell(self, cell: int, what: str) -> int:
        """Mask of a 1-cell tile on `cell`, or IllegalAction saying why it cannot go there."""
        if not 0 <= cell < CELLS:
            raise IllegalAction("that cell is not on the building", "no_such_cell")
        mask = 1 << cell
        self.sheets[self.active].building.check(mask)
        if not movegen.keeps_chosen_placeable(self, mask):
            raise IllegalAction(
                f"{what} on {cell_name(cell)} would leave no room for "
                f"{self.turn_state.chosen.tile}", "no_room_left", cell=cell_name(cell),
                tile=self.turn_state.chosen.tile,
            )
        return mask

    def _arms_step(self, a: A.Action) -> None:
        t = self.turn_state
        if t.phase != MAIN or a.player != self.active:
            raise IllegalAction("no coat of arms to use now", "no_arms_waiting")
        if not t.pending_arms:
            raise IllegalAction("no coat of arms is waiting for a choice", "no_arms_waiting")

    # --- end of turn, undo
    def _apply_end(self, a: A.End) -> list[Event]:
        t = self.turn_state
        if t.phase != MAIN:
            raise IllegalAction(self._outside_main(), "wrong_phase", phase=str(t.phase))
        if t.pending_arms:
            raise IllegalAction("choose what your coat of arms gives first", "arms_first")
        if t.chosen is None and movegen.draw_forced_now(self):
            raise IllegalAction(
                "your dice alone pay for a tile that fits your building: you must choose and "
                "draw one (RULES 5.1; spending a + or a ★ is never forced)",
                "must_draw",
            )
        if t.chosen is not None and not t.drawn:
            raise IllegalAction(f"draw {t.chosen.tile} before ending your turn", "draw_first",
                                tile=t.chosen.tile)
        unused_dice = self.unused_dice()
        unused = faces_text([t.dice[d] for d in unused_dice])
        events = [
            event("turn_ended", a.player, name=self._name(), unused=unused,
                  form=None if unused else "none")
        ]
        self.undo_stack.clear()
        t.phase = PASSIVE
        n = len(self.sheets)
        t.picks = [[] for _ in range(n)]
        t.pick_tracks = [[] for _ in range(n)]
        t.done = [n > 1 and p == self.active for p in range(n)]
        for p in range(n):
            if not t.done[p] and not movegen.can_pick(self, p, unused_dice):
                t.done[p] = True
        return events + self._maybe_next_turn()

    def _apply_undo(self, a: A.Undo) -> list[Event]:
        phase = self.turn_state.phase
        if phase != MAIN:
            raise IllegalAction(self._outside_main(), "wrong_phase", phase=str(phase))
        if a.player != self.active:
            raise IllegalAction("only the active player can take back a step of their turn",
                                "not_your_turn", player=a.player, active=self.active)
        if not self.undo_stack:
            raise IllegalAction("nothing to take back: a roll or reroll cannot be undone",
                                "nothing_to_undo")
        self._restore(self.undo_stack.pop())
        return [event("undone", a.player, name=self._name())]

    # --- passive players
    def _apply_pick(self, a: A.Pick) -> list[Event]:
        t = self.turn_state
        if t.phase != PASSIVE:
            raise IllegalAction("dice are picked after the active player ends the turn",
                                "not_picking")
        p = a.player
        if not 0 <= a.die < len(t.dice):
            raise IllegalAction("dice are numbered 1 to 5", "dice_numbers", high=DICE)
        if a.die in self.used_dice():
            raise IllegalAction(f"die {a.die + 1} was used by the active player", "die_used",
                                die=a.die + 1)
        picks = t.picks[p]
        if a.die in picks:
            raise IllegalAction(f"you already picked die {a.die + 1}", "die_picked", die=a.die + 1)
        face = t.dice[a.die]
        track = a.track or face
        if face != WHITE and track != face:
            raise IllegalAction(
                f"die {a.die + 1} is {face}: it marks the {face} track (only white is free)",
                "die_track", die=a.die + 1, face=face,
            )
        if track not in COLOURS:
            raise IllegalAction("a white die marks the track you name: pick 3 G", "white_track",
                                die=a.die + 1)
        sheet = self.sheets[p]
        if sheet.room(track) == 0:
            raise IllegalAction(f"your {track} track is full", "track_full", colour=track)
        picks.append(a.die)
        t.pick_tracks[p].append(track)
        events = sheet.mark(track, 1, p)
        if len(picks) >= self.passive_picks() or not movegen.can_pick(self, p):
            t.done[p] = True
        return events + self._maybe_next_turn()

    def may_unpick(self, p: int) -> bool:
        """Whether a passive player may take back their last pick now: until every passive
        player has picked or passed, the turn has not moved on (RULES 5.15)."""
        t = self.turn_state
        return (
            t.phase == PASSIVE and not self.over and 0 <= p < self.players
            and bool(t.picks[p]) and len(t.pick_tracks[p]) == len(t.picks[p])
        )

    def _apply_unpick(self, a: A.Unpick) -> list[Event]:
        p = a.player
        t = self.turn_state
        if not self.may_unpick(p):
            if t.phase != PASSIVE:
                why = "a pick can only be taken back while the other players are still picking"
            else:
                why = "you have no pick to take back this turn"
            raise IllegalAction(why, "unpick_refused", player=p)
        die = t.picks[p].pop()
        track = t.pick_tracks[p].pop()
        sheet = self.sheets[p]
        lost = TRACK_COMPLETE_POINTS if sheet.marks[track] == TRACK_LENGTH else 0
        box = sheet.marks[track]
        sheet.marks[track] -= 1
        sheet.score -= lost
        t.done[p] = False
        return [
            event("picked_back", p, name=sheet.name, die=die + 1, track=track, box=box,
                  points_lost=lost)
        ]

    def _apply_pass(self, a: A.Pass) -> list[Event]:
        if self.turn_state.phase != PASSIVE:
            raise IllegalAction("passing is for passive players after the turn ends", "not_picking")
        self.turn_state.done[a.player] = True
        return [
            event("passed", a.player, name=self.sheets[a.player].name)
        ] + self._maybe_next_turn()

    # ------------------------------------------------------------------ helpers
    def _name(self) -> str:
        return self.sheets[self.active].name

    def _outside_main(self) -> str:
        """Why a step of the active player's turn cannot be taken in this phase."""
        phase = self.turn_state.phase
        if phase == SETUP:
            return "the game has not started: choose a starting track first (setup G, or none)"
        if phase in (ROLL, REROLL):
            return "roll the dice first"
        return "the turn is over: pick one of the unused dice, or pass"

    def _main_step(self, a: A.Action) -> None:
        t = self.turn_state
        if t.phase != MAIN:
            raise IllegalAction(self._outside_main(), "wrong_phase", phase=str(t.phase))
        if a.player != self.active:
            raise IllegalAction(self._not_your_turn(a.player), "not_your_turn",
                                player=a.player, active=self.active)
        if t.pending_arms:
            raise IllegalAction("first choose what your coat of arms gives: an O cell or a track",
                                "arms_first")

    def _need_star(self, colour: str, otherwise: str = "") -> None:
        if self.sheets[self.active].stars_left(colour) <= 0:
            ability = TRACKS[colour].ability
            hint = f"; {otherwise}" if otherwise else ""
            raise IllegalAction(
                f"you have no unlocked {colour} ★ ({ability}) left{hint}", "unaffordable",
                star=colour,
            )

    def _place(self, mask: int, brick: int) -> list[Event]:
        """Draw cells, score new lines, queue coats of arms (RULES 3.4.2)."""
        p = self.active
        sheet = self.sheets[p]
        events = []
        for line, pts in sheet.fill(mask, brick):  # checked by the caller
            events.append(event("scored", p, name=sheet.name, line=line.short, points=pts))
            if line.short in ARMS_LINES and line.short not in sheet.arms_used:
                sheet.arms_used.append(line.short)
                self.turn_state.pending_arms.append(line.short)
                events.append(event("arms_unlocked", p, name=sheet.name, line=line.short))
        return events + self._skip_impossible_arms()

    def _skip_impossible_arms(self) -> list[Event]:
        events = []
        pending = self.turn_state.pending_arms
        while pending and not movegen.arms_options(self):
            line = pending.pop(0)
            events.append(event("arms_lost", self.active, line=line))
        return events

    def _turn_event(self) -> Event:
        return event("turn_started", self.active, name=self._name(), turn=self.turn + 1)

    def _begin_turn(self) -> None:
        self.turn_state.begin()
        self.undo_stack = []
        self.sheets[self.active].start_turn()

    def _maybe_next_turn(self) -> list[Event]:
        t = self.turn_state
        if t.phase != PASSIVE or not all(t.done):
            return []
        nxt = (self.active + 1) % self.players
        if nxt == 0:
            reason = self._end_reason()
            if reason is not None:
                self.over = True
                self.end_reason = reason
                t.phase = OVER
                return [self._game_over_event(reason)]
        self.turn += 1
        self.active = nxt
        self._begin_turn()
        return [self._turn_event()]

    def _game_over_event(self, reason: EndReason) -> Event:
        won = self.winners()
        return event(
            "game_over", None, winners=won, scores=self.scores(), reason=str(reason),
            names=[self.sheets[w].name for w in won], score=self.sheets[won[0]].score,
            form="win" if len(won) == 1 else "shared",
        )

    def _end_reason(self) -> EndReason | None:
        if any(s.score >= TARGET for s in self.sheets):
            return EndReason.TARGET_REACHED
        if not any(self._can_progress(p) for p in range(self.players)):
            return EndReason.NO_PROGRESS
        return None

    def _can_progress(self, p: int) -> bool:
        """Whether the player can still change their sheet at all (guards endless games)."""
        sheet = self.sheets[p]
        if any(sheet.room(c) > 0 for c in COLOURS):
            return True
        b = sheet.building
        if sheet.stars_left("purple") > 0 and b.support:
            return True
        fits = fitting_shapes(b.filled, self.mirror)
        available = set(self.facade_sheet.available_tiles())
        crossed = self.facade_sheet.crossed_tiles()
        for tid in fits:
            if tid in available or (tid in crossed and sheet.stars_left("yellow") > 0):
                return True
        return False

    # ------------------------------------------------------------------ undo
    def _push_undo(self) -> None:
        """Save what the next step may change; the saved copies are never changed after."""
        self.undo_stack.append(
            UndoPoint(
                self.turn_state.step_copy(),
                self.facade_sheet.mask,
                self.sheets[self.active].copy(),  # steps change only this sheet
            )
        )

    def _restore(self, point: UndoPoint) -> None:
        """Back to an undo point (copies again: clones share the points)."""
        self.turn_state = point.turn.step_copy()
        self.facade_sheet = FacadeSheet(point.crossed)
        self.sheets[self.active] = point.sheet.copy()

    # ------------------------------------------------------------------ copies and JSON
    def clone(self) -> GameState:
        """An independent copy."""
        new = GameState.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.config = _copy_config(self.config)
        new.sheets = [s.copy() for s in self.sheets]
        new.facade_sheet = self.facade_sheet.copy()
        new.turn_state = self.turn_state.copy()
        new.undo_stack = list(self.undo_stack)  # undo points are never mutated in place
        new._log = list(self._log)  # actions are frozen: the copies may share them
        return new

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form of the whole state."""
        d = self.turn_state.to_dict()
        d.update(
            crossed=self.facade_sheet.to_list(),
            config=copy.deepcopy(self.config),
            sheets=[s.to_dict() for s in self.sheets],
            turn=self.turn,
            active=self.active,
            over=self.over,
            end_reason=self.end_reason or "",  # "" while the game goes on, as saved games say
            log=list(self.log),
            undo_stack=[u.to_dict() for u in self.undo_stack],
        )
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Inverse of `to_dict` (games saved before RULES 5.15 have no pick tracks)."""
        new = cls.__new__(cls)
        new.config = copy.deepcopy(d["config"])
        new.mirror = bool(new.config["options"]["mirror"])
        new.sheets = [Sheet.from_dict(s) for s in d["sheets"]]
        new.facade_sheet = FacadeSheet.from_list(d["crossed"])
        new.turn_state = Turn.from_dict(d)
        new.turn = d["turn"]
        new.active = d["active"]
        new.over = d["over"]
        new.end_reason = EndReason(d["end_reason"]) if d["end_reason"] else None
        new._log = list(d["log"])
        new._logged = len(new._log)
        new._due_roll = None
        new.undo_stack = [UndoPoint.from_dict(s) for s in d["undo_stack"]]
        return new

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What a player may see: everything but the seed (it would tell future dice)."""
        d = self.to_dict()
        d["config"]["seed"] = None
        d["viewer"] = player
        return d

    @classmethod
    def from_view(cls, view: dict[str, Any], seed: int | str) -> GameState:
        """A state rebuilt from a view, with a seed of the caller's for imagined dice."""
        d = {k: v for k, v in view.items() if k != "viewer"}
        new = cls.from_dict(d)
        new.config["seed"] = seed
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def picture(self, player: int) -> str:
        """Text picture of a player's building."""
        return self.sheets[player].building.picture()


_SCALARS = (str, int, float, bool, type(None))


def _copy_config(config: dict[str, Any]) -> dict[str, Any]:
    """An independent copy of a game's config, as `copy.deepcopy` makes it, several times
    faster for what a config holds (scalars; the names and the options: a list and a dict
    of scalars, copied one level deep). Bots clone a state for every imagined world."""
    out = {}
    for k, v in config.items():
        if isinstance(v, _SCALARS):
            out[k] = v
        elif type(v) is list and all(isinstance(x, _SCALARS) for x in v):
            out[k] = v[:]
        elif type(v) is dict and all(isinstance(x, _SCALARS) for x in v.values()):
            out[k] = v.copy()
        else:
            out[k] = copy.deepcopy(v)
    return out


_HANDLERS: dict[type, Any] = {
    A.Setup: GameState._apply_setup,
    A.Roll: GameState._apply_roll,
    A.Reroll: GameState._apply_reroll,
    A.Change: GameState._apply_change,
    A.Choose: GameState._apply_choose,
    A.Draw: GameState._apply_draw,
    A.Extra: GameState._apply_extra,
    A.ArmsCell: GameState._apply_arms_cell,
    A.ArmsTrack: GameState._apply_arms_track,
    A.End: GameState._apply_end,
    A.Undo: GameState._apply_undo,
    A.Pick: GameState._apply_pick,
    A.Pass: GameState._apply_pass,
    A.Unpick: GameState._apply_unpick,
}
_APPLY_PICK = GameState._apply_pick
_APPLY_UNPICK = GameState._apply_unpick
