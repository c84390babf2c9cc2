"""Every refusal a player can reach has a specific code, and the pages word each code in English,
French and German: each code below is reached through the engine (or the game-text reader),
then rendered in the three languages with every placeholder filled and no English left."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from boardgame import new_game as card_new_game
from boardgame.actions import Build, Discard
from boardgame.material import TILES
from boardgame.phases import ARMS, DISCARD
from facade.errors import IllegalAction
from facade.gametext import GameTextError, read_text, replay_text
from facade.notation import format_cells, parse_placement
from facade.shapes import image_index
from rollwrite import new_game as dice_new_game
from rollwrite.material import SHAPES
from tests.rw_helpers import cells, manual, played_turn, unlock
from webapp import create_app
from webapp.words.refusals import GENERIC, WORDS, game_text_reason, refusal_message

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DIRS = ("facade", "rollwrite", "boardgame", "commandline", "webapp")
REFUSALS = {"IllegalAction", "NotationError", "GameTextError"}
HEADER = 'copenhagen-game: 1\nedition: rollwrite\nplayers: ["Ann", "Bo"]\n'


def raised_codes() -> dict[str, list[str]]:
    """Every code a `raise IllegalAction/NotationError/GameTextError(...)` of the sources
    names, with where (an AST scan: the `code` keyword, else the second positional argument
    of IllegalAction/NotationError, else the class's default code)."""
    found: dict[str, list[str]] = {}
    for folder in ENGINE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                    continue
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name not in REFUSALS:
                    continue
                code = next((k.value for k in node.exc.keywords if k.arg == "code"), None)
                if code is None and name != "GameTextError" and len(node.exc.args) > 1:
                    code = node.exc.args[1]
                if code is None:
                    text = {"IllegalAction": "illegal", "NotationError": "notation",
                            "GameTextError": "game_text"}[name]
                elif isinstance(code, ast.Constant):
                    text = str(code.value)
                else:
                    text = ast.unparse(code)  # a code passed on (err.code): not a new code
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                found.setdefault(text, []).append(where)
    return found


def test_no_raise_of_the_engines_is_left_with_a_generic_code():
    codes = raised_codes()
    generic = {c: w for c, w in codes.items() if c in GENERIC}
    # the head of an action line (rollwrite/actions.py, boardgame/actions.py) is the lead's
    # to recode (codes not_an_action, player_number, too_long are worded already)
    allowed = {"rollwrite/actions.py", "boardgame/actions.py"}
    left = [w for ws in generic.values() for w in ws if w.split(":")[0] not in allowed]
    assert left == []


def test_every_code_raised_has_words():
    codes = raised_codes()
    missing = sorted(c for c in codes if c not in WORDS and c != "err.code")
    assert missing == []


# ------------------------------------------------------------------- reaching each code
def _dice(*lines: str, players: int = 3, **options: Any) -> Any:
    state = manual(players, **options)
    for line in lines:
        state.apply(line)
    return state


def _card(players: int = 2) -> Any:
    return card_new_game(players, 1)


def _arms(card: Any) -> Any:
    card.phase = ARMS
    card.pending_arms = 1
    return card


def _text(body: str) -> Callable[[], Any]:
    def run() -> Any:
        game = read_text(body)
        return replay_text(game, lambda config: dice_new_game(
            config["players"], config.get("seed", 0), config.get("options")))
    return run


def _full_track(state: Any, player: int, colour: str) -> Any:
    unlock(state, player, colour, 9)
    return state


REACH: dict[str, Callable[[], Any]] = {
    "unknown_action": lambda: _dice().apply("p1 jump"),
    "no_such_player": lambda: _dice().apply("p9 end"),
    "not_your_turn": lambda: _dice().apply("p2 end"),
    "game_over": lambda: (lambda s: (setattr(s, "over", True), s.apply("p1 end")))(_dice()),
    "wrong_phase": lambda: _dice().apply("p1 end"),
    "illegal_placement": lambda: _dice("p1 roll RRRRR", "p1 choose R2 with 1,2").apply(
        "p1 draw R2:A3,a4"),
    "unaffordable": lambda: _dice("p1 roll RRRRR").apply("p1 choose R3 with 1,2 +1"),
    "tile_unavailable": lambda: _dice("p1 roll RRRRR").apply("p1 choose Q3 with 1,2,3"),
    "must_draw": lambda: _dice("p1 roll RRRRR").apply("p1 end"),
    "unpick_refused": lambda: _dice().apply("p2 unpick"),
    "player_count": lambda: manual(9),
    "bad_option": lambda: dice_new_game(2, 1, {"dice": "loaded"}),
    "no_roll_due": lambda: _dice("p1 roll RRRRR").apply("p1 roll RRRRR"),
    "setup_over": lambda: _dice().apply("p1 setup G"),
    "roll_count": lambda: _dice().apply("p1 roll RRR"),
    "bad_face": lambda: _dice().apply("p1 roll RRQRR"),
    "dice_rolled_by_game": lambda: dice_new_game(3, 1).apply("p1 roll WWWWW"),
    "after_choice": lambda: _full_track(_dice("p1 roll RRRRR", "p1 choose R2 with 1,2"), 0,
                                        "red").apply("p1 reroll 3"),
    "dice_numbers": lambda: _dice("p1 roll RRRRR").apply("p1 choose R2 with 1,7"),
    "die_twice": lambda: _dice("p1 roll RRRRR").apply("p1 reroll 2,2"),
    "change_mixed": lambda: _dice("p1 roll RRBBB").apply("p1 change 1,3 to G"),
    "change_same_face": lambda: _dice("p1 roll RRBBB").apply("p1 change 1,2 to R"),
    "already_chosen": lambda: _dice("p1 roll RRRRR", "p1 choose R2 with 1,2").apply(
        "p1 choose R2 with 3,4"),
    "die_colour": lambda: _dice("p1 roll RRBBB").apply("p1 choose R2 with 1,3"),
    "bonus_limit": lambda: _dice("p1 roll RRRRR").apply("p1 choose R5 with 1,2 +3"),
    "tile_size": lambda: _dice("p1 roll RRRRR").apply("p1 choose R2 with 1,2,3"),
    "new_choice_needless": lambda: _dice("p1 roll RRRRR").apply("p1 choose R2* with 1,2"),
    "choose_first": lambda: _dice("p1 roll RRRRR").apply("p1 draw R2:A1,a2"),
    "already_drawn": lambda: _dice("p1 roll RRRRR", "p1 choose R2 with 1,2",
                                   "p1 draw R2:A1,a2").apply("p1 draw R2:A2,a3"),
    "not_chosen_tile": lambda: _dice("p1 roll RRRRR", "p1 choose R2 with 1,2").apply(
        "p1 draw R3:A1,a2,a3"),
    "no_such_cell": lambda: _arms_cell_off_board(),
    "no_arms_waiting": lambda: _dice("p1 roll RRRRR").apply("p1 arms a1"),
    "no_such_track": lambda: _dice().apply("p1 arms track Q"),
    "track_full": lambda: _full_track(played_turn(), 1, "blue").apply("p2 pick 3"),
    "arms_first": lambda: _pending_arms().apply("p1 end"),
    "draw_first": lambda: _dice("p1 roll RRRRR", "p1 choose R2 with 1,2").apply("p1 end"),
    "nothing_to_undo": lambda: _dice("p1 roll RRRRR").apply("p1 undo"),
    "not_picking": lambda: _dice("p1 roll RRRRR").apply("p1 pass"),
    "die_used": lambda: played_turn().apply("p2 pick 1"),
    "die_picked": lambda: _dice("p1 setup none", "p2 setup none", "p1 roll RRBWY",
                                "p1 choose R2 with 1,2", "p1 draw R2:A1,a2", "p1 end",
                                "p2 pick 3", players=2).apply("p2 pick 3"),
    "die_track": lambda: played_turn().apply("p2 pick 3 G"),
    "white_track": lambda: played_turn().apply("p2 pick 4"),
    "no_room_left": lambda: _no_room(),
    "bad_cell": lambda: _dice("p1 roll RRRRR").apply("p1 extra z9"),
    "cell_list": lambda: _dice("p1 roll RRRRR").apply("p1 draw R2:A1,,a2"),
    "cell_twice": lambda: _dice("p1 roll RRRRR").apply("p1 draw R2:A1,a1"),
    "two_bricks": lambda: _dice("p1 roll RRRRR").apply("p1 draw R2:A1,A2"),
    "placement_syntax": lambda: _dice("p1 roll RRRRR").apply("p1 draw R2"),
    # the library reader of placements (facade.notation.parse_placement)
    "cell_count": lambda: parse_placement("R3:a1,a2", SHAPES),
    "mirror_image": lambda: _mirrored(),
    "not_shape": lambda: parse_placement("R3:a1,c1,e1", SHAPES),
    "brick_position": lambda: _brick_elsewhere(),
    "syntax": lambda: _dice("p1 roll RRRRR").apply("p1 choose R2"),
    "takes_nothing": lambda: _dice("p1 roll RRRRR").apply("p1 end now"),
    "harbour_position": lambda: _card().apply("p1 take 8,9"),
    "harbour_twice": lambda: _card_take(lambda c: None, "p1 take 3,3"),
    "harbour_empty": lambda: _card_take(lambda c: c.harbour.__setitem__(2, None),
                                        "p1 take 3,4"),
    "not_adjacent": lambda: _card_take(lambda c: c.abilities[0].update(any="used"),
                                       "p1 take 1,3"),
    "needs_ability": lambda: _card().apply("p1 take 1,2 +3"),
    "no_discard_due": lambda: _card().apply("p1 discard R"),
    "discard_cards": lambda: _card_discard(Discard(0, (1, 1))),  # a forged action
    "discard_count": lambda: _card_discard("p1 discard R,R,R"),
    "short_cards": lambda: _card_discard("p1 discard R,P"),
    "no_such_tile": lambda: _card_build("p1 build pink-2:A1,a2 pay R,R"),
    "white_tile": lambda: _card().apply("p1 build white-1:A1 pay -"),
    "pay_cards": lambda: _card_build(Build(0, "red-2", cells("a1", "b1"), cells("a1"),
                                           (1, 1))),  # a forged action
    "wrong_payment": lambda: _card_build("p1 build red-2:A1,b1 pay R"),
    "pay_colour": lambda: _card_build("p1 build red-2:A1,b1 pay R,G"),
    "change_one_colour": lambda: _card_change(),
    "bad_card": lambda: _card().apply("p1 discard Q"),
    "no_such_ability": lambda: _arms(_card()).apply("p1 arms ability fly"),
    "ability_owned": lambda: _owned(),
    "ability_gone": lambda: _gone(),
    "nothing_to_refresh": lambda: _arms(_card()).apply("p1 arms refresh"),
    "pass_not_stuck": lambda: _card().apply("p1 pass"),
    "text_players": _text('copenhagen-game: 1\nedition: rollwrite\nplayers: "many"\n'),
    "text_twice": _text("copenhagen-game: 1\ncopenhagen-game: 1\n"),
    "text_start": _text("hello\n"),
    "text_empty": _text(""),
    "text_version": _text("copenhagen-game: 7\n"),
    "text_missing": _text("copenhagen-game: 1\nedition: rollwrite\n"),
    "text_edition": _text('copenhagen-game: 1\nedition: Roll!\nplayers: ["A"]\n'),
    "text_options": _text(HEADER + "options: [1]\n"),
    "text_seed": _text(HEADER + "seed: true\n"),
    "text_too_long": _text("#" * 60_001),
    "text_line_too_long": _text(HEADER + "p1 roll R" + " " * 2000 + "W\n"),
    "text_too_many_actions": _text(HEADER + "p1 end\n" * 3001),
    "text_nested": _text(HEADER + "options: " + "[" * 20 + "]" * 20 + "\n"),
    "text_name_long": _text('copenhagen-game: 1\nedition: rollwrite\nplayers: ["' + "A" * 41
                            + '"]\n'),
    "too_many_actions": lambda: _store_cap(),
}


def _store_cap() -> Any:
    """A game of the store that has reached its length cap refuses the next move."""
    from sqlalchemy import create_engine

    from webapp.games.engines import FACTORIES
    from webapp.platform.db import create_schema
    from webapp.platform.store import Store

    engine = create_engine("sqlite://")
    create_schema(engine)
    store = Store(engine, FACTORIES)
    game = store.create_game("table", "rollwrite", {"players": ["A", "B"], "seed": "s"}, 2)
    store.max_actions = 0  # this store's cap, reached at once
    return store.act(game, 0, "p1 setup none", None)


def _pending_arms() -> Any:
    state = _dice("p1 roll RRRRR")
    state.turn_state.pending_arms.append("a")
    return state


def _no_room() -> Any:
    """Only a1 and b1 are empty: R2 fits there, and an extra X on a1 leaves it no room."""
    state = _dice("p1 roll RRRRR")
    unlock(state, 0, "purple", 3)
    state.sheets[0].building.filled = (1 << 45) - 1 & ~(cells("a1") | cells("b1"))
    state.apply("p1 choose R2 with 1,2")
    return state.apply("p1 extra A1")


def _arms_cell_off_board() -> Any:
    from boardgame import actions as A  # noqa: N812

    return _arms(_card()).apply(A.ArmsWhite(0, 99))


def _mirrored() -> Any:
    """A tile's mirror image that is no rotation of it, on a table that only rotates."""
    for tid, shape in SHAPES.items():
        plain = image_index(shape, False)
        for mask in image_index(shape, True):
            if mask not in plain:
                return parse_placement(f"{tid}:{format_cells(mask)}", SHAPES)
    raise AssertionError("no chiral tile")


def _brick_elsewhere() -> Any:
    """A card-edition tile with its brick written on a window cell."""
    shape = TILES["red-3"]
    mask, bricks = next(iter(image_index(shape, True).items()))
    window = next(b for b in (1 << i for i in range(45)) if b & mask and b not in bricks)
    return parse_placement(f"red-3:{format_cells(mask, window)}", TILES, True, True)


def _card_build(line: Any) -> Any:
    card = _card()
    card.hands[0] = [5, 5, 5, 5, 5]
    return card.apply(line)


def _card_take(prepare: Callable[[Any], None], line: str) -> Any:
    card = _card()
    prepare(card)
    return card.apply(line)


def _card_discard(line: Any) -> Any:
    card = _card()
    card.phase = DISCARD
    card.hands[0] = [8, 1, 0, 0, 0]
    return card.apply(line)


def _card_change() -> Any:
    card = _card()
    card.hands[0] = [5, 5, 5, 5, 5]
    card.abilities[0]["change"] = "active"
    return card.apply("p1 build red-2:A1,b1 pay G,Y change")


def _owned() -> Any:
    card = _arms(_card())
    card.abilities[0]["discount"] = "active"
    return card.apply("p1 arms ability discount")


def _gone() -> Any:
    card = _arms(_card())
    card.ability_supply["discount"] = 0
    return card.apply("p1 arms ability discount")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    db = tmp_path_factory.mktemp("refusals") / "db.sqlite3"
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}",
                       "SECRET_KEY": "test", "RATELIMIT_ENABLED": False})


def reach(code: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        REACH[code]()
    return caught.value


def words(app: Flask, err: IllegalAction, lang: str) -> str:
    with app.test_request_context(f"/?lang={lang}"):
        if isinstance(err, GameTextError):
            return game_text_reason(err)
        return refusal_message(err)


def test_every_worded_code_is_reached_here():
    assert sorted(set(WORDS) - set(REACH) - set(GENERIC)
                  - {"too_long", "not_an_action", "player_number"}) == []


@pytest.mark.parametrize("code", sorted(REACH))
def test_each_code_is_reached_and_worded_in_three_languages(app: Flask, code: str):
    err = reach(code)
    assert err.code == code, str(err)
    english = words(app, err, "en")
    assert english and "%(" not in english
    for lang in ("fr", "de"):
        text = words(app, err, lang)
        assert "%(" not in text and text != english, (lang, text)
        assert str(err) not in text  # not the engine's English sentence
    for value in err.params.values():  # the values the sentence names are filled in
        if isinstance(value, int) and not isinstance(value, bool) and value > 1:
            assert str(value) in english or code == "no_such_player", (code, value)


@pytest.mark.parametrize("code,params", [
    ("too_long", {"max": 200}), ("not_an_action", {}), ("player_number", {}),
    ("illegal", {}), ("notation", {}), ("game_text", {"line": 3}),
])
def test_codes_raised_by_the_head_of_a_line_and_the_generic_ones_are_worded(
    app: Flask, code: str, params: dict[str, Any],
):
    err = IllegalAction("English words", code, **params)
    english = words(app, err, "en")
    for lang in ("fr", "de"):
        text = words(app, err, lang)
        assert text != english and "%(" not in text and "English" not in text
        assert re.search(r"\w", text)


# a notation example in a refusal: a typed line ("p1 end"), cells ("A1,a2"), a placement
# ("R3:A1"), letters for colours ("R (red)", "R,G", "pick 3 G")
EXAMPLE = re.compile(r"“p[1-4] |\b[a-eA-E][1-9],[a-eA-E][1-9]|[RBPGY][2-5][LR]?:|\b[RBPGYW] \("
                     r"|\b[RBPGY],[RBPGY]\b|“pick |(?<![\w-])[RBPGY][2-5][LR]?(?![\w-])"
                     r"|\b(?:red|blue|purple|green|yellow|white)-[1-5]\b")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_refusal_says_in_words_what_was_wrong_and_shows_no_notation(app: Flask, lang: str):
    """Issue 37: wherever a move is tapped (every page but a game text's), a refusal explains
    in words, with no example of the notation and no tile code; the replay's paste page, which
    is about game texts, keeps the notation's examples."""
    shown = {}
    for code in sorted(REACH):
        err = reach(code)
        if isinstance(err, GameTextError):
            continue
        shown[code] = words(app, err, lang)
    for code, params in (("not_an_action", {}), ("player_number", {}), ("notation", {})):
        shown[code] = words(app, IllegalAction("English words", code, **params), lang)
    left = {code: text for code, text in shown.items() if EXAMPLE.search(text)}
    assert left == {}
    with app.test_request_context(f"/?lang={lang}"):
        as_text = refusal_message(reach("placement_syntax"), as_text=True)
    assert "R3:A1,a2,b2" in as_text  # the paste page: the notation is what the reader writes
