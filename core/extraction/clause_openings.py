"""How a clause opens: a subordinate lead whose comma does not end a clause ("after we got
to Denver, the car was towed"), a conjunction that is the joint to the clause before, and a
reminder's frame around the news ("remember that...", "remind me rent is due..."). Read by
``segments``, which cuts a message into clauses.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

LEADS_IN = gated(
    r"\s*(?:when|whenever|after|before|while|once|as\s+soon\s+as|since|because|if|until|till|"
    r"not\s+going\s+to\s+lie|not\s+gonna\s+lie|ngl|to\s+be\s+honest|tbh)\b",
    re.I,
)
"""A sentence that opens on a subordinate clause or a frame: what follows its comma is its
main clause, not a clause of its own ("after we got to Denver, the car was towed")."""
LEAD_CONJ = gated(r"^(but|though|although|however|yet(?!\s+to\b)|whereas)\b[\s,]*", re.I)
"""A conjunction opening a piece: its joint to the clause before (not "yet to leave Hanoi",
where "yet" belongs to "to leave": not gone)."""


REMEMBER = gated(
    # (whole words: "noted, thanks" is an acknowledgement, "notebook" a thing)
    r"^(?:please\s+)?(?:remember|note|keep in mind|fyi)\b\s*(?:that\b)?[\s,:]*|"
    # "remind me i gotta return the shoes", "can u remind me that rent is due on the 1st":
    # what to be reminded of, said as a statement with its own subject, is the news (not
    # "remind me to call the vet", "remind me when i land": a request, nothing said).
    r"^(?:(?:please|pls|plz|(?:can|could|would)\s+(?:you|u))\s+)?(?:(?:just|also)\s+)?"
    r"remind\s+(?:me|us)\s+(?:that\s+)?"
    r"(?=(?:i|we|i'm|im|we're|i've|ive|we've|i'll|we'll|i'd|my|our|the|rent|mom|dad)\s+"
    r"(?:(?:still|also|really|just|totally|have|has|had|need|needs|gotta|got|must|owe|is|are|"
    r"was|were|'s|s|am|expires?|due|renews?|ends?|starts?|leave|leaves|fly|flies|go|goes)\b"
    r"|[a-z]+\s+(?:is|are|'s|expires?|needs?|has|was|due)\b))",
    re.I,
)
