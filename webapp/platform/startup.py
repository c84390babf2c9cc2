"""What a server process does once it has started: its start-up objects set aside from the
garbage collector (`copenhagen serve` in each worker; the reliability bench in its own process)."""

from __future__ import annotations

import gc


def settle_startup_objects() -> None:
    """Move everything made at start (modules, tables, the app: about 109,000 objects) to the
    collector's permanent generation, where full collections do not walk them. Measured on the
    2-core machine: a full collection of them took 190-250 ms, in whichever request of the
    worker it fell on (the slowest refusals of `bench --reliability`: a 400 of /s/bots that
    took the app 124 ms, others that waited 200 ms before the app saw them); after this
    0.4 ms, and about 20 ms once games have filled the engines' caches (issue 26)."""
    gc.collect()
    gc.freeze()
