"""The firm a job's end names: "quit acme, it wasn't for me" (Acme), "not at Deloitte
anymore" (Deloitte).

Its own module, apart from the profile rules (``core.extraction.profile_after``, which
reads the clause after a job left with ``QUIT``): the engine reads which employer a
retraction names (``core.engine.named_retraction``), and that needs the words that end a
job and the organisations, not the extractor's patterns for a job held.
"""

from __future__ import annotations

from core.extraction.organisations import organisation_at
from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

QUIT = branched(
    r"\bi\s+(?:just\s+)?(?:quit|left)\s+(?:my\s+job\s+at\s+)?|\bi\s+(?:don't|do\s+not|no\s+longer)\s+"
    r"work\s+(?:at|for)\s+|\b(?:i'm|i\s+am)\s+no\s+longer\s+(?:working\s+)?(?:at|with|for)\s+|"
    # "I'm not with Deloitte anymore", "not at Acme any more", "no longer at Ogilvy": a
    # job that ended, said with the place and the word that ends it.
    r"(?:\b(?:i'm|i\s+am)\s+|^)not\s+(?:working\s+)?(?:at|with|for)\s+"
    r"(?=[^,.;!?]*?\b(?:anymore|any\s+more|these\s+days)\b)|^no\s+longer\s+(?:working\s+)?(?:at|with|for)\s+"
)
"""The words that end a job, up to where its firm is named ("i quit my job at ", "no
longer at ")."""


def firm_left(said: str) -> str | None:
    """The firm words that end a job name as left ("quit acme, it wasn't for me": Acme,
    "not at Deloitte anymore": Deloitte); None when they name none ("i quit my job")."""
    low = said.lower()
    # Chat leaves the "I" out ("quit acme"): read as said with it, offsets kept.
    lead = 2 if _SUBJECT_LEFT_OUT.match(low) else 0
    m = QUIT.search("i " + low if lead else low)
    org = organisation_at(said, m.end() - lead) if m else None
    return None if org is None else org.name


_SUBJECT_LEFT_OUT = gated(r"(?:just\s+)?(?:quit|left)\s")
