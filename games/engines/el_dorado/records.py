"""Cheap construction and copies of frozen, slotted dataclass records.

`apply` builds several such records on every action. A frozen dataclass's own __init__ sets
each field through object.__setattr__, many times the cost of a plain attribute store; so these
functions fill a mutable twin class with the very same slot layout and then give the object its
real class. The result is an ordinary instance of the record class, equal to what its
constructor would build. Classes with a __post_init__ (or any other layout) use the constructor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

KEEP: Any = object()  # marks a field the caller did not change
# Names the generated functions use for themselves: no field may be called so.
_RESERVED = frozenset({"obj", "cls", "new", "draft", "Twin", "KEEP"})


def _twin(cls: type) -> type | None:
    names = tuple(f.name for f in fields(cls))
    if _RESERVED.intersection(names):
        raise TypeError(f"{cls.__name__} has a field named like a local of its copier")
    if hasattr(cls, "__post_init__") or tuple(getattr(cls, "__slots__", ())) != names:
        return None
    twin = _draft_class(cls, names)
    probe = twin()
    try:
        probe.__class__ = cls  # the layouts must match exactly, or Python refuses
    except TypeError:
        return None
    return twin


def _compile(cls: type, signature: str, values: Sequence[str]) -> Callable[..., Any]:
    names = [f.name for f in fields(cls)]
    namespace: dict[str, Any] = {"cls": cls, "KEEP": KEEP, "Twin": _twin(cls)}
    if namespace["Twin"] is None:
        body = f"    return cls({', '.join(values)})\n"
    else:
        body = "    new = Twin()\n"
        body += "".join(f"    new.{n} = {v}\n" for n, v in zip(names, values, strict=True))
        body += "    new.__class__ = cls\n    return new\n"
    exec(f"def make({signature}):\n{body}", namespace)  # noqa: S102 - built from the fields
    return namespace["make"]


def builder(cls: type) -> Callable[..., Any]:
    """A constructor taking every field, in order, positionally."""
    names = [f.name for f in fields(cls)]
    return _compile(cls, ", ".join(names), names)


def evolver(cls: type) -> Callable[..., Any]:
    """`copy(obj, field=value, ...)`: a copy of `obj` with the fields named changed (give them
    by keyword). Unnamed fields take their defaults from a tuple, which Python fills far faster
    than keyword-only defaults."""
    names = [f.name for f in fields(cls)]
    params = ", ".join(f"{n}=KEEP" for n in names)
    return _compile(cls, f"obj, /, {params}", [f"obj.{n} if {n} is KEEP else {n}" for n in names])


def replacer(cls: type, changed: Sequence[str]) -> Callable[..., Any]:
    """`copy(obj, *values)`: a copy of `obj` with exactly the fields `changed` replaced."""
    names = [f.name for f in fields(cls)]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    values = [n if n in changed else f"obj.{n}" for n in names]
    return _compile(cls, ", ".join(("obj", *changed)), values)


def thawer(cls: type) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """(thaw, freeze): `thaw(obj)` is a mutable draft holding the fields of `obj`, and
    `freeze(draft)` the record it became (the draft itself, retyped: use it no more). Lets one
    action change several fields in steps and still build a single new record."""
    names = [f.name for f in fields(cls)]
    twin = _twin(cls)
    namespace: dict[str, Any] = {"cls": cls, "Twin": twin or _draft_class(cls, names)}
    body = "    new = Twin()\n" + "".join(f"    new.{n} = obj.{n}\n" for n in names)
    exec(f"def thaw(obj):\n{body}    return new\n", namespace)  # noqa: S102 - from the fields
    if twin is not None:
        exec("def freeze(draft):\n    draft.__class__ = cls\n    return draft\n", namespace)  # noqa: S102
    else:
        values = ", ".join(f"draft.{n}" for n in names)
        exec(f"def freeze(draft):\n    return cls({values})\n", namespace)  # noqa: S102
    return namespace["thaw"], namespace["freeze"]


def _draft_class(cls: type, names: Sequence[str]) -> type:
    return type(f"_{cls.__name__}Draft", (), {"__slots__": tuple(names)})
