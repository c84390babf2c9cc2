"""Web Push for turn-based tables: the installation's VAPID key pair (made once, kept in the
database, the same for every server and worker), the devices' subscriptions, and the
delivery of queued notices (`push_outbox`) by background work, with retries; a push
service's 404 or 410 removes the subscription. Only the known push services' hosts are
called (COPENHAGEN_WEBPUSH_HOSTS adds others), so a forged subscription cannot make the
server call anywhere."""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from gettext import NullTranslations
from typing import Any
from urllib.parse import urlsplit

import requests
from babel.support import Translations
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid, b64urlencode
from pywebpush import WebPushException, webpush

from webapp.platform.i18n import gettext as _
from webapp.turns.push_records import Notice, PushRecords

log = logging.getLogger(__name__)

VAPID_KEY = "vapid_key"  # its name in `installation`: the private key, raw, base64url
# The push services of the browsers (Chrome and Android, Firefox, Safari, Edge): a host
# that ends with one of these (a name beginning with "." is a domain and its subdomains).
KNOWN_HOSTS = ("fcm.googleapis.com", "android.googleapis.com", ".push.services.mozilla.com",
               "web.push.apple.com", ".notify.windows.com")
MAX_PAYLOAD = 3072  # bytes of a notification's JSON at most
MAX_ATTEMPTS = 5  # a notice that fails this often is dropped (logged)
FIRST_RETRY = timedelta(seconds=30)  # doubled after each failure
LEASE = timedelta(minutes=2)  # a claimed notice is tried again after this (its worker died)
SEND_TIMEOUT = 10.0  # seconds for a push service to answer
TTL_S = 24 * 3600  # a push service keeps a notice this long for a device that is off
LEVELS = ("all", "turn", "none")


def installation_key(records: PushRecords) -> Vapid:
    """The installation's VAPID key pair: read, or made by the first server that needs it
    (several at once: the first one stored wins, the others read it)."""
    raw = records.key(VAPID_KEY)
    if raw is None:
        fresh = Vapid()
        fresh.generate_keys()
        secret = fresh.private_key.private_numbers().private_value.to_bytes(32, "big")
        raw = records.keep_key(VAPID_KEY, b64urlencode(secret))
    return Vapid.from_raw(raw.encode())


def public_key(vapid: Vapid) -> str:
    """The key a browser subscribes with (applicationServerKey), base64url."""
    raw = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def valid_subject(subject: str | None) -> bool:
    """A VAPID subject push services accept (Apple refuses others): mailto: or https:."""
    return bool(subject) and str(subject).startswith(("mailto:", "https://"))


def allowed_endpoint(endpoint: str, extra_hosts: tuple[str, ...]) -> bool:
    """Whether the server may send to `endpoint`: https to a known push service, or a host
    the settings name (COPENHAGEN_WEBPUSH_HOSTS; any scheme, for a local test service)."""
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
    except ValueError:
        return False
    if not host or len(endpoint) > 2048:
        return False
    if host in extra_hosts:
        return parts.scheme in ("http", "https")
    return parts.scheme == "https" and any(
        host.endswith(k) if k.startswith(".") else host == k for k in KNOWN_HOSTS)


def _b64(text: Any, size: int) -> bool:
    """Whether `text` is base64url of `size` bytes."""
    if not isinstance(text, str) or len(text) > 200:
        return False
    try:
        return len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) == size
    except ValueError:
        return False


class Refused(ValueError):
    """A subscription the server does not keep, with the reason for the page."""


def read_subscription(body: Any, extra_hosts: tuple[str, ...]) -> tuple[str, str, str]:
    """(endpoint, p256dh, auth) of a posted PushSubscription.toJSON(); Refused if not one."""
    if not isinstance(body, dict) or not isinstance(body.get("keys"), dict):
        raise Refused(_("This is not a browser's push subscription."))
    endpoint, keys = body.get("endpoint"), body["keys"]
    if not isinstance(endpoint, str) or not allowed_endpoint(endpoint, extra_hosts):
        raise Refused(_("Notifications go only through the browsers' own push services."))
    if not _b64(keys.get("p256dh"), 65) or not _b64(keys.get("auth"), 16):
        raise Refused(_("This is not a browser's push subscription."))
    return endpoint, str(keys["p256dh"]), str(keys["auth"])


@cache
def catalog(directory: str, lang: str) -> NullTranslations:
    """The compiled catalog of a language (background work has no request to settle one)."""
    return Translations.load(directory, [lang])


def words(payload: dict[str, Any], lang: str, directory: str) -> dict[str, Any]:
    """The notification a notice becomes, in the device's language (the catalogs compiled
    in `directory`): the title, one sentence, the address that opens the table at the
    seat, a tag per table. No hidden information: the table's code, whose move, the
    others' names."""
    code, others = payload.get("code", ""), ", ".join(payload.get("others", []))
    found = catalog(directory, lang)

    def _(text: str, **values: Any) -> str:  # the catalog's; named so that it is extracted
        said = found.gettext(text)
        return said % values if values else said

    if payload.get("kind") == "over":
        title, body = _("Game over"), _("The game at table %(code)s with %(others)s is "
                                        "over: see the result.", code=code, others=others)
    elif payload.get("kind") == "remind":
        title = _("Your move is waiting")
        body = _("Table %(code)s with %(others)s: about %(h)s h left on your clock.",
                 code=code, others=others, h=payload.get("left_h", 1))
    else:
        title, body = _("Your move"), _("It is your move at table %(code)s with "
                                        "%(others)s.", code=code, others=others)
    out = {"title": str(title), "body": str(body), "tag": f"table-{code}",
           "url": f"/me/games/{code}/open"}
    while len(json.dumps(out).encode()) > MAX_PAYLOAD:  # long names: cut the sentence
        out["body"] = out["body"][: len(out["body"]) // 2] + "…"
    return out


@dataclass
class Delivered:
    """What one delivery round did."""

    sent: int = 0
    failed: int = 0
    gone: int = 0


class Sender:
    """Delivers queued notices: claims each due row (a compare-and-set on its `due_at`),
    words it, sends it through pywebpush (encrypted with the device's keys, signed with the
    installation's VAPID key), and deletes it once the push service took it."""

    def __init__(self, records: PushRecords, vapid: Callable[[], Vapid],
                 subject: Callable[[], str], extra_hosts: tuple[str, ...],
                 now: Callable[[], datetime], catalogs: Callable[[], str]) -> None:
        self.records = records
        self.vapid = vapid
        self.subject = subject
        self.extra_hosts = extra_hosts
        self.now = now
        self.catalogs = catalogs  # where the app's compiled catalogs are
        self.session = requests.Session()

    def deliver(self, limit: int = 200) -> Delivered:
        """Send the notices due now (at most `limit`)."""
        done = Delivered()
        now = self.now()
        due = self.records.due(now, limit)
        subject = self.subject()
        if due and not valid_subject(subject):
            log.error("no push sent: COPENHAGEN_WEBPUSH_SUBJECT must be a mailto: or https: "
                      "address")
            return done
        for notice in due:
            if self.records.claim(notice, now + LEASE):
                self._send(notice, subject, now, done)
        return done

    def _send(self, notice: Notice, subject: str, now: datetime, done: Delivered) -> None:
        sub = notice.subscription
        if not allowed_endpoint(sub.endpoint, self.extra_hosts):
            self.records.remove(sub.id)
            done.gone += 1
            return
        status = 0
        try:
            note = words(notice.payload, sub.lang, self.catalogs())
            webpush(sub.info(), json.dumps(note), vapid_private_key=self.vapid(),
                    vapid_claims={"sub": subject}, timeout=SEND_TIMEOUT, ttl=TTL_S,
                    requests_session=self.session)
        except WebPushException as err:
            status = err.response.status_code if err.response is not None else -1
        except (requests.RequestException, OSError) as err:
            log.warning("push to %s failed: %s", urlsplit(sub.endpoint).hostname, err)
            status = -1
        if status == 0:
            self.records.sent(notice.id)
            done.sent += 1
        elif status in (404, 410):  # the device unsubscribed, or the browser is gone
            self.records.remove(sub.id)
            done.gone += 1
        else:
            done.failed += 1
            if notice.attempts + 1 >= MAX_ATTEMPTS:
                log.error("a notice to %s failed %d times: dropped",
                          urlsplit(sub.endpoint).hostname, notice.attempts + 1)
                self.records.sent(notice.id)
            else:
                self.records.later(notice.id, notice.attempts + 1,
                                   now + FIRST_RETRY * 2 ** notice.attempts)
