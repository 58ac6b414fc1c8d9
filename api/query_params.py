"""One value per query parameter that takes one: ``?source=a&source=b`` is a 422, not "the last one wins".

FastAPI quietly keeps the last of repeated values for a parameter that is not a list; a client
that repeats one has made a mistake, and is told so (``invalid-request``). Parameters declared as
lists (``only`` of ``/v1/stats``) may repeat. Installed on the whole app as a dependency.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any, Union, get_args, get_origin

from fastapi import Request

from api.errors import Problem


def _takes_many(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        return any(_takes_many(arg) for arg in get_args(annotation))
    return origin in (list, tuple, set, frozenset) or annotation in (list, tuple, set, frozenset)


def _query_fields(dependant: Any) -> Iterator[Any]:
    yield from dependant.query_params
    for sub in dependant.dependencies:
        yield from _query_fields(sub)


def refuse_repeated_parameters(request: Request) -> None:
    """Raise ``invalid-request`` when a single-valued query parameter of the route comes more than once."""
    dependant = getattr(request.scope.get("route"), "dependant", None)
    if dependant is None or not request.query_params:
        return
    for field in _query_fields(dependant):
        if not _takes_many(field.field_info.annotation) and len(request.query_params.getlist(field.alias)) > 1:
            count = len(request.query_params.getlist(field.alias))
            message = f"give it once (it came {count} times)"
            raise Problem(
                "invalid-request",
                f"query parameter {field.alias!r}: {message}",
                errors=[{"location": ["query", field.alias], "message": message, "type": "repeated"}],
            )
