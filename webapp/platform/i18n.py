"""Languages: Flask-Babel set up with the catalogs in webapp/translations, the language taken
from the switch on every page (a cookie) or else from the browser's Accept-Language."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations
from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from webapp.platform.config import LANGUAGES

CATALOGS = Path(__file__).parent.parent / "translations"
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


# French elides "de" and "que" before a vowel: a name put into "au tour de %(name)s" reads
# "au tour d’Anna". Names open with a capital; the catalog's own words never meet this rule.
_ELISION = re.compile(r"\b([Dd]|[Qq]u)e (?=[AEIOUYÀÂÉÈÊËÎÏÔÙÛÜ])")


def elide(text: str) -> str:
    """French elision before a name that opens with a vowel ("de Anna" -> "d’Anna")."""
    out = _ELISION.sub(lambda m: m.group(1) + "’", str(text))
    return Markup(out) if isinstance(text, Markup) else out


def french() -> bool:
    """Whether the page speaks French."""
    return str(get_locale() or "") == "fr"


def _eliding(inner: Any) -> Any:
    """A template gettext callable whose French text elides before the names put into it."""
    @pass_context
    def call(context: Context, *args: Any, **kwargs: Any) -> Any:
        said = inner(context, *args, **kwargs)
        return elide(said) if kwargs and french() else said
    return call


def init_babel(app: Flask) -> Babel:
    """Attach Flask-Babel to the app, with catalogs compiled into its instance folder."""
    compiled = compile_catalogs(Path(app.instance_path) / "translations")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compiled)
    babel = Babel(app, locale_selector=select_locale)
    # Flask-Babel's template callables look the catalog up again for every string (a table
    # page has about 90: a quarter of its rendering time). These take the same catalog,
    # looked up once per request and language (force_locale changes the language).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _catalog().ugettext(s),
        ngettext=lambda s, p, n: _catalog().ungettext(s, p, n),
        pgettext=lambda c, s: _catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: _catalog().unpgettext(c, s, p, n),
        newstyle=True,
    )
    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        app.jinja_env.globals[name] = _eliding(app.jinja_env.globals[name])
    return babel


def _catalog() -> NullTranslations:
    """Flask-Babel's catalog for this request's language, kept on `g` while it holds."""
    if not g:  # no app context: Flask-Babel answers (untranslated)
        return get_translations()
    kept = g.get("_catalog")
    if kept is not None and kept[0] is not None and kept[0] is _locale():
        return kept[1]  # type: ignore[no-any-return]
    catalog = get_translations()  # it also settles the request's language
    g._catalog = (_locale(), catalog)
    return catalog


def _locale() -> object:
    """The language Flask-Babel has settled for this request (None before it has)."""
    return getattr(g.get("_flask_babel"), "babel_locale", None)


# The Python side's gettext family: Flask-Babel's own (flask_babel.Domain.gettext and its
# siblings: the same lookups and the same `%` formatting) on the catalog `_catalog` keeps for
# the request, as the templates' callables above. Flask-Babel's functions look the catalog up
# again for every string: 10.5 % of the CPU of the web tests of tables, guided games and
# engine-text sweeps went there (sampled, 2026-11-29), against 1.5 % for the templates' lookups.
def gettext(string: str, **variables: Any) -> str:
    """flask_babel.gettext on the request's kept catalog."""
    said: str = _catalog().ugettext(string)
    return said % variables if variables else said


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """flask_babel.ngettext on the request's kept catalog (`num` is a variable too)."""
    variables.setdefault("num", num)
    said: str = _catalog().ungettext(singular, plural, num)
    return said % variables


def pgettext(context: str, string: str, **variables: Any) -> str:
    """flask_babel.pgettext on the request's kept catalog."""
    said: str = _catalog().upgettext(context, string)
    return said % variables if variables else said


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """flask_babel.npgettext on the request's kept catalog (`num` is a variable too)."""
    variables.setdefault("num", num)
    said: str = _catalog().unpgettext(context, singular, plural, num)
    return said % variables
