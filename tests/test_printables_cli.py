"""`copenhagen print` and `python -m printables.cli`: files written, clear errors on bad options."""

import argparse
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables import cli
from printables.errors import PadOptionError
from printables.pad import render_pad, write_pad

ROOT = Path(__file__).resolve().parent.parent


def test_main_writes_the_pad_and_reports_pages_and_size(tmp_path, capsys):
    """Issue 5: one line `wrote N pages to FILE (K KB)` and exit code 0."""
    out = tmp_path / "pad.pdf"
    assert cli.main(["player-sheet", "--pages", "4", "--paper", "letter", "-o", str(out)]) == 0
    line = capsys.readouterr().out.strip()
    kb = out.stat().st_size / 1024
    assert line == f"wrote 4 pages to {out} ({kb:.1f} KB)"
    assert len(PdfReader(out).pages) == 4


def test_options_reach_the_pdf(tmp_path):
    """--ink-saver and --two-player change the pad; the defaults are 1 page of A4 in colour."""
    out = tmp_path / "f.pdf"
    assert cli.main(["facade-sheet", "--two-player", "--ink-saver", "-o", str(out)]) == 0
    assert out.read_bytes() == render_pad("facade-sheet", 1, "a4", True, True)
    assert out.read_bytes() != render_pad("facade-sheet", 1, "a4", False, False)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["First player", "Ability tracks", "sheet 1 of 1"]),
    ("fr", ["Premier joueur", "Pistes de capacités", "feuille 1 sur 1"]),
    ("de", ["Startspieler", "Fähigkeitsleisten", "Blatt 1 von 1"]),
])
def test_lang_prints_the_pad_in_that_language(tmp_path, lang, words):
    """--lang en|fr|de: the words of the pad (its text read back from the PDF)."""
    out = tmp_path / "p.pdf"
    assert cli.main(["player-sheet", "--lang", lang, "-o", str(out)]) == 0
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert all(w in text for w in words), text[:300]
    assert PdfReader(out).metadata.title.startswith("Copenhagen Roll & Write - ")


@pytest.mark.parametrize(("argv", "message"), [
    (["player-sheet", "--lang", "es"], "unknown language 'es': choose en or fr or de"),
    (["player-sheet", "--paper", "a5"], "unknown paper 'a5': choose a4 or letter"),
    (["player-sheet", "--pages", "0"], "pages must be between 1 and 500, not 0"),
    (["facade-sheet", "--pages", "501"], "pages must be between 1 and 500, not 501"),
    (["poster"], "unknown pad 'poster': choose player-sheet or facade-sheet"),
])
def test_bad_options_exit_2_with_a_clear_message(argv, message, tmp_path, capsys):
    """Issue 5: unknown paper, pages < 1 or > 500 and unknown pads are refused, nothing written."""
    out = tmp_path / "x.pdf"
    assert cli.main([*argv, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert not out.exists()


def test_unwritable_paths_exit_2_with_a_clear_message(tmp_path, capsys):
    """Issue 5: a missing folder or a directory as output is refused before rendering."""
    assert cli.main(["player-sheet", "-o", str(tmp_path / "nope" / "x.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert cli.main(["player-sheet", "-o", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_read_only_folder_is_refused(tmp_path, monkeypatch):
    """Issue 5: a folder without write permission becomes PadOptionError, not a traceback."""
    monkeypatch.setattr("printables.pad.os.access", lambda path, mode: False)
    with pytest.raises(PadOptionError, match="permission denied"):
        write_pad("player-sheet", 1, "a4", False, False, tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_library_errors_are_value_errors():
    """PadOptionError is a ValueError, for callers such as the web app."""
    with pytest.raises(ValueError, match="pages must be a whole number"):
        render_pad("player-sheet", "3", "a4")  # type: ignore[arg-type]


def test_add_arguments_gives_a_print_subcommand():
    """The interface commandline/main.py uses: add_arguments on a subparser, then run(args)."""
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    cli.add_arguments(sub.add_parser("print"))
    args = parser.parse_args(["print", "facade-sheet", "--pages", "2", "--paper", "letter",
                              "--ink-saver", "--two-player", "-o", "f.pdf"])
    assert (args.kind, args.pages, args.paper, args.ink_saver, args.two_player, args.output) == (
        "facade-sheet", 2, "letter", True, True, "f.pdf")


def test_module_runs_as_a_program(tmp_path):
    """`python -m printables.cli player-sheet ...` works without the main CLI."""
    out = tmp_path / "p.pdf"
    done = subprocess.run([sys.executable, "-m", "printables.cli", "player-sheet", "--pages", "2",
                           "-o", str(out)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("wrote 2 pages to ")
    bad = subprocess.run([sys.executable, "-m", "printables.cli", "player-sheet", "--paper",
                          "legal", "-o", str(out)], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2 and "unknown paper 'legal'" in bad.stderr


def test_pdf_benchmark_reports_both_figures():
    """Issue 5 benchmark keys: pdf_100_pages_s (target <= 2 s) and pdf_kb_per_page (<= 30)."""
    from benchmarks.pdf import measure

    data = measure(quick=True)
    assert set(data) == {"pdf_100_pages_s", "pdf_kb_per_page"}
    assert 0 < data["pdf_100_pages_s"] <= 2
    assert 0 < data["pdf_kb_per_page"] <= 30


def test_a_failed_write_leaves_no_half_written_file(tmp_path, monkeypatch):
    """Issue 5: a disk error while writing is one clear message, and no partial PDF remains."""
    target = tmp_path / "x.pdf"

    def half_write(self: Path, data: bytes) -> int:
        with open(self, "wb") as fh:
            fh.write(data[:100])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", half_write)
    with pytest.raises(PadOptionError, match="No space left on device"):
        write_pad("player-sheet", 1, "a4", False, False, target)
    assert not target.exists()
