"""Help screens a person reads as usual: plain value names, usual usage lines, whole paragraphs.

Typer (0.29) shows internal type tags (``<bool>``, ``<list[str]>``, ``<int range>``), writes
required arguments as ``{FILE...}...`` in the usage line, and keeps the line breaks of a
docstring's later paragraphs, so they break mid-sentence at any width but the source's. ``install``
adjusts the two display methods and ``reflow`` joins the lines of each paragraph; nothing else
about parsing changes.
"""

from __future__ import annotations

import inspect
from typing import Any

import click  # noqa: F401 - the context type of the display methods
import typer
from typer import core


def _value_name(param: Any, ctx: click.Context) -> str | None:
    """What an option's value is called in help: its metavar, else click's plain name (INTEGER, TEXT, a|b)."""
    if param.metavar is not None:
        return str(param.metavar)
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return None
    desc = param.type_descriptor
    if desc.is_choice:
        name = "|".join(str(getattr(c, "value", c)) for c in desc.choices or ())
    elif desc.is_path:
        name = "PATH"
    else:
        annotation = desc.annotation
        if desc.is_list:
            (annotation,) = getattr(annotation, "__args__", (str,))
        name = _PLAIN.get(annotation, "VALUE")
        if name == "":
            return None
    return name + ("..." if desc.is_list else "")


#: Value names by Python type (a flag has none).
_PLAIN: dict[Any, str] = {int: "INTEGER", float: "NUMBER", str: "TEXT", bool: ""}


def _usage_name(self: Any) -> str:
    """An argument in the usage line: ``FILE`` when required, ``[FILE]`` when not, ``...`` once for many."""
    name = str(self.display_name_raw)
    if self.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name if self.required else f"[{name}]"


def reflow(text: str | None) -> str | None:
    """A docstring with the lines of each paragraph joined (paragraphs stay apart)."""
    if not text:
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


def install(app: typer.Typer) -> None:
    """Adjust Typer's help display (see the module docstring) and reflow every command's docstring."""
    core.TyperOption.display_type_rich = _value_name  # type: ignore[method-assign,assignment]
    core.TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]
    core.TyperArgument._usage_display_name = _usage_name  # type: ignore[method-assign]
    for command in app.registered_commands:
        if command.callback is not None and command.help is None:
            command.callback.__doc__ = reflow(command.callback.__doc__)
