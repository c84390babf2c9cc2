"""Languages: Flask-Babel set up with the catalogs in webapp/translations, the language taken
from the switch on every page (a cookie) or else from the browser's Accept-Language."""

from __future__ import annotations

import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, request
from flask_babel import Babel

from webapp.config import LANGUAGES

CATALOGS = Path(__file__).parent / "translations"
LANG_COOKIE = "lang"


def compile_catalogs(target: Path) -> Path:
    """Compile every `<lang>/LC_MESSAGES/messages.po` into `target` (kept out of the source
    tree and the repository); a catalog is compiled again only when its .po changed."""
    for po in CATALOGS.glob("*/LC_MESSAGES/messages.po"):
        mo = target / po.relative_to(CATALOGS).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f)
        # a file of this process's own, then renamed: several workers may compile at once
        with tempfile.NamedTemporaryFile(dir=mo.parent, suffix=".tmp", delete=False) as out:
            write_mo(out, catalog)
        Path(out.name).replace(mo)
    return target


def select_locale() -> str:
    """The page's language: the switch's choice, else the browser's, else English."""
    chosen = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def init_babel(app: Flask) -> Babel:
    """Attach Flask-Babel to the app, with catalogs compiled into its instance folder."""
    compiled = compile_catalogs(Path(app.instance_path) / "translations")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compiled)
    return Babel(app, locale_selector=select_locale)
