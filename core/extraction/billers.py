"""Companies that send the writer a bill, named instead of the bill: "Pge is due friday",
"xfinity due on the 3rd", "my amex is due on the 15th", "paid thames water".

People name the payee for its bill ("verizon's due tuesday" is the Verizon bill), so a
biller stands where a bill word would ("water bill is due friday"): due or paid by itself,
with no sum said. Only names that are no everyday word and no one's first name: "Chase",
"Sky", "Three", "Discover", "Progressive", "Duke" and "Visa" are left out ("my visa is due
for renewal" is a travel visa; "the baby is due friday" names no biller at all).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_NAMES = (
    # US power, gas and water
    r"pge|pg&e|pg\s+and\s+e|con\s*ed|con\s+edison|duke\s+energy|dominion\s+energy|socal\s+edison|"
    r"sce|sdg&e|sdge|national\s+grid|eversource|xcel(?:\s+energy)?|comed|peco|fpl|georgia\s+power|"
    r"dte(?:\s+energy)?|consumers\s+energy|pse&g|pseg|ameren|entergy|ladwp|"
    # phone, cable and internet
    r"xfinity|comcast|verizon|fios|at&t|att|t-?mobile|spectrum|sprint|centurylink|google\s+fi|"
    r"mint\s+mobile|starlink|bt|ee|vodafone|o2|virgin\s+media|plusnet|talktalk|"
    # UK energy and water
    r"british\s+gas|octopus(?:\s+energy)?|edf|e\.on|ovo|scottish\s+power|thames\s+water|"
    r"severn\s+trent|anglian\s+water|united\s+utilities|"
    # cards, loans and buy-now-pay-later
    r"amex|american\s+express|capital\s+one|barclaycard|klarna|affirm|afterpay|sallie\s+mae|"
    r"navient|nelnet|"
    # insurers
    r"geico|allstate|state\s+farm|aviva|direct\s+line"
)
BILLER = gated(rf"(?:the\s+|my\s+|our\s+)?(?:{_NAMES})", re.I)
"""A biller's name, the whole item ("Pge", "my amex", "thames water")."""


def is_biller(item: str) -> bool:
    """Whether ``item`` is a company that bills the writer, named alone."""
    return BILLER.fullmatch(item.strip()) is not None


OWED_TO_A_BILLER = gated(
    r"^\W*(?:(?:ugh|so|ok|okay|btw|fyi|oh|and|also|reminder)\W+)*"
    rf"{BILLER.pattern}(?:\s+(?:is|are)|['\u2019]s)?\s+(?:(?:now|still|also)\s+)?(?:due|overdue)\b"
)
"""The writer's bill, told by its biller heading the clause ("comcast is due monday"): the
company is whom the writer pays, not someone whose news it is."""
