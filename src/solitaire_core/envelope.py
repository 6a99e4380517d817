"""The save envelope every game shares: a saved game is one flat JSON object with a `format` name, a
`version`, the game's own fields and a `check`.

The checksum (sha256 of the rest, sorted compact ASCII JSON, first 16 hex digits) catches a save that was cut
short or damaged by accident, but anyone can recompute it, so a game trusts nothing in a save that it can
derive: it replays what the save records. Every field is checked flat, before anything walks the data, so a
save nested thousands of levels deep is a `SaveError`, not a `RecursionError`; a list field holds at most the
number of items the game allows.

A game writes a save with `seal` and reads one with `open_object`, `check_version`, `check_fields`,
`deal_field`, `text_field`, `list_field`, `check_text` and, once its fields are checked,
`check_checksum`. Every message starts with `saved game:` and never prints a container (which could be huge
or nested too deeply to print).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Mapping
from typing import Any, Final

from .errors import SaveError

CHECK: Final = "check"
"""The name of the checksum field."""
DEAL_NAMES: Final = ("deal_id", "deal")
"""The fields that can name a save's deal: its ID, or its cards (a custom deal)."""


def checksum(body: Mapping[str, Any]) -> str:
    """The first 16 hex digits of the sha256 of `body` as sorted, compact ASCII JSON."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def seal(body: Mapping[str, Any]) -> dict[str, Any]:
    """`body` with its checksum added as the last field."""
    return {**body, CHECK: checksum(body)}


def describe(value: object) -> str:
    """A short, safe description of a value for a message: never the repr of a container (which could be
    huge or nested too deeply to print)."""
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:20] + ("…" if len(value) > 20 else ""))
    return f"a {type(value).__name__}"


def open_object(data: object) -> dict[str, object]:
    """`data` if it is a JSON object whose field names are strings, else `SaveError`."""
    if not isinstance(data, dict):
        raise SaveError("saved game: not a JSON object")
    if not all(isinstance(key, str) for key in data):
        raise SaveError("saved game: its field names must be strings")
    return data


def check_version(data: Mapping[str, object], name: str, versions: Collection[int]) -> int:
    """The save's version, if its `format` is `name` and its `version` one of `versions` (an int, not a
    bool), else `SaveError`."""
    version = data.get("version")
    if data.get("format") != name or type(version) is not int or version not in versions:
        raise SaveError("saved game: unknown format or version")
    return version


def check_fields(data: Mapping[str, object], allowed: Collection[str]) -> None:
    """`SaveError` naming the first field (in sorted order) that is not in `allowed`."""
    extra = set(data) - set(allowed)
    if extra:
        raise SaveError(f"saved game: unknown field {describe(sorted(map(str, extra))[0])}")


def deal_field(data: Mapping[str, object]) -> str:
    """The one field of `DEAL_NAMES` that names the save's deal, else `SaveError`. A save with both is
    refused in every game: no game writes one, so it was made by hand or damaged, and which of the two it
    meant cannot be known."""
    present = [name for name in DEAL_NAMES if name in data]
    if len(present) > 1:
        raise SaveError("saved game: both a deal ID and a deal (a save names its deal by one of them)")
    if not present:
        raise SaveError("saved game: neither a deal ID nor a deal")
    return present[0]


def text_field(data: Mapping[str, object], name: str) -> str:
    """The string field `name`, else `SaveError`."""
    value = data.get(name)
    if not isinstance(value, str):
        raise SaveError(f"saved game: field {name!r} is missing or not a string")
    return value


def list_field(data: Mapping[str, object], name: str, limit: int) -> list[object]:
    """The list field `name` of at most `limit` items (not yet checked one by one), else `SaveError`."""
    raw = data.get(name)
    if not isinstance(raw, list):
        raise SaveError(f"saved game: field {name!r} is missing or not a list")
    if len(raw) > limit:
        raise SaveError(f"saved game: {len(raw)} entries in {name!r}, more than a save may hold ({limit})")
    return raw


def check_text(data: Mapping[str, object]) -> str:
    """The `check` field, if it is a string (checked flat with the other fields), else `SaveError`."""
    check = data.get(CHECK)
    if not isinstance(check, str):
        raise SaveError("saved game: field 'check' is missing or not a string (its checksum)")
    return check


def check_checksum(data: Mapping[str, object]) -> None:
    """`SaveError` unless the `check` field is a string and the checksum of the other fields."""
    check = check_text(data)
    body = {key: value for key, value in data.items() if key != CHECK}
    if check != checksum(body):
        raise SaveError("saved game: checksum does not match (the save is damaged or was edited)")
