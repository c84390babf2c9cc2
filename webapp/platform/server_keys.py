"""Keys of a request's WSGI environ between the production server (webapp/asgi.py) and the
app: the server serves push streams on its loop (LOOP_KEY), the push view hands one over
(ORDER_KEY: a webapp.push.hub.StreamOrder), and a body the server refused unread is answered by
the app with this status (REFUSE_KEY: 408 too slow, 413 too large, 429 too many at once)."""

from __future__ import annotations

LOOP_KEY = "copenhagen.push.loop"
ORDER_KEY = "copenhagen.push.order"
REFUSE_KEY = "copenhagen.refuse"
