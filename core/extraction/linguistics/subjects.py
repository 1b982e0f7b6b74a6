"""Who a clause is about, as the parse reads it: the words shared by ``reading`` (which
decides it) and ``requests`` (which asks it), so neither imports the other."""

from __future__ import annotations

from typing import Literal

Subject = Literal["speaker", "we", "addressee", "other", "none"]
"""The speaker ("I"), the speaker's group ("we"), the one spoken to, someone else, nobody."""
