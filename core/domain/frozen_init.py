"""A faster ``__init__`` for the frozen dataclasses an ingest builds for every observation.

A frozen dataclass's generated ``__init__`` stores each field with
``object.__setattr__(self, name, value)`` (its own ``__setattr__`` refuses): a global
lookup, a method lookup and a call through the slot wrapper, a field. The records an
observation passes through (its write record, commit plan, question, outcome, decision,
snapshot) have 5 to 20 fields each, so an ingest spends tens of thousands of
instructions storing fields. ``fast_init`` gives such a class an ``__init__`` with the
same signature (names, order, defaults, default factories, keyword-only fields) that
writes the instance's ``__dict__`` directly: the same attributes, the class still
frozen (its ``__setattr__`` and ``__delattr__`` still refuse), equality, hashing,
``repr``, ``replace`` and pickling as before. A class it cannot treat that way (slots,
``__post_init__``, ``InitVar``, fields left out of ``__init__``) keeps the generated one.

``fast_replace`` is ``dataclasses.replace`` for such a class: a copy of the instance's
``__dict__`` with the changes written over it, where ``replace`` reads every field
through ``getattr`` and calls ``__init__`` with all of them by keyword (about 30 K
instructions for an ``Outcome``'s fourteen fields).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")
_FAST_FIELDS = "__fast_init_fields__"
"""The class attribute ``fast_init`` leaves: the names of the fields its ``__init__`` writes."""
_NOTHING = object()
"""The default of a field with a default factory: the factory is called when it is seen."""


def fast_init(cls: type[T]) -> type[T]:
    """``cls`` (a frozen dataclass) with ``__init__`` writing its ``__dict__`` directly."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init:
        raise TypeError(f"fast_init is for frozen dataclasses with an __init__, not {cls!r}")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    own = getattr(cls, "__dataclass_fields__", {})
    if (
        "__slots__" in cls.__dict__
        or hasattr(cls, "__post_init__")
        or len(own) != len(fields)  # an InitVar or ClassVar pseudo-field
        or any(not f.init for f in fields)
    ):
        return cls
    # Every name of the generated code other than the fields' starts with a prefix no
    # field name starts with: a field may be called ``d``, ``self`` or ``_NOTHING``.
    prefix = "_fast_"
    while any(f.name.startswith(prefix) for f in fields):
        prefix += "_"
    me, store, nothing = f"{prefix}self", f"{prefix}dict", f"{prefix}nothing"
    names: dict[str, Any] = {nothing: _NOTHING}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for i, f in enumerate(fields):
        if f.default is not dataclasses.MISSING:
            names[f"{prefix}d{i}"] = f.default
            param = f"{f.name}={prefix}d{i}"
            body.append(f"  {store}[{f.name!r}] = {f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            names[f"{prefix}f{i}"] = f.default_factory
            param = f"{f.name}={nothing}"
            body.append(
                f"  {store}[{f.name!r}] = {prefix}f{i}() if {f.name} is {nothing} else {f.name}"
            )
        else:
            param = f.name
            body.append(f"  {store}[{f.name!r}] = {f.name}")
        (keyword if f.kw_only else positional).append(param)
    signature = ", ".join([me, *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({signature}):\n  {store} = {me}.__dict__\n" + "\n".join(body) + "\n"
    exec(source, names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning a method
    setattr(cls, _FAST_FIELDS, frozenset(f.name for f in fields))
    return cls


def fast_replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)`` without a call of ``__init__``, for an
    instance of a class ``fast_init`` gave its ``__init__`` (every field in ``__dict__``,
    no ``__post_init__`` to run again); any other instance goes to ``replace``. A name
    that is not a field is refused as ``replace`` refuses it (``TypeError``)."""
    cls = type(obj)
    names: frozenset[str] | None = cls.__dict__.get(_FAST_FIELDS)
    if names is None or len(obj.__dict__) != len(names):
        # Not a fast_init class, or its ``__dict__`` holds more than its fields (a
        # ``cached_property``'s value, which a copy must not inherit): the generic way.
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not changes.keys() <= names:
        unknown = sorted(changes.keys() - names)
        raise TypeError(
            f"{cls.__name__}.__init__() got an unexpected keyword argument {unknown[0]!r}"
        )
    copy = object.__new__(cls)
    fields = copy.__dict__
    fields.update(obj.__dict__)
    fields.update(changes)
    return copy
