"""A home told in passing, as a description rather than a statement: "the view from our
flat in Glasgow is mostly chimneys", "the kitchen of the little house we rent in Galway",
"we've lived above the shop in Whitstable for six years", "our lease in Lisbon runs until
April", "we're a family of five in Cork", "I'm a junior doctor living in Leeds", "my
commute from Croydon takes an hour".

Letters, diaries and long posts name where the writer lives while saying something else
about it; no "we live in" is ever said. Each pattern ends where the place begins, for
``rules_profile`` to read it as it reads "we live in X". The home must be the writer's
("my", "our", "we rent", "I'm a … living in") and one still had: not one given up ("we
sold our flat in Leeds", "I miss our house in Cork"), an old one ("our old flat in
Hackney", a past tense, which the clause's own tense makes a story), nor a stay ("our
flat in Nice for the month").
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_DWELLING = (
    r"(?:flat|house|home|apartment|cottage|bungalow|terrace|semi|maisonette|studio|townhouse|"
    r"rectory|farmhouse|cabin|croft)"
)
"""A home by its kind (not a tent, a hostel or a hotel room: those are a trip's)."""
_HOW = (
    r"(?:(?:little|tiny|small|narrow|tall|thin|rented|own|lovely|draughty|damp|cold|crooked|"
    r"poky|cramped|shared|top[- ]floor|basement|ground[- ]floor|rickety|creaky|new)\s+){0,3}"
)
"""What the home is like: "our little rented flat", "my draughty top-floor flat"."""
_PLACE_NEXT = r"(?:here\s+)?(?:in|at|near|outside)\s+(?=[A-Za-z])"

_NOT_A_STAY = (
    r"(?![^.;!?]*\bfor\s+(?:the\s+)?(?:month|week|weekend|summer|winter|season|holidays?|"
    r"(?:a|one|two|three|a\s+few|\d+)\s+(?:nights?|weeks?|days?)))"
)

HOME_BELONGINGS = gated(
    # "our street in Didsbury", "my GP in Leeds", "the neighbours here in Leyton": what
    # belongs to where one lives, and its town.
    r"\b(?:my|our)\s+(?:street|road|neighbours|neighbors|neighbourhood|neighborhood|gp|"
    r"doctor's\s+surgery|local|landlord|landlady|postcode|council|corner\s+shop|village|"
    r"school\s+run|bin\s+day)\s+(?:here\s+)?in\s+(?=[A-Za-z])|"
    r"\bthe\s+(?:neighbours|neighbors|council|landlords|school\s+run|bin\s+men|parking|"
    r"schools)\s+(?:here|round\s+here|where\s+(?:we|i)\s+live)\s+in\s+(?=[A-Za-z])"
)
"""What belongs to where one lives, said as the subject of someone else's clause ("the
neighbours here in Leyton leave us courgettes"): the town is still the writer's home."""

HOME_DESCRIBED = gated(
    rf"{HOME_BELONGINGS.pattern}|"
    # "the view from our flat in Glasgow", "the walk from my flat in Lyon": the writer's
    # home named as the place something is seen or done from.
    rf"\b(?:my|our)\s+{_HOW}{_DWELLING}\s+{_PLACE_NEXT}{_NOT_A_STAY}|"
    # A status line that opens on the new home: "new apartment in Chicago, moved in
    # saturday", "brand new flat in Leeds!" (not "new place in Austin": it may be a cafe).
    rf"^(?:(?:my|our)\s+)?(?:brand\s+)?new\s+(?:{_DWELLING}|apt|condo)\s+in\s+(?=[A-Za-z]){_NOT_A_STAY}|"
    # "the little house we rent in Galway", "the flat I share in Leeds": a home, then the
    # writer's tie to it in a relative clause.
    rf"\b{_DWELLING}\s+(?:that\s+|which\s+)?(?:we|i)\s+(?:now\s+|still\s+)?(?:rent|own|share|"
    rf"call\s+home|live\s+in|have)\s+{_PLACE_NEXT}{_NOT_A_STAY}|"
    # "we've lived above the shop in Whitstable for six years now", "I have been living
    # over the bakery in Hay": a present perfect of living, somewhere in a town.
    r"\b(?:i|we)(?:'ve|\s+have)\s+(?:now\s+)?(?:lived|been\s+living)\s+(?:above|over|behind|"
    r"beside|below|opposite|next\s+to|by)\s+(?:the|a|an|our|my)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:in|at)\s+(?=[A-Za-z])|"
    # "our lease in Lisbon runs until April": where the writer's lease is.
    r"\b(?:my|our)\s+(?:current\s+)?(?:lease|tenancy|mortgage)\s+(?:here\s+)?in\s+(?=[A-Za-z])|"
    # "we're a family of five in Cork", "we're a two-income household in Sheffield".
    r"\b(?:we're|we\s+are)\s+an?\s+(?:[\w-]+\s+){0,2}?(?:family|household|couple)"
    r"(?:\s+of\s+\w+)?\s+(?:(?:currently|now|living|based|renting)\s+)*(?:in|near|outside)\s+"
    r"(?=[A-Za-z])|"
    # "I'm a junior doctor living in Leeds", "we're two teachers based in Bath": who one
    # is, then where one lives.
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:an?|two|three)\s+(?:[\w'-]+\s+){1,3}?"
    r"(?:living|based|settled)\s+(?:(?:here|now)\s+)?(?:in|near|outside)\s+(?=[A-Za-z])|"
    # "we're in the new house in Leeds", "we're in the new place now, in Leeds": one's new
    # home is home.
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:(?:now|finally|all|properly|officially)\s+)*in\s+"
    rf"(?:the|our|my)\s+new\s+(?:{_DWELLING}|place)\s+(?:now\s*,?\s+)?(?:here\s+)?(?:in|at)\s+"
    r"(?=[A-Za-z])|"
    # "as someone living in Leeds, I …", "as the one still living in Cork": who the writer
    # is, said as the ground for what follows.
    r"\bas\s+(?:the\s+(?:one|only\s+one)|someone|somebody|a\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:who\s+"
    r"(?:lives|is\s+based)\s+|(?:(?:still|now|currently)\s+)?(?:living|based)\s+)in\s+(?=[A-Za-z])|"
    # "I'm freelancing from home in Margate", "working from home in Leeds": one's own home.
    r"\b(?:working|freelancing|wfh|work|i\s+work|i\s+freelance)\s+from\s+home\s+(?:here\s+)?in\s+"
    r"(?=[A-Za-z])|"
    # "my commute from Croydon takes an hour", "I commute in from Reading every day":
    # where the writer sets out from each day is home.
    r"\b(?:my|our)\s+(?:daily\s+)?commute\s+(?:in\s+)?from\s+(?=[A-Za-z])|"
    r"\b(?:i|we)\s+(?:now\s+|still\s+)?commute\s+(?:in\s+|up\s+|down\s+)?from\s+(?=[A-Za-z])"
)

_GIVEN_UP = gated(
    r"\b(?:sold|selling|sell|left|leaving|leave|gave\s+up|giving\s+up|give\s+up|miss|missed|"
    r"missing|lost|losing|let\s+out|letting\s+out|rent(?:ing)?\s+out|moved\s+(?:out\s+)?from|"
    # a move into it or its purchase is ``home_words``' to date ("we moved into our house in
    # Portland in 2009" is a story)
    r"moved\s+in(?:to)?|moving\s+in(?:to)?|bought|buying|"
    r"moving\s+(?:out\s+)?from|moved\s+out\s+of|old|former|first|last|previous|childhood|"
    r"parents'|mum's|mom's|dad's|visiting|visited)\s+(?:[\w'-]+\s+){0,3}$"
)
"""What is said before a home that is no longer, or not, the writer's."""


def home_described(low: str) -> re.Match[str] | None:
    """The description of the writer's home in ``low``, ending where its town begins."""
    for m in HOME_DESCRIBED.finditer(low):
        if not _GIVEN_UP.search(low[max(0, m.start() - 40) : m.start() + _head(m.group())]):
            return m
    return None


def _head(said: str) -> int:
    """Where the home's own words begin, past "my"/"our" (so "our old flat" shows "old")."""
    return len(said.split(" ")[0]) + 1 if said.startswith(("my ", "our ")) else 0


GATE = frozenset(
    {"my", "our", "lived", "living", "lease", "tenancy", "mortgage", "family", "household"}
    | {"couple", "based", "settled", "commute", "rent", "own", "share", "have"}
    | {"neighbours", "neighbors", "council", "landlords", "schools", "parking"}
    | {"someone", "somebody", "one", "freelancing", "wfh", "work", "working"}
)
"""Words one of which every pattern of ``HOME_DESCRIBED`` holds, but the status line that
opens on the new home ("new flat in Bristol!"), gated by ``NEW_HOME_OPENS``."""
NEW_HOME_OPENS = ("new ", "brand new ")
