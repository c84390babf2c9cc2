"""The one exception type both engines raise for input a player got wrong."""

from __future__ import annotations

from typing import Any

ILLEGAL = "illegal"


class IllegalAction(ValueError):
    """An action or text that the rules do not allow; the message is meant for a player.

    `str(error)` is the English message (for the engines' callers and the command line).
    `code` is a stable code for screens and translations, `params` the values the message
    names; the web app words every code in English, French and German (webapp/words/refusals.py).
    Every refusal a player can reach (typed dice, stale pages, pasted game texts, forged
    requests) has its own code; tests/web/test_refusal_words.py scans every `raise` for its
    code and reaches each one. The generic codes are left only where no specific one applies:

    - `illegal`: the default of IllegalAction; no `raise` of the engines uses it any more
      (a caller's own IllegalAction("...") without a code, e.g. in a test, still gets it)
    - `notation`: the default of NotationError; only the head of an action line (`p1 verb`,
      rollwrite/actions.py and boardgame/actions.py, being reworked) still raises it: worded
      on pages as "not a move in the notation"; its codes will be `not_an_action`,
      `player_number` and `too_long` (params: max), worded already
    - `game_text`: the default of facade.gametext.GameTextError (no raise uses it)

    Codes in use (the rest are listed with their params in webapp/words/refusals.py):

    - `unknown_action`: an object that is not an action of this game
    - `no_such_player`: a seat that is not at the table (params: player)
    - `not_your_turn`: the seat may not act now (params: player, active)
    - `game_over`: the game has ended
    - `wrong_phase`: the step does not belong to this phase (params: phase)
    - `illegal_placement`: the cells break the placement rule or the tile's shape
      (params: tile and/or cells where known)
    - `unaffordable`: not enough cards, dice, bonuses or stars (params: what is missing)
    - `tile_unavailable`: the tile is crossed out, used up or fits nowhere (params: tile)
    - `must_draw`: Roll & Write, a tile can be chosen with the dice alone (RULES 5.1)
    - `unpick_refused`: Roll & Write, a pick can no longer be taken back (RULES 5.15)
    - the notation: `bad_cell`, `cell_list`, `cell_twice`, `two_bricks`, `placement_syntax`,
      `cell_count`, `mirror_image`, `not_shape`, `brick_position`, `syntax` (verb, example),
      `takes_nothing`, `bad_face`, `bad_card`, `die_twice`, `dice_numbers`, `no_such_track`
    - game texts (GameTextError, params also `line`): `text_start`, `text_empty`,
      `text_version`, `text_twice`, `text_missing`, `text_edition`, `text_players`,
      `text_options`, `text_seed`; a line the engine refuses carries the engine's code
    - either edition: `player_count`, `no_such_tile`, `no_such_cell`, `no_arms_waiting`;
      Roll & Write: `no_roll_due`, `roll_count`, `dice_rolled_by_game`, `after_choice`,
      `die_colour`, `tile_size`, `bonus_limit`, `track_full`, `die_track`, ...; the card
      edition: `harbour_position`, `not_adjacent`, `needs_ability`, `discard_count`,
      `pay_colour`, `ability_owned`, ...
    """

    def __init__(self, message: str, code: str = ILLEGAL, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: code, params and the English message."""
        return {"code": self.code, "params": dict(self.params), "message": str(self)}


class NotationError(IllegalAction):
    """Text that is not a well-formed move in the notation of RULES 1 (docs/rules.md)."""

    def __init__(self, message: str, code: str = "notation", **params: Any) -> None:
        super().__init__(message, code, **params)
