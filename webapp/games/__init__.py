"""The game routes every edition shares (routes.py) over an adapter per edition (edition.py),
and a request's one load of its game (visit.py)."""
