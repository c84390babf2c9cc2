"""The rules of both editions, with figures the engines draw; robots.txt and the sitemap."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request, url_for

from rollwrite.material import COLOUR_OF_LETTER
from webapp.learn.rules_figures import card_figures, rollwrite_figures
from webapp.platform.config import LANGUAGES
from webapp.words.refusals import ABILITIES

bp = Blueprint("rules", __name__, url_prefix="/rules")

# The sections of each page, in order: anchors other pages (phase help, the guided games) link to.
ROLLWRITE_SECTIONS = ("goal", "turn", "placement", "scoring", "coat-of-arms", "tracks", "stars",
                      "passive", "end")
CARD_SECTIONS = ("goal", "take", "pay", "abilities", "coat-of-arms", "scoring", "end")


def _alternates(endpoint: str) -> dict[str, str]:
    """The page's address in each language, absolute, for hreflang links."""
    return {code: url_for(endpoint, lang=code, _external=True) for code in LANGUAGES}


def _canonical(endpoint: str) -> str:
    """The page's own address: with `?lang=` when one was asked for (each language version
    names itself, as hreflang wants; naming the bare address made search engines fold the French
    and German pages into the English one), else the bare address, the x-default."""
    lang = request.args.get("lang")
    if lang in LANGUAGES:
        return url_for(endpoint, lang=lang, _external=True)
    return url_for(endpoint, _external=True)


@bp.get("/")
def index() -> str:
    """Both editions' rules, one link each."""
    return render_template("rules/index.html", alternates=_alternates("rules.index"),
                           canonical=_canonical("rules.index"))


@bp.get("/rollwrite")
def rollwrite() -> str:
    """Copenhagen Roll & Write, section by section, with engine-drawn figures."""
    return render_template("rules/rollwrite.html", figs=rollwrite_figures(),
                           sections=ROLLWRITE_SECTIONS, alternates=_alternates("rules.rollwrite"),
                           canonical=_canonical("rules.rollwrite"))


@bp.get("/card")
def card() -> str:
    """Copenhagen, the card edition, section by section, with engine-drawn figures."""
    return render_template("rules/card.html", figs=card_figures(), sections=CARD_SECTIONS,
                           colour_of=COLOUR_OF_LETTER, ability_words=ABILITIES,
                           alternates=_alternates("rules.card"),
                           canonical=_canonical("rules.card"))


# Served at the site's root (registered without the /rules prefix in `register_root`).
root = Blueprint("seo", __name__)

PUBLIC_PAGES = ("home.index", "rules.index", "rules.rollwrite", "rules.card", "solo.index",
                "rollwrite.new", "dice.new", "card.new", "pads.index")


@root.get("/robots.txt")
def robots() -> Response:
    """Crawlers may read the public pages; game tables, replays and actions stay out."""
    lines = ["User-agent: *", "Allow: /$", "Allow: /rules/", "Allow: /s/$", "Allow: /print/$",
             "Allow: /rollwrite/new$", "Allow: /d/new$", "Allow: /card/new$"]  # the sitemap's pages
    lines += ["Disallow: /rollwrite/", "Disallow: /card/", "Disallow: /t/", "Disallow: /c/",
              "Disallow: /d/", "Disallow: /r/",
              "Disallow: /lang/", f"Sitemap: {url_for('seo.sitemap', _external=True)}"]
    return Response("\n".join(lines) + "\n", mimetype="text/plain")


@root.get("/sitemap.xml")
def sitemap() -> Response:
    """The public pages, each with its language versions."""
    urls = [ep for ep in PUBLIC_PAGES if ep in current_app.view_functions]
    body = render_template("rules/sitemap.xml", urls=urls, languages=LANGUAGES)
    return Response(body, mimetype="application/xml")
