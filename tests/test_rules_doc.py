"""docs/rules.md against the code: its data tables equal the material modules, its section
numbers are those the code cites, and nothing in the repository points outside it."""

import re
from collections import Counter
from pathlib import Path

import pytest

from boardgame import material as card
from boardgame import new_game as new_card_game
from facade.grid import parse_cell
from facade.scoring import COLUMN_POINTS, ROW_POINTS, Line
from rollwrite import material as dice

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def table(name: str) -> list[list[str]]:
    """The body rows of the table after `<!-- table: name -->`, as stripped cell texts."""
    marker = f"<!-- table: {name} -->"
    assert DOC.count(marker) == 1, f"docs/rules.md needs exactly one {marker}"
    lines = DOC.split(marker, 1)[1].lstrip("\n").splitlines()
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    assert len(rows) >= 3 and set(rows[1][0]) <= set("-:"), f"{name}: no table body"
    return rows[2:]


def keyed(name: str) -> dict[str, list[str]]:
    """A table as first column -> the other columns."""
    return {row[0]: row[1:] for row in table(name)}


def shape(text: str) -> str:
    """'`WW` / `B.`' -> 'WW/B.' (the rows notation of the material modules)."""
    return "/".join(part.strip().strip("`") for part in text.split(" / "))


def numbers(text: str) -> list[int]:
    """'2, 3, 3, 4' -> [2, 3, 3, 4]."""
    return [int(x) for x in re.findall(r"\d+", text)]


# --- section 1 ---------------------------------------------------------------------------


def test_line_scores_table_is_the_scoring_of_rules_1():
    """RULES 1: row 1 / 2 points, column 2 / 4 (with a brick / windows only)."""
    rows = keyed("line-scores")
    assert (int(rows["row (5 cells)"][0]), int(rows["row (5 cells)"][1])) == ROW_POINTS
    assert (int(rows["column (9 cells)"][0]), int(rows["column (9 cells)"][1])) == COLUMN_POINTS


# --- section 2: card edition -------------------------------------------------------------


def test_card_counts_table_matches_boardgame_material():
    """RULES 2.1: cards, end card, tiles by size, white tiles, ability tiles per player count."""
    rows = keyed("card-counts")
    for column, players in enumerate((2, 3, 4)):
        assert int(rows["facade cards of each colour"][column]) == card.CARDS_PER_COLOUR[players]
        assert int(rows["end-of-game card"][column]) == 1
        for size in (2, 3, 4, 5):
            doc = int(rows[f"facade tiles of each colour, size {size}"][column])
            assert doc == card.TILE_COUNTS[players][size], (players, size)
        assert int(rows["white special tiles (a single window)"][column]) == card.WHITE_TILES
        state = new_card_game(players, 1)
        per_type = int(rows["ability tiles of each supply type"][column])
        assert state.ability_supply == dict.fromkeys(card.SUPPLY_ABILITIES, per_type)
        assert state.card_total() == 5 * card.CARDS_PER_COLOUR[players] + 1
    assert len(rows) == 8


def test_card_numbers_table_matches_boardgame_material():
    """RULES 2.1, 2.4, 2.7: harbour, hand limit, starting hands, end-card depth, target."""
    rows = {k: v[0] for k, v in keyed("card-numbers").items()}
    assert int(rows["harbour positions"]) == card.HARBOUR_SIZE
    assert int(rows["hand limit"]) == card.HAND_LIMIT
    assert tuple(numbers(rows["starting hands, in turn order"])) == card.STARTING_HANDS
    depth = rows["cards shuffled with the end card at the bottom of the deck"]
    assert int(depth) == card.END_CARD_DEPTH
    assert int(rows["points to win"]) == card.TARGET


def test_card_coat_of_arms_table_matches_boardgame_material():
    """RULES 2.2: cells c3, e5, b7, d9 and rows 2, 4, 6."""
    rows = {k: v[0] for k, v in keyed("card-arms").items()}
    cells = [c.strip() for c in rows["cells (covering one earns an action)"].split(",")]
    assert sum(1 << parse_cell(c) for c in cells) == card.ARMS_CELLS and len(cells) == 4
    doc_rows = numbers(rows["rows (completing one earns an action)"])
    assert tuple(r - 1 for r in doc_rows) == card.ARMS_ROWS


def test_card_tile_table_matches_every_printed_tile_and_brick():
    """RULES 2.3: the shape and brick of every coloured tile, and the one-window white tile."""
    doc: dict[str, str] = {}
    for colour, *sizes in table("card-tiles"):
        for size, text in zip((2, 3, 4, 5), sizes, strict=True):
            doc[card.tile_id(colour, size)] = shape(text)
    assert "The white special tile `white-1` is a single cell: `W`." in DOC
    doc[card.WHITE] = "W"
    assert doc == card.TILE_ROWS
    for tid, rows in doc.items():
        assert rows.count("B") == (0 if tid == card.WHITE else 1), tid


# --- section 3: dice edition -------------------------------------------------------------

SYMBOL = {"+": "+", "★": "*", "·": "."}


def test_track_table_matches_rollwrite_material():
    """RULES 3.2: the `+` and `★` under the 9 boxes of every track, and its ability."""
    doc = keyed("dice-tracks")
    assert list(doc) == list(dice.TRACKS)
    for colour, cells in doc.items():
        *boxes, ability = cells
        assert len(boxes) == dice.TRACK_LENGTH
        track = dice.TRACKS[colour]
        assert "".join(SYMBOL[b] for b in boxes) == track.symbols, colour
        assert ability == track.ability


def test_dice_coat_of_arms_table_matches_rollwrite_material():
    """RULES 3.2: coats of arms on rows 2, 4, 6 and columns b, d."""
    rows = {k: v[0] for k, v in keyed("dice-arms").items()}
    lines = [Line("row", r - 1) for r in numbers(rows["rows"])]
    lines += [Line("column", "abcde".index(c.strip())) for c in rows["columns"].split(",")]
    assert set(lines) == set(dice.COAT_OF_ARMS_LINES)
    assert len(lines) == len(dice.COAT_OF_ARMS_LINES)


def test_dice_numbers_table_matches_rollwrite_material():
    """RULES 3.1, 3.2, 3.4, 3.5: dice, boxes, starting stars, bonuses per turn, target."""
    rows = {k: int(v[0]) for k, v in keyed("dice-numbers").items()}
    assert rows == {
        "dice": dice.DICE,
        "boxes per track": dice.TRACK_LENGTH,
        "red ★ (Reroll) every player has from the start": dice.STARTING_RED_STARS,
        "points for a completely marked track": dice.TRACK_COMPLETE_POINTS,
        "`+` of one colour usable in one turn": dice.BONUSES_PER_COLOUR_PER_TURN,
        "boxes marked by a coat of arms' track choice": dice.COAT_OF_ARMS_TRACK_BOXES,
        "points to win": dice.TARGET,
    }


def test_facade_sheet_table_matches_rollwrite_material():
    """RULES 3.3: every shape as printed, its side of the sheet and how many entries."""
    doc_shapes: dict[str, str] = {}
    infinite: list[str] = []
    x_side: Counter[str] = Counter()
    for tid, side, entries, text in table("dice-shapes"):
        doc_shapes[tid] = shape(text)
        if side == "∞":
            assert entries == "1", tid
            infinite.append(tid)
        else:
            assert side == "X", tid
            x_side[tid] = int(entries)
    assert doc_shapes == dice.SHAPE_ROWS
    assert infinite == list(dice.INFINITE_SIDE)
    assert x_side == Counter(dice.X_SIDE)
    listed = re.search(r"The X side therefore has (\d+) entries: ([^.]+)\.", DOC)
    assert listed and int(listed[1]) == len(dice.X_SIDE)
    spelled: Counter[str] = Counter()
    for part in listed[2].replace("\n", " ").split(","):
        tid, *times = part.split()
        spelled[tid] += 2 if times == ["twice"] else 1
    assert spelled == x_side


def test_two_player_crossed_table_matches_rollwrite_material():
    """RULES 3.6 and 5.3: one 4-cell X-side entry of each colour crossed out."""
    doc = {colour: text.split()[0] for colour, text in table("dice-two-player-crossed")}
    crossed = [dice.X_SIDE[i] for i in dice.TWO_PLAYER_CROSSED]
    assert sorted(doc.values()) == sorted(crossed)
    assert {dice.colour_of(t): t for t in crossed} == doc
    assert all(dice.SHAPES[t].size == 4 for t in crossed)


# --- numbering and citations -------------------------------------------------------------


def sections() -> dict[str, str]:
    """Section number -> its text, for every number a citation may use."""
    out: dict[str, str] = {}
    heads = list(re.finditer(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", DOC, re.MULTILINE))
    for here, nxt in zip(heads, [*heads[1:], None]):
        out[here[1]] = DOC[here.end(): nxt.start() if nxt else len(DOC)]
    for item in re.finditer(r"^- \*\*(1\.\d)\*\*", DOC, re.MULTILINE):
        out[item[1]] = out["1"]
    for item in re.finditer(r"^(\d+)\. ", out["5"], re.MULTILINE):
        out[f"5.{item[1]}"] = out["5"]
    return out


def test_section_numbers_are_those_of_the_rules_contract():
    """1 (with placement items 1.1, 1.2), 2.1-2.7, 3.1-3.6, 4, decisions 5.1-5.21, 6."""
    want = {"1", "1.1", "1.2", "2", "3", "4", "5", "6"}
    want |= {f"2.{i}" for i in range(1, 8)} | {f"3.{i}" for i in range(1, 7)}
    want |= {f"5.{i}" for i in range(1, 22)}
    assert set(sections()) == want


def source_files() -> list[Path]:
    """The project's own text files: code, docs, scripts (no venv, no build output)."""
    skip = {".venv", ".git", "build", "dist", "__pycache__", "node_modules"}
    out = []
    for path in ROOT.rglob("*"):
        parts = set(path.relative_to(ROOT).parts)
        if parts & skip or any(p.endswith(".egg-info") for p in parts):
            continue
        if path.is_file() and path.suffix in (".py", ".md", ".sh", ".toml", ".cfg", ".txt"):
            out.append(path)
    return out


def test_every_rules_citation_names_a_section_of_docs_rules_md():
    """`RULES x.y[.z]` in code, tests and docs means docs/rules.md: x.y must exist there, and
    a third number must be a numbered step of that section (like RULES 2.4.5)."""
    known = sections()
    bad = []
    for path in source_files():
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"RULES (\d+(?:\.\d+)*)", text):
            parts = m[1].split(".")
            head = ".".join(parts[:2])
            ok = head in known
            if ok and len(parts) == 3:
                ok = re.search(rf"^{parts[2]}\. ", known[head], re.MULTILINE) is not None
            if not ok or len(parts) > 3:
                bad.append(f"{path.relative_to(ROOT)}: RULES {m[1]}")
    assert bad == []


OUTSIDE = ("RULES" + ".md", "../" + "shared", "/work/" + "shared", "seeds" + "/")


@pytest.mark.parametrize("needle", OUTSIDE)
def test_nothing_in_the_repository_points_outside_it(needle):
    """Citations and file reads stay inside the repository (docs/rules.md, not a contract
    file next to it)."""
    hits = [
        str(path.relative_to(ROOT))
        for path in source_files()
        if needle in path.read_text(encoding="utf-8")
    ]
    assert hits == []
