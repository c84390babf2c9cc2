"""A Babel extraction method for the engines' event templates (`TEMPLATES` / `SHARED` tables in
`facade/messages.py`, `rollwrite/messages.py`, `boardgame/messages.py`), so that the English
sentences the engines word their events with are translated like any page text; the web layer
then renders an event from its code and data with the translated table (webapp/words/event_i18n.py).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import IO, Any

TABLE_NAMES = ("TEMPLATES", "SHARED", "ABILITY_NAMES")


def event_templates(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    """Yield (line, funcname, message, comments) for every string of an event-template table;
    a template with a plural (`key` and `key#field`, facade/messages.py) as one ngettext
    message."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.AnnAssign | ast.Assign):
            continue
        targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
        if not any(isinstance(t, ast.Name) and t.id in TABLE_NAMES for t in targets):
            continue
        if not isinstance(node.value, ast.Dict):
            continue
        strings: dict[str, tuple[int, str]] = {}  # key -> (line, template)
        for k_node, v_node in zip(node.value.keys, node.value.values):
            if (isinstance(k_node, ast.Constant) and isinstance(k_node.value, str)
                    and isinstance(v_node, ast.Constant) and isinstance(v_node.value, str)):
                strings[k_node.value] = (v_node.lineno, v_node.value)
        plurals = {k.partition("#")[0]: text for k, (_line, text) in strings.items() if "#" in k}
        for key, (line, text) in strings.items():
            if "#" in key:
                continue  # said with its singular
            note = (f"event template {key}: keep every {{field}} and {{field:spec}} "
                    "exactly as it is")
            plural = plurals.get(key)
            if plural is None:
                yield line, "_", text, [note]
            else:
                yield line, "ngettext", (text, plural), [note]
