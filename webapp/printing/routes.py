"""Print pads: a GET form with every option of `copenhagen print`, the very same PDF as a
download, and a small PNG preview of its first page drawn by PDFium (the pypdfium2 wheel
carries it: no system program is needed), cached per set of options."""

from __future__ import annotations

import argparse
import hashlib
import io
import math
import threading
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import pypdfium2
import reportlab
from flask import Blueprint, Response, g, render_template, request, url_for
from flask_babel import get_locale

import printables
from printables.cli import add_arguments
from printables.pad import KINDS, MAX_PAGES, render_pad
from printables.style import PAPERS
from printables.words import LANGS
from webapp.platform.errors import page
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number

bp = Blueprint("pads", __name__, url_prefix="/print")

PREVIEW_DPI = 40  # an A4 page becomes 331 x 468 pixels
# `scale=2` draws it at 80 dpi for screens of 2 or more device pixels per CSS pixel (the page
# offers it in srcset): the 40 dpi picture shown 260 px wide on such a phone was blurred.
SCALES = {"1": 1, "2": 2}
# The same options (and the same code) always give the same picture, and its URL holds every
# option: a browser may keep it for a year, and asks again with If-None-Match after that.
PREVIEW_CACHE_CONTROL = "public, max-age=31536000, immutable"
PREVIEW_CACHED = 64  # pictures kept in each server process (about 30 kB each)
PDFIUM_LOCK = threading.Lock()  # PDFium is not thread-safe: one drawing at a time per process
ON = frozenset({"1", "on", "true", "yes"})  # what a ticked checkbox (or a hand-made URL) sends
OFF = frozenset({"", "0", "off", "false", "no"})
SHOWN = 24  # how much of a bad value a message repeats


def _cli_defaults() -> argparse.Namespace:
    """The defaults `copenhagen print` gives its options, read from its own parser."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args([next(iter(KINDS)), "-o", "-"])


CLI = _cli_defaults()


class PadOptions(NamedTuple):
    """The options of `copenhagen print` (the output file aside), with its defaults."""

    kind: str = CLI.kind  # the command line asks for it; the form starts on the first kind
    pages: int = CLI.pages
    paper: str = CLI.paper
    ink_saver: bool = CLI.ink_saver
    two_player: bool = CLI.two_player
    lang: str = CLI.lang  # the pad's language (the form starts on the page's)

    def query(self) -> dict[str, str]:
        """The options as the form sends them (unticked boxes left out). The pad's language
        is `pad_lang`: `lang` is the page's own (the language switch)."""
        out = {"kind": self.kind, "pages": str(self.pages), "paper": self.paper,
               "pad_lang": self.lang}
        out.update({name: "1" for name in ("ink_saver", "two_player") if getattr(self, name)})
        return out

    def command(self) -> str:
        """The `copenhagen print` command line that writes the same PDF."""
        words = ["copenhagen", "print", self.kind, "--pages", str(self.pages),
                 "--paper", self.paper]
        words += ["--ink-saver"] * self.ink_saver + ["--two-player"] * self.two_player
        words += ["--lang", self.lang] * (self.lang != CLI.lang)
        return " ".join([*words, "-o", self.filename()])

    def filename(self) -> str:
        """A file name that says what the PDF holds, e.g. copenhagen-player-sheet-a4-3-pages.pdf."""
        parts = ["copenhagen", self.kind, self.paper,
                 f"{self.pages}-page" if self.pages == 1 else f"{self.pages}-pages"]
        parts += ["ink-saver"] * self.ink_saver + ["2-players"] * self.two_player
        parts += [self.lang] * (self.lang != CLI.lang)
        return "-".join(parts) + ".pdf"


def _shown(value: str) -> str:
    """A bad value as a message repeats it: stripped, and cut short when long."""
    value = value.strip()
    return value if len(value) <= SHOWN else value[:SHOWN] + "…"


def _flag(args: Mapping[str, str], name: str) -> bool | None:
    """A checkbox: absent or OFF is False, ON is True, anything else None (not understood)."""
    value = args.get(name, "").strip().lower()
    return True if value in ON else False if value in OFF else None


def parse(args: Mapping[str, str]) -> tuple[PadOptions, dict[str, str]]:
    """The options in a query (defaults for missing ones) and a message for each bad one;
    a bad option is replaced by its default so that the form can still be shown."""
    errors: dict[str, str] = {}
    default = PadOptions()
    kind = args.get("kind", default.kind).strip()
    if kind not in KINDS:
        errors["kind"] = _("There is no pad called “%(kind)s”: choose the player sheet or "
                           "the facade sheet.", kind=_shown(kind))
        kind = default.kind
    text = args.get("pages", str(default.pages)).strip()
    pages = number(text)  # ASCII digits only, at most 9: far beyond MAX_PAGES anyway
    if pages is None:
        errors["pages"] = _("“%(value)s” is not a number of sheets: give a whole number from "
                            "1 to %(max)d.", value=_shown(text), max=MAX_PAGES)
    elif pages < 1:
        errors["pages"] = _("A pad needs at least 1 sheet, so %(value)s will not do.",
                            value=_shown(text))
    elif pages > MAX_PAGES:
        errors["pages"] = _("A pad has at most %(max)d sheets, so %(value)s will not do: to "
                            "print more, download it more than once.", max=MAX_PAGES,
                            value=_shown(text))
    paper = args.get("paper", default.paper).strip().lower()
    if paper not in PAPERS:
        errors["paper"] = _("There is no paper size “%(paper)s” here: choose A4 or US Letter.",
                            paper=_shown(args.get("paper", "")))
        paper = default.paper
    ink_saver, two_player = _flag(args, "ink_saver"), _flag(args, "two_player")
    if ink_saver is None:
        errors["ink_saver"] = _("The ink saver is either ticked or not; “%(value)s” is "
                                "neither.", value=_shown(args.get("ink_saver", "")))
    if two_player is None:
        errors["two_player"] = _("The two-player box is either ticked or not; “%(value)s” is "
                                 "neither.", value=_shown(args.get("two_player", "")))
    page_lang = str(get_locale() or CLI.lang)
    lang = args.get("pad_lang", page_lang).strip().lower()
    if lang not in LANGS:
        errors["pad_lang"] = _("There is no pad in “%(lang)s”: choose English, French or "
                               "German.", lang=_shown(args.get("pad_lang", "")))
        lang = page_lang if page_lang in LANGS else CLI.lang
    good_pages = pages if pages is not None and "pages" not in errors else default.pages
    return PadOptions(kind, good_pages, paper, bool(ink_saver), bool(two_player), lang), errors


@lru_cache(maxsize=8)
def pad_pdf(options: PadOptions) -> bytes:
    """The PDF `copenhagen print` writes for these options (kept for the download after a
    preview)."""
    return render_pad(*options)


def draw_first_page(pdf: bytes, dpi: int = PREVIEW_DPI) -> bytes:
    """The first page of a PDF as a PNG of `dpi` dots per inch, drawn by PDFium in this
    process (white paper; the size is the page's in points times dpi / 72, rounded up)."""
    with PDFIUM_LOCK:
        doc = pypdfium2.PdfDocument(pdf)
        try:
            page = doc[0]
            try:
                bitmap = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255))
                image = bitmap.to_pil().convert("RGB")  # a copy: PDFium's memory is let go
                bitmap.close()
            finally:
                page.close()
        finally:
            doc.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


@lru_cache(maxsize=PREVIEW_CACHED)
def preview_png(options: PadOptions, scale: int = 1) -> bytes:
    """The first page of the pad's PDF as a small PNG (kept: a repeat costs a look-up). Only
    that page is made, so a 500-sheet pad costs no more than one sheet."""
    return draw_first_page(render_pad(*options, first=1), PREVIEW_DPI * scale)


@lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of everything that draws the preview: the printables' sources, this module,
    the resolution, and the versions of ReportLab and PDFium. A new release that changes the
    picture changes it."""
    digest = hashlib.sha256()
    for path in sorted(Path(printables.__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(Path(__file__).read_bytes())
    digest.update(f"{PREVIEW_DPI} {reportlab.Version} {pypdfium2.version.PDFIUM_INFO}".encode())
    return digest.hexdigest()[:16]


def preview_etag(options: PadOptions, scale: int = 1) -> str:
    """The preview's strong ETag: its options, scale and the code version decide the picture."""
    key = repr((tuple(options), scale, code_version())).encode()
    return hashlib.sha256(key).hexdigest()[:32]


def _choices() -> dict[str, list[tuple[str, str, str]]]:
    """The radio buttons of the form: value, label, hint."""
    return {
        "kind": [
            ("player-sheet", _("Player sheet"),
             _("One per player and game: the building, the five tracks and the score.")),
            ("facade-sheet", _("Facade sheet"),
             _("One per table and game: every shape to draw, crossed off as the X shapes are "
               "taken.")),
        ],
        "paper": [("a4", _("A4"), _("210 × 297 mm")),
                  ("letter", _("US Letter"), _("8.5 × 11 in"))],
        "lang": [("en", "English", ""), ("fr", "Français", ""), ("de", "Deutsch", "")],
    }


def preview_size(paper: str, scale: int = 1) -> tuple[int, int]:
    """The preview's width and height in pixels, as PDFium rounds them (up)."""
    width, height = PAPERS[paper]
    dpi = PREVIEW_DPI * scale
    return math.ceil(width * dpi / 72), math.ceil(height * dpi / 72)


def _form(options: PadOptions, errors: dict[str, str], status: int) -> tuple[str, int]:
    """The form page (or, for htmx, the form block alone) with the options and messages."""
    template = "pads/_pads.html" if g.htmx else "pads/index.html"
    pages_text = request.args.get("pages", "").strip() if "pages" in errors else str(options.pages)
    choices = _choices()
    labels = {value: label for group in choices.values() for value, label, _hint in group}
    return render_template(template, options=options, errors=errors, pages_text=pages_text,
                           choices=choices, max_pages=MAX_PAGES,
                           kind_label=labels[options.kind], paper_label=labels[options.paper],
                           preview_size=preview_size(options.paper)), status


@bp.get("/")
def index() -> tuple[str, int]:
    """The form, filled in from the query, with a preview of the first page."""
    options, errors = parse(request.args)
    return _form(options, errors, 400 if errors else 200)


@bp.get("/pad.pdf")
def download() -> Response | tuple[str, int]:
    """The PDF as a download; bad options get the form back with the reasons (400)."""
    options, errors = parse(request.args)
    if errors:
        return _form(options, errors, 400)
    return Response(pad_pdf(options), mimetype="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="{options.filename()}"',
        "X-Content-Type-Options": "nosniff",
    })


@bp.get("/preview.png")
def preview() -> Response | tuple[str, int]:
    """A small PNG of the PDF's first page (400 for bad options); 304 when the browser holds
    the same picture already (If-None-Match), without drawing anything."""
    options, errors = parse(request.args)
    text = request.args.get("scale", "1").strip()
    scale = SCALES.get(text)
    if scale is None:
        errors["scale"] = _("The preview comes in two sizes, 1 and 2; “%(value)s” is neither.",
                            value=_shown(text))
    if errors or scale is None:
        query: dict[str, Any] = options.query()
        back = url_for("pads.index", **query)
        return page(400, _("No preview for these options"), " ".join(errors.values()), back)
    etag = preview_etag(options, scale)
    headers = {"Cache-Control": PREVIEW_CACHE_CONTROL, "X-Content-Type-Options": "nosniff"}
    if request.if_none_match.contains(etag):
        response = Response(status=304, headers=headers)
    else:
        response = Response(preview_png(options, scale), mimetype="image/png", headers=headers)
    response.set_etag(etag)
    return response
