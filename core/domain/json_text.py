"""JSON text from one encoder built once, for the encodings every observation repeats.

``json.JSONEncoder(...).encode`` builds a new C encoder on every call that is not a
plain string (``iterencode`` calls ``c_make_encoder`` each time) and passes through two
Python frames first; an ingest encodes about ten values (the payload, its reasons, its
patch, each value's key), so the C encoder here is built once per thread and called
directly. The text is the reference encoder's, byte for byte (a property test says so):
the same options, strings through the same quoting function, and a failure (a value JSON
cannot carry, a circular one) raises what the reference raises, after which the encoder
is built anew, since the C encoder leaves a failed call's markers behind. One per thread:
the markers that detect a circular value are the encoder's own, and two threads may
encode at once.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from json import encoder as _encoder
from typing import Any

Encode = Callable[[Any], str]


def one_encoder(*, sort_keys: bool, separators: tuple[str, str], ensure_ascii: bool) -> Encode:
    """``json.JSONEncoder(sort_keys=..., separators=..., ensure_ascii=...).encode``, faster."""
    reference = json.JSONEncoder(
        sort_keys=sort_keys, separators=separators, ensure_ascii=ensure_ascii
    )
    make = getattr(_encoder, "c_make_encoder", None)
    if make is None:  # an interpreter without the C accelerator: the reference itself
        return reference.encode
    quote = _encoder.encode_basestring_ascii if ensure_ascii else _encoder.encode_basestring
    item_separator, key_separator = separators
    local = threading.local()

    def build() -> Any:
        # JSONEncoder.iterencode's own call for these options (check_circular, allow_nan).
        c_encode = local.encode = make(
            {},
            reference.default,
            quote,
            None,
            key_separator,
            item_separator,
            sort_keys,
            False,
            True,
        )
        return c_encode

    def encode(value: Any) -> str:
        if isinstance(value, str):  # JSONEncoder.encode's own shortcut
            return quote(value)
        c_encode = getattr(local, "encode", None) or build()
        try:
            return "".join(c_encode(value, 0))
        except BaseException:
            build()  # the failed call's circular-value markers stay in the old one
            raise

    return encode


# Set in JSONDecoder.__init__ (typeshed leaves it out).
_scan_once: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
"""The default decoder's scanner (C when the accelerator is there): ``json.loads`` calls it
through ``decode`` and ``raw_decode``, two Python frames and two whitespace matches."""


def loads(text: Any) -> Any:
    """``json.loads(text)``, faster for the text a store wrote (``dumps``: nothing around
    the value). Text with anything before or after the value, or that is no JSON, goes to
    ``json.loads`` itself, which reads it or raises as it always did."""
    if type(text) is str:
        try:
            value, end = _scan_once(text, 0)
        except StopIteration:  # nothing JSON at the start (whitespace, a BOM, nothing)
            pass
        else:
            if end == len(text):
                return value
    return json.loads(text)
