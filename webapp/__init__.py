"""The Flask web app of Copenhagen: `create_app(config)` builds it (app factory + blueprints)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask, g, request
from flask_wtf.csrf import CSRFProtect

from webapp.platform.config import HTMX_LOCAL_PATH, LANGUAGES, defaults, from_environment

if TYPE_CHECKING:
    from webapp.platform.deps import Deps

csrf = CSRFProtect()


def _resource_dir(name: str) -> str:
    """`templates/` or `static/`: beside the packages in a source tree, inside `webapp/`
    once installed (pyproject maps them there)."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / name, here / name):
        if candidate.is_dir():
            return str(candidate)
    raise RuntimeError(f"the web app's {name}/ folder is missing from the installation")


def _secret_key(app: Flask) -> str:
    """The session key: from the settings, else one kept in the instance folder, so that
    every worker and every restart of this instance signs alike."""
    from webapp.platform.security import private_file  # as create_app's imports

    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}")
        private_file(tmp)  # 0600 before the key is in it
        tmp.write_text(secrets.token_hex(32))
        try:
            os.link(tmp, path)  # first writer wins; the others read its key
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    os.chmod(path, 0o600)  # a key an older version wrote may still be readable by others
    return path.read_text().strip()


def settings(config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The settings an app gets: defaults, the environment (COPENHAGEN_*), then `config`."""
    return {**defaults(), **from_environment(), **(config or {})}


def migrate(config: dict[str, Any] | None = None) -> tuple[str | None, str | None]:
    """`copenhagen migrate`: bring the configured database's schema to the newest migration
    (on PostgreSQL, several at once take turns). Returns (the migration before, after)."""
    from webapp.platform.db import create_schema, database_url, make_engine, schema_revision
    from webapp.turns.push_records import PushRecords
    from webapp.turns.webpush import installation_key  # as create_app's imports

    given = settings(config)
    engine = make_engine(database_url(given["DATABASE_URL"], Flask(__name__).instance_path))
    try:
        before, _head = schema_revision(engine)
        create_schema(engine)
        after, _head = schema_revision(engine)
        installation_key(PushRecords(engine))  # the VAPID key pair, once per installation
    finally:
        engine.dispose()
    return before, after


def _needs_key(app: Flask, url: str) -> str | None:
    """Why this app must be given COPENHAGEN_SECRET_KEY (None: a key of its own will do):
    production, or a database that other servers may share (anything but SQLite), where a
    key made by one server would not open the forms and rematch links of another."""
    from webapp.platform.db import local_sqlite  # as create_app's imports

    if app.config["PRODUCTION"]:
        return "COPENHAGEN_ENV=production"
    if not local_sqlite(url):
        return "a database other than a local SQLite file (several servers may share it)"
    return None


def create_app(config: dict[str, Any] | None = None, deps: Deps | None = None) -> Flask:
    """A configured app: settings from defaults, the environment, then `config`; `deps` the
    services its requests and jobs call (webapp.platform.deps; None: the real ones)."""
    # Imported here, not at the top: `import webapp` is what a search process (spawned, it
    # imports webapp.games.botplay or webapp.review.reviews to run a bot's turn) and the
    # command line pay; with these at the top it took 5.0 s instead of 0.8 s on the loaded
    # test machine (`time python -c "import webapp"`), beyond a bot turn's budget.
    from flask_babel import get_locale
    from werkzeug.middleware.proxy_fix import ProxyFix

    from webapp import blueprints, services
    from webapp.games.engines import FACTORIES
    from webapp.home import old_addresses
    from webapp.platform import errors
    from webapp.platform.bodies import init_bodies
    from webapp.platform.db import (
        check_schema,
        create_schema,
        database_url,
        local_sqlite,
        make_engine,
    )
    from webapp.platform.deps import install as install_services
    from webapp.platform.i18n import init_babel
    from webapp.platform.inputs import SafeJSON
    from webapp.platform.jobs import SEARCHERS_KEY, init_jobs, make_searchers
    from webapp.platform.limits import limiter
    from webapp.platform.requestlog import init_request_log
    from webapp.platform.security import init_security
    from webapp.platform.store import Store
    from webapp.push import hub as push
    from webapp.review import reviews
    from webapp.solo import leaderboard
    from webapp.turns import setup as turn_tables
    from webapp.words.colours import template_context as colour_context
    from webapp.words.piece_words import template_context as piece_context

    app = Flask(
        __name__,
        template_folder=_resource_dir("templates"),
        static_folder=_resource_dir("static"),
        instance_relative_config=True,
    )
    app.config.update(settings(config))
    app.json = SafeJSON(app)
    url = database_url(app.config["DATABASE_URL"], app.instance_path)
    if not app.config["SECRET_KEY"]:
        why = _needs_key(app, url)
        if why:
            raise RuntimeError(
                f"{why} needs a secret key: set COPENHAGEN_SECRET_KEY "
                "(for example to the output of `python -c 'import secrets; "
                "print(secrets.token_hex(32))'`), the same on every server"
            )
        app.config["SECRET_KEY"] = _secret_key(app)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    try:
        os.chmod(app.instance_path, 0o700)  # it holds the key and the database's seat tokens
    except PermissionError:
        app.logger.warning("cannot make %s private to this user", app.instance_path)

    engine = make_engine(url)
    migrate_now = app.config["MIGRATE_ON_START"]
    if migrate_now is None:  # `flask run` on the local SQLite file: no separate step
        migrate_now = local_sqlite(url) and not app.config["PRODUCTION"]
    if migrate_now:
        create_schema(engine)
    else:
        check_schema(engine)  # SchemaBehind names `copenhagen migrate`
    store = Store(engine, FACTORIES, app.config["STATE_CACHE_SIZE"])
    app.extensions["store"] = store
    # the search processes: the test's, else made from the settings (started when needed)
    searchers = (deps.searchers if deps and deps.searchers else make_searchers(app.config))
    app.extensions[SEARCHERS_KEY] = searchers
    given = install_services(app, services.complete(deps, searchers))
    # finished games are reviewed in the background
    reviews.install(app, store, init_jobs(app), given.review)
    leaderboard.install(app)  # a challenge's result goes on its leaderboard as it ends
    push.install(app, store)  # every change wakes the pages' push streams
    turn_tables.attach(app, store, given)  # turn-based tables: clocks, My games, Web Push

    if app.config["PROXIES"]:  # behind a TLS proxy: its client address and scheme count
        n = int(app.config["PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]
    csrf.init_app(app)
    csrf.exempt(old_addresses.bp)  # only redirects: the page it sends to checks the token
    init_security(app)
    limiter.init_app(app)
    init_babel(app)
    init_request_log(app)
    init_bodies(app)
    errors.register(app)
    blueprints.register(app)

    # the pieces' drawings and words, for every template, imported with its context or not
    app.jinja_env.globals.update(colour_context(), **piece_context())

    @app.context_processor
    def _globals() -> dict[str, Any]:
        return {
            **colour_context(),
            "languages": LANGUAGES,
            "current_lang": str(get_locale() or "en"),
            "htmx_url": app.config["HTMX_URL"],
            "htmx_sri": app.config["HTMX_SRI"],
            "htmx_local": HTMX_LOCAL_PATH,
            "url_rules": app.view_functions.keys(),
        }

    @app.before_request
    def _htmx_flag() -> None:
        # htmx restoring a page on Back that it kept no copy of (the card game keeps none: a
        # hand must not stay in the history) asks for it with HX-Request too, and puts what it
        # gets in place of the whole body: that answer is the whole page, not the fragment
        g.htmx = (request.headers.get("HX-Request") == "true"
                  and request.headers.get("HX-History-Restore-Request") != "true")

    return app
