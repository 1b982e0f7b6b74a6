"""Names that look the same on a screen: "Аlice" with a Cyrillic А is Alice to a reader.

``skeleton`` maps a text to what it looks like, after the idea of Unicode's confusable
skeletons (UTS #39): compatibility forms are decomposed (the Kelvin sign is a K, ``ℓ`` an
l), combining marks and invisible format characters (zero-width spaces, direction marks)
dropped, the Cyrillic and Greek letters drawn like Latin ones read as those, and the case
folded. Two names with one skeleton are one name to whoever reads them, so Canon never
lets a told name stand for one user when it looks like another's. The table is the
letters that are drawn alike in common fonts, not all of UTS #39's: a look-alike it misses
is shown as written, as any name is.

Pure.
"""

from __future__ import annotations

import unicodedata
from typing import Final

_DRAWN_LIKE: Final = str.maketrans(
    {
        # Cyrillic capitals, then small letters
        **dict(zip("АВЕЅІЈКМНОРСТХУԚԜӀ", "ABESlJKMHOPCTXYQWl", strict=True)),
        **dict(zip("аеіјорсухѕһԁԛԝӏ", "aeijopcyxshdqwl", strict=True)),
        # Greek capitals, then small letters
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHlKMNOPTYX", strict=True)),
        **dict(zip("οιυνκρχα", "oiuvkpxa", strict=True)),
        # Latin letters drawn like others: a dotless i, a capital I like a small l
        "ı": "i",
        "ɩ": "i",
        "I": "l",
    }
)


def skeleton(text: str) -> str:
    """What ``text`` looks like: equal for two texts a reader cannot tell apart."""
    decomposed = unicodedata.normalize("NFKD", text)
    visible = "".join(
        c for c in decomposed if not unicodedata.combining(c) and unicodedata.category(c) != "Cf"
    )
    return visible.translate(_DRAWN_LIKE).casefold()
