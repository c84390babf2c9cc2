"""Whole pads as PDF bytes: option checks, one sheet drawn once as a form, reused on every page."""

from __future__ import annotations

import io
import os
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from printables import facade_sheet, player_sheet
from printables.errors import PadOptionError
from printables.style import FONT, GREY, MARGIN, PAPERS, Ink
from printables.words import N_, Translate, check_lang, translator

KINDS: dict[str, str] = {"player-sheet": N_("player sheet"), "facade-sheet": N_("facade sheet")}
MAX_PAGES = 500


def check_options(kind: str, pages: int, paper: str) -> str:
    """Validate the options and return the paper key; PadOptionError with advice otherwise."""
    if kind not in KINDS:
        raise PadOptionError(f"unknown pad '{kind}': choose {' or '.join(KINDS)}")
    if isinstance(pages, bool) or not isinstance(pages, int):
        raise PadOptionError(f"pages must be a whole number, not {pages!r}")
    if not 1 <= pages <= MAX_PAGES:
        raise PadOptionError(f"pages must be between 1 and {MAX_PAGES}, not {pages}")
    key = str(paper).strip().lower()
    if key not in PAPERS:
        raise PadOptionError(f"unknown paper '{paper}': choose {' or '.join(PAPERS)}")
    return key


ENGLISH = translator("en")


def title_of(kind: str, two_player: bool, _: Translate = ENGLISH) -> str:
    """The PDF title: which pad, and the two-player variant if chosen."""
    title = f"Copenhagen Roll & Write - {_(KINDS[kind])}"
    return f"{title} ({_('2 players')})" if two_player else title


def render_pad(kind: str, pages: int, paper: str, ink_saver: bool = False,
               two_player: bool = False, lang: str = "en", first: int | None = None) -> bytes:
    """The pad as PDF bytes: `pages` identical sheets of `kind` on `paper`, in `lang`; with
    `first`, only its first sheets (each still says "sheet n of `pages`": a preview)."""
    key = check_options(kind, pages, paper)
    _ = translator(check_lang(lang))
    size = PAPERS[key]
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=size, pageCompression=1, invariant=1)
    c.setTitle(title_of(kind, two_player, _))
    c.setAuthor("Copenhagen project")
    c.setSubject(f"{pages} printable {KINDS[kind]}s, {key}, "
                 f"{'ink-saver' if ink_saver else 'colour'}")
    c.setCreator("copenhagen print")
    ink = Ink(saver=ink_saver)
    c.beginForm("sheet")
    if kind == "player-sheet":
        player_sheet.draw(c, key, ink, two_player, _)
    else:
        facade_sheet.draw(c, key, ink, two_player, _)
    c.endForm()
    for n in range(1, min(pages, first or pages) + 1):
        c.doForm("sheet")
        c.setFillColor(GREY)
        c.setFont(FONT, 6.5)
        c.drawRightString(size[0] - MARGIN, MARGIN / 2,
                          _("sheet %(n)s of %(pages)s") % {"n": n, "pages": pages})
        c.showPage()
    c.save()
    return buf.getvalue()


def check_path(path: str | os.PathLike[str]) -> Path:
    """Fail early, with advice, when the PDF cannot be written at `path`."""
    target = Path(path)
    if str(path).strip() == "":
        raise PadOptionError("give an output file with -o FILE")
    if target.is_dir():
        raise PadOptionError(f"cannot write {target}: it is a directory, give a file name")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise PadOptionError(f"cannot write {target}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise PadOptionError(f"cannot write {target}: permission denied")
    return target


def write_pad(kind: str, pages: int, paper: str, ink_saver: bool, two_player: bool,
              path: str | os.PathLike[str], lang: str = "en") -> int:
    """Write the pad to `path` in `lang` and return its size in bytes."""
    check_options(kind, pages, paper)
    check_lang(lang)
    target = check_path(path)
    data = render_pad(kind, pages, paper, ink_saver, two_player, lang)
    existed = target.exists()
    try:
        target.write_bytes(data)
    except OSError as exc:
        if not existed and target.is_file():  # leave no half-written PDF behind
            target.unlink()
        raise PadOptionError(f"cannot write {target}: {exc.strerror or exc}") from exc
    return len(data)
