"""Write a configuration back as TOML (``phisift config``): the standard library only reads TOML.

Covers what a pipeline config holds: tables of strings, numbers, booleans, lists
of those, inline tables, and arrays of tables (``[[recognizers]]``). Strings are
written as TOML basic strings, whose escapes are JSON's, so ``json.dumps`` writes
them exactly; ``tomllib.loads(dumps(config)) == config`` for any such config.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

_BARE = re.compile(r"[A-Za-z0-9_-]+\Z")


def dumps(config: dict[str, Any], comments: dict[str, str] | None = None) -> str:
    """TOML text of ``config``: plain keys first, then tables, then arrays of tables.

    ``comments`` puts a ``# ...`` line above the table of that name.
    """
    comments = comments or {}
    lines = [f"{_key(k)} = {_value(v)}" for k, v in config.items() if not _is_table(v) and not _is_table_array(v)]
    for name, value in config.items():
        if _is_table(value):
            lines += ["", *_comment(comments.get(name)), f"[{_key(name)}]"]
            lines += [f"{_key(k)} = {_value(v)}" for k, v in value.items()]
    for name, value in config.items():
        if _is_table_array(value):
            for item in value:
                lines += ["", *_comment(comments.get(name)), f"[[{_key(name)}]]"]
                lines += [f"{_key(k)} = {_value(v)}" for k, v in item.items()]
    return "\n".join(lines).lstrip("\n") + "\n"


def _comment(text: str | None) -> list[str]:
    return [f"# {line}" for line in text.splitlines()] if text else []


def _is_table(value: Any) -> bool:
    return isinstance(value, dict)


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _key(key: str) -> str:
    return key if _BARE.match(key) else _value(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")  # TOML forbids a raw DEL
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write a {type(value).__name__} as TOML")
