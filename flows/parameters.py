"""The flows' parameter types, as the Prefect UI's Run form shows them.

Prefect builds a deployment's parameter schema from the flow's signature (pydantic) and the
descriptions from its docstring's Google-style ``Args:`` section
(``prefect.utilities.callables.parameter_schema``). These annotations give each parameter a
JSON-schema type, format and bounds:

- a date is ``{"type": "string", "format": "date"}`` (``YYYY-MM-DD``), which the form shows as
  a date field; in Python it is a ``date`` or its ISO string (the CLI passes strings), and the
  flow parses it with ``memcurator.dates``, whose errors name the parameter, not a CLI flag;
- an optional value is described as its type alone, with no ``null`` branch (an ``anyOf``
  with ``null`` made the form open on "Property is type None"), and its flow default is a
  value of that type meaning "the usual": ``""`` for ``as_of`` (yesterday), ``0`` for
  ``partitions`` (the setting). A ``None`` default would be written as ``"default": null``,
  which Prefect's server then refuses as "None is not of type 'string'" when a form sends it.
  Python callers may still pass ``None``.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from pydantic import Field, WithJsonSchema

MAX_PARTITIONS = 1024
MAX_WAIT_SECONDS = 86_400.0


Day = Annotated[date | str, WithJsonSchema({"type": "string", "format": "date"})]

OptionalDay = Annotated[
    date | str | None,
    WithJsonSchema({"type": "string", "format": "date"}),
]

Partitions = Annotated[
    int | None,
    Field(ge=0, le=MAX_PARTITIONS),
    WithJsonSchema({"type": "integer", "minimum": 0, "maximum": MAX_PARTITIONS}),
]

WaitSeconds = Annotated[
    float,
    Field(ge=0.0, le=MAX_WAIT_SECONDS),
]
