"""Error pages: every refusal is a page (or an htmx fragment) with a message a person can read
and the right 4xx status; nothing is changed by a refused request."""

from __future__ import annotations

from flask import Flask, g, render_template, request
from flask_limiter.errors import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException, SecurityError

from webapp.platform.i18n import gettext as _
from webapp.platform.store import Conflict, Game, NotFound, Store


class Refused(Exception):
    """A refusal a view raises: the error page's status, title, message and a link back."""

    def __init__(self, status: int, title: str, message: str, back: str | None = None) -> None:
        super().__init__(message)
        self.status, self.title, self.message, self.back = status, title, message, back


def page(status: int, title: str, message: str, back: str | None = None) -> tuple[str, int]:
    """An error page (or just its message box, for htmx) with a status code."""
    template = "_error_box.html" if getattr(g, "htmx", False) else "error.html"
    return render_template(template, title=title, message=message, back=back), status


def known_game(store: Store, code: str) -> Game:
    """The game of `code`; a 404 page saying there is none (with the code) if not."""
    try:
        return store.game(code)
    except NotFound:
        raise Refused(404, _("No such game"),
                      _("There is no game with the code %(code)s. Check the code and try "
                        "again.", code=code)) from None


def register(app: Flask) -> None:
    """Install the handlers."""

    @app.errorhandler(Refused)
    def _refused(err: Refused) -> tuple[str, int]:
        return page(err.status, err.title, err.message, err.back)

    @app.errorhandler(NotFound)
    def _no_game(err: NotFound) -> tuple[str, int]:
        return page(404, _("No such table"),
                    _("There is no table with the code %(code)s. Check the code and try again.",
                      code=str(err)))

    @app.errorhandler(Conflict)
    def _conflict(_err: Conflict) -> tuple[str, int]:
        return page(409, _("Someone moved first"),
                    _("Another move reached the table before yours. The page now shows the "
                      "game as it stands; look, then try again."))

    @app.errorhandler(OperationalError)
    @app.errorhandler(DBAPIError)
    def _database_down(err: DBAPIError) -> tuple[str, int, dict[str, str]]:
        if not err.connection_invalidated and not isinstance(err, OperationalError):
            raise err
        app.logger.warning("database unavailable: %s", type(err.orig).__name__)
        g.outcome = "unavailable"  # the request log tells an outage from a refusal
        body, status = page(503, _("Please try again"),
                            _("The game store is not answering right now. Nothing was changed; "
                              "try again in a few seconds."))
        return body, status, {"Retry-After": "5"}

    @app.errorhandler(CSRFError)
    def _csrf(_err: CSRFError) -> tuple[str, int]:
        return page(400, _("Page expired"),
                    _("This form is out of date or did not come from this site. Reload the "
                      "page and try again."))

    @app.errorhandler(RateLimitExceeded)
    def _too_many(_err: RateLimitExceeded) -> tuple[str, int, dict[str, str]]:
        g.outcome = "limited"
        if (request.endpoint or "").endswith(".hint"):
            body, status = page(429, _("No hint just now"), _(
                "You asked for many hints in a short time. Wait a minute, then ask again."))
            return body, status, {"Retry-After": "60"}
        body, status = page(429, _("Too many new games"),
                            _("Too many requests: this device has started many tables and games "
                              "in a short time. Wait a minute, then try again; the games already "
                              "started go on as before."))
        return body, status, {"Retry-After": "60"}

    @app.errorhandler(SecurityError)
    def _untrusted_host(_err: SecurityError) -> tuple[str, int, dict[str, str]]:
        # The Host header names no host of this app (TRUSTED_HOSTS): no page can be built
        # for it (every link would point to that host), so the answer is plain text.
        g.outcome = "refused"
        return ("Bad request: this server does not answer to that host name.\n", 400,
                {"Content-Type": "text/plain; charset=utf-8"})

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException) -> tuple[str, int]:
        titles = {
            400: _("Not understood"),
            403: _("Not allowed"),
            404: _("Not found"),
            405: _("Not possible here"),
            408: _("Too slow"),
            413: _("Too large"),
            429: _("Too many requests"),
        }
        messages = {
            400: _("The request could not be understood."),
            403: _("This is not your seat: only the phone that took a seat can act for it."),
            404: _("There is nothing at this address."),
            405: _("That is not something this page does."),
            408: _("The form took too long to arrive. Try again."),
            413: _("That request is far too large."),
            429: _("Too many requests: wait a minute and try again."),
        }
        code = err.code or 500
        return page(code, titles.get(code, _("Something went wrong")),
                    str(err.description) if code == 400 and
                    err.description and not err.description.startswith("The browser")
                    else messages.get(code, _("Something went wrong.")))
