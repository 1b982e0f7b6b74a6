"""A family member taken into hospital care or out of it, in the words said of them.

Read by ``family_status.member_status`` on what follows the member: admitted with an
illness, taken in, a discharge still ahead (in care: sick); discharged or out of the
hospital (well, or home when "and back home" follows).
"""

from __future__ import annotations

from core.extraction.family_members import PRE as _PRE
from core.extraction.word_gates import gated

DISCHARGED = gated(
    _PRE + r"(?:got|was|were|has\s+been|have\s+been|'s\s+been|is|are|'s|just\s+got|"
    r"finally\s+got)\s+"
    r"(?:finally\s+|just\s+)?(?:discharged|released\s+from\s+(?:the\s+)?hospital|"
    r"sent\s+home\s+from\s+(?:the\s+)?(?:hospital|er|icu|ward)|"
    # "mum was allowed home from the ward", "dad's been let home", "she was let out of hospital"
    r"(?:allowed|let)\s+(?:home|out\s+of\s+(?:the\s+)?hospital)(?!\s+(?:early\s+)?from\s+(?:school|work|nursery|daycare)))\b"
)
CAME_OUT = gated(
    _PRE + r"(?:just\s+|finally\s+)?(?:got|came)\s+out\s+of\s+"
    r"(?:the\s+)?(?:hospital|icu|rehab)\b"
)
"""Out of the hospital: "mom got discharged today", "dad got out of hospital" ("came home
from" it is home, read by ``family_status``)."""
ADMITTED_WITH = gated(
    _PRE + r"(?:is|are|'s|was|were|got|has\s+been|have\s+been|'s\s+been)\s+(?:just\s+)?"
    r"(?:admitted|hospitali[sz]ed)\s+(?:\w+\s+)?(?:with|for)\s+(?!(?:observation|tests)\b)"
)
"""In hospital with an illness: "grandma's been admitted with pneumonia"."""
DISCHARGE_AHEAD = gated(
    r"^\s*(?:'s|s)\s+discharge(?:\s+date)?\s+(?:(?:has\s+been|got|was|is|'s|keeps\s+getting|been)\s+)?"
    r"(?:pushed|moved|delayed|postponed|put\s+back|on\s+hold|planned|scheduled|pencill?ed|set|"
    r"booked|due|tomorrow|next\s|not\s+(?:till|until|before)\s|(?:till|until)\s)"
)
"""A discharge still ahead ("Grandpa's discharge got pushed to Friday"): in hospital, so sick."""
TAKEN_IN = gated(
    _PRE + r"(?:(?:was|were|got|has\s+been|have\s+been|'s\s+been|is\s+being|is|are|'s)\s+"
    r"(?:just\s+|finally\s+)?(?:rushed|taken|brought|sent|moved|transferred)|went|has\s+gone|"
    r"'s\s+gone)\s+(?:back\s+)?(?:in)?to\s+"
    r"(?:the\s+|a\s+)?(?:hospital|er|a&e|icu|emergency(?:\s+room)?(?!\s+(?:vets?|veterinary|animal)\b)|urgent\s+care|casualty|"
    # "Mom's been moved to a rehab facility": still in care, elsewhere.
    r"rehab(?:ilitation)?(?:\s+(?:facility|unit|centre|center|ward|hospital))?|hospice|"
    r"(?:stroke|cardiac|surgical|medical|respiratory)\s+(?:ward|unit))\b"
)
"""Taken into care: "mom was taken to the ER this morning", "he went into hospital Sunday"."""


OUT_OF_CARE = gated(r"\b(?:out\s+of\s+(?:the\s+)?hospital|discharged|released|sent\s+home)\b")
AND_HOME = gated(
    r"\band\s+(?:(?:is|'s|are|now|finally|safely)\s+)*(?:back\s+home|home|(?:resting|recovering|"
    r"sleeping)\s+at\s+home)\b"
)
"""Out of hospital and home: "dad's out of hospital and back home", "…and resting at home"."""
