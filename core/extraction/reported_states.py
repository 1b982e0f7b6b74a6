"""A member's state passed on by someone who saw it: "the childminder says Bo's been
sneezing", "Mum reckons Dad's a lot brighter", "according to the nurse Dad's more alert
today", "school said Kian's got a nosebleed".

Hand-overs relay what a nurse, a childminder, a teacher or another relative reported. The
family rules read the first person a clause names; here that person is only the one who
told, so the state is read again on what they said. The reporter's own words ("Mum says
she's fine") stay with ``rules_family``, which reads "she" as the reporter herself.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.extraction.clause import Clause
from core.extraction.word_gates import gated

_SAYS = (
    r"(?:says|say|said|reckons|reckon|reckoned|thinks|thought|tells\s+(?:me|us)|told\s+(?:me|us)|"
    r"texted(?:\s+(?:me|us))?(?:\s+to\s+say)?|rang(?:\s+(?:me|us))?\s+to\s+say|"
    r"called(?:\s+(?:me|us))?\s+to\s+say|reported|mentioned|let\s+(?:me|us)\s+know)"
)
_NOT_OURS = (
    # "her sister said mum is sick": the mum is the sister's, not the writer's; "the vet says
    # Biscuit has an ear infection": a vet speaks of an animal, no one of the family.
    r"(?!(?:his|her|their|[a-z]+'s)\s)(?!(?:the\s+|our\s+|my\s+)?(?:vets?|vet's|groomer|kennels?|"
    r"cattery|breeder|dog\s+walker|trainer)\b)"
)
_FRAME = gated(
    # "the childminder says", "Nursery said", "Mum reckons", "the ward sister told me"
    rf"^\s*{_NOT_OURS}(?:(?:the|my|our|your)\s+)?(?:[a-z'-]+\s+){{0,2}}?[a-z'-]+\s+{_SAYS}\s+"
    r"(?:that\s+)?"
    # "according to the nurse", "according to school,": the source before the news
    rf"|^\s*according\s+to\s+{_NOT_OURS}(?:(?:the|my|our|your)\s+)?(?:[a-z'-]+\s+){{0,2}}?"
    r"[a-z'-]+\s*(?:,\s*|\s+)(?:that\s+)?",
    re.I,
)
_NOT_ABOUT_THEMSELVES = gated(r"(?:he|she|they|i|we|you|it)(?:\b|')", re.I)
"""After the frame the reporter speaks of themselves ("Mum says she's fine") or of no one:
left to the rules that read the whole clause."""


def reported_clause(clause: Clause) -> Clause | None:
    """What the reporter said, as a clause of its own; None when no one is reported."""
    m = _FRAME.match(clause.low)
    if m is None or m.end() >= len(clause.low):
        return None
    if _NOT_ABOUT_THEMSELVES.match(clause.low, m.end()):
        return None
    cut = m.end()
    return replace(
        clause,
        text=clause.text[cut:],
        low=clause.low[cut:],
        pronoun_member=None,
        start_in_message=clause.start_in_message + cut if clause.start_in_message >= 0 else -1,
    )
