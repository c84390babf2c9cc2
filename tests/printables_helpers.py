"""Helpers for the printables tests: read PDFs back with pypdf and walk their drawing operators."""

from __future__ import annotations

import io

from pypdf import PdfReader
from pypdf.generic import ContentStream

from printables.pad import render_pad


def reader(kind: str, pages: int = 2, paper: str = "a4", ink_saver: bool = False,
           two_player: bool = False) -> PdfReader:
    """Render a pad and open it with pypdf."""
    return PdfReader(io.BytesIO(render_pad(kind, pages, paper, ink_saver, two_player)))


def _streams(obj, pdf: PdfReader, seen: set[int]):
    """Content operations of a page or form, descending into the forms it draws."""
    ops = ContentStream(obj.get_contents() if hasattr(obj, "get_contents") else obj, pdf)
    resources = obj.get("/Resources", {})
    xobjects = resources.get("/XObject", {}) if resources else {}
    for operands, operator in ops.operations:
        yield operands, operator, obj
        if operator == b"Do":
            form = xobjects[operands[0]].get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                yield from _streams(form, pdf, seen | {id(form)})


def operations(pdf: PdfReader, page: int):
    """Every (operands, operator) drawn on one page, forms included."""
    for operands, operator, _ in _streams(pdf.pages[page], pdf, set()):
        yield operands, operator


def squares(pdf: PdfReader, page: int, side: float, tol: float = 0.05) -> int:
    """How many rectangles of `side` x `side` points are drawn on the page."""
    return sum(1 for operands, op in operations(pdf, page)
               if op == b"re" and abs(float(operands[2]) - side) < tol
               and abs(float(operands[3]) - side) < tol)


def base_fonts(pdf: PdfReader) -> set[str]:
    """Names of every font used by the pages and their forms."""
    names: set[str] = set()
    for page in pdf.pages:
        for _, _, owner in _streams(page, pdf, set()):
            res = owner.get("/Resources")
            if res and "/Font" in res:
                names |= {str(f.get_object()["/BaseFont"]) for f in res["/Font"].values()}
    return names


def image_count(pdf: PdfReader) -> int:
    """Raster images anywhere in the pages or their forms (a vector pad has none)."""
    count = 0
    for page in pdf.pages:
        for _, _, owner in _streams(page, pdf, set()):
            res = owner.get("/Resources")
            if res and "/XObject" in res:
                count += sum(1 for x in res["/XObject"].values()
                             if x.get_object().get("/Subtype") == "/Image")
    return count
