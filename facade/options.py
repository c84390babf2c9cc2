"""A game's table options checked against the options its edition knows: known keys only,
each with one of its allowed values, so a config read from anywhere (a pasted game text, the
database) is always flat, small and meaningful."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from facade.errors import IllegalAction


def checked_options(
    given: Any, defaults: Mapping[str, Any], allowed: Mapping[str, tuple[Any, ...]],
) -> dict[str, Any]:
    """`defaults` updated with `given`; IllegalAction (`bad_option`) for options that are not
    an object, a key the edition does not know, or a value it does not allow."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise IllegalAction("the options are a set of named values, like {\"mirror\": false}",
                            "bad_option")
    for key, value in given.items():
        if key not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise IllegalAction(f"'{str(key)[:20]}' is not an option of this game (options: "
                                f"{known})", "bad_option", option=str(key)[:20])
        if not any(value is a or (type(value) is type(a) and value == a)
                   for a in allowed[key]):
            if all(isinstance(a, bool) for a in allowed[key]):
                words = "on or off: true or false"
            else:
                words = " or ".join(f"'{a}'" for a in allowed[key])
            raise IllegalAction(f"{key} is {words}", "bad_option", option=key)
    return {**defaults, **given}
