"""The editions' old addresses, which phones and printed QR codes still share: `/t/...` (Roll
& Write, once "the companion") and `/c/...` (the card edition) answer 308, a permanent
redirect that keeps the method and body, to the same page under `/rollwrite/` and `/card/`."""

from __future__ import annotations

from flask import Blueprint, redirect, request
from werkzeug.wrappers import Response

from webapp.card.routes import EDITION as CARD
from webapp.rollwrite.routes import EDITION as ROLLWRITE

bp = Blueprint("old_addresses", __name__)

# old prefix -> the edition's one address (issue 38: one name per edition)
MOVED = {"/t": ROLLWRITE.prefix, "/c": CARD.prefix}


def _moved(old: str, rest: str) -> Response:
    """308 to the page's new address, its query string kept."""
    target = f"{MOVED[old]}/{rest}"
    if request.query_string:
        target += "?" + request.query_string.decode("ascii", "replace")
    return redirect(target, code=308)


for _old in MOVED:
    bp.add_url_rule(f"{_old}/", f"moved{_old[1:]}_root", lambda old=_old: _moved(old, ""),
                    strict_slashes=False, methods=["GET", "HEAD", "POST"])
    bp.add_url_rule(f"{_old}/<path:rest>", f"moved{_old[1:]}",
                    lambda rest, old=_old: _moved(old, rest), methods=["GET", "HEAD", "POST"])
