"""Write the protocol section of docs/API.md from its one declaration, `solitaire_core.protocol`: the
envelopes, the rejection, every op (args, reply, whether it changes the game, who answers it) and each
registered game's capabilities. The prose around the section stays hand-written; the section is the text
between the two markers and is never edited by hand.

    python3 tools/api_doc.py            rewrite docs/API.md's section
    python3 tools/api_doc.py --check    exit 1 if docs/API.md's section is not what the protocol says

tests/test_api_doc.py runs the check, so a change of the protocol that is not in the document fails the suite.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
API_MD = ROOT / "docs" / "API.md"
BEGIN = ("<!-- protocol:begin (written by tools/api_doc.py from src/solitaire_core/protocol.py: "
         "edit those) -->")
END = "<!-- protocol:end -->"

if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from solitaire_core import protocol, registry  # noqa: E402 - src/ is put on the path first


def _cell(text: str) -> str:
    """Text for a Markdown table cell (a `|` would end the cell)."""
    return text.replace("|", "\\|")


def _args(args: tuple[protocol.Arg, ...]) -> str:
    if not args:
        return "—"
    return ", ".join(f"`{arg.name}`{'' if arg.required else '?'}: {arg.describe_type()}" for arg in args)


def _reply(reply: protocol.Reply) -> str:
    fields = [f"`{name}`" for name in reply.fields] + [f"`{name}`?" for name in reply.sometimes]
    return ", ".join(fields) or "—"


def _who(op: protocol.Op) -> str:
    if op.host == "worker":
        return "the worker"
    return "the games that declare it" if op.optional else "every game"


def section() -> str:
    """The generated section, markers included."""
    lines = [
        BEGIN,
        "",
        "### Envelopes",
        "",
        f"- A request, as a session reads it: `{protocol.REQUEST}`.",
        f"- A request, as the page posts it to the worker: `{protocol.WORKER_REQUEST}` (`game` absent: the "
        "first registered game; the worker answers with the request's `id` and adds `seq`).",
        f"- A success: `{protocol.SUCCESS}`.",
        f"- A failure: `{protocol.FAILURE}`; `message` is for the console and the logs, never shown to the "
        "player.",
        f"- A refused move, a reply's `rejection`: `{protocol.REJECTION}`. `reason` is a code the page's "
        "catalogue words; `at` is where the move was refused, in the game's own notation, or `null`.",
        "",
        "An arg marked `?` may be left out or `null`: the op's default. `ms` is a time in milliseconds, "
        f"greater than 0 and at most {protocol.MAX_BUDGET_MS:,}. A missing required arg or one of the wrong "
        "type is a `RequestError`, and so is an op the game does not answer; an arg an op does not take is "
        "ignored.",
        "",
        "### Ops",
        "",
        "| op | args | reply | changes the game | answered by | what it does |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for op in protocol.OPS.values():
        cells = [f"`{op.name}`", _args(op.args), _reply(op.reply), "yes" if op.changes_game else "no",
                 _who(op), op.doc]
        lines.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    lines += [
        "",
        "### Capabilities",
        "",
        "What each registered game offers beyond the ops every game answers, as its session declares it "
        "(`protocol.capabilities`); the worker's boot message carries them as `games`.",
        "",
        "| game | optional ops | its own args of `new` |",
        "| --- | --- | --- |",
    ]
    for entry in registry.games():
        session = entry.api().Session
        ops = ", ".join(f"`{name}`" for name in session.optional_ops) or "—"
        row = (f"`{entry.id}`", ops, _args(session.new_args))
        lines.append("| " + " | ".join(_cell(cell) for cell in row) + " |")
    lines += ["", END]
    return "\n".join(lines)


def rewrite(text: str) -> str:
    """`text` (docs/API.md) with its section replaced by the generated one; `ValueError` without markers."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"docs/API.md needs the markers {BEGIN!r} and {END!r}")
    return text[:start] + section() + text[end + len(END):]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether docs/API.md is up to date")
    args = parser.parse_args(argv)
    text = API_MD.read_text(encoding="utf-8")
    wanted = rewrite(text)
    if args.check:
        if wanted != text:
            print("docs/API.md differs from the protocol: run python3 tools/api_doc.py", file=sys.stderr)
            return 1
        return 0
    API_MD.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
