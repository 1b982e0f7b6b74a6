"""Whose fact a clause states: the speaker's, or someone else's.

"My brother paid $2,100 for his rent", "my wife's name is Mallory", "Tom said
he moved to Denver": the user's own rent, name or city did not change. A
clause whose grammatical subject (or the possessor of its subject) is another
person, or that reports what another person said, is about someone else; it
never yields the speaker's financial, profile or travel fields. Family facts
("my daughter Emma is sick") stay with the family rules. "My wife and I",
"we" and "my rent" are the speaker's own.
"""

from __future__ import annotations

import re
from typing import Final

from core.extraction.first_names import is_common_first_name
from core.extraction.word_gates import gated

_PEOPLE: Final = (
    r"brother|sister|wife|husband|partner|spouse|girlfriend|boyfriend|gf|bf|hubby|wifey|fianc[eé]e?|friend|"
    r"boss|manager|colleague|coworker|co-worker|mom|mum|mother|dad|father|parents?|son|"
    r"daughter|kids?|child|children|cousin|aunt|uncle|niece|nephew|grandma|grandpa|"
    r"grandmother|grandfather|neighbou?r|roommate|flatmate|landlord|landlady|client|"
    r"in-laws?|mother-in-law|father-in-law|sibling|sis|bro|buddy|teammate|"
    # "my ex is taking the kids to Spain": a former partner, a step-parent, a housemate.
    r"ex|ex-(?:husband|wife|partner|boyfriend|girlfriend)|step-?(?:dad|mum|mom|father|mother)|"
    r"housemate|bestie|bff|"
    # "our guest's flight got cancelled": the people a host puts up are someone else too.
    r"guests?|house-?guests?|visitors?|tenants?|lodgers?|hosts?|au\s?pair"
)
# "Apparently my brother's flight got cancelled", "sadly my dad's surgery…": an adverb of
# the writer's before someone else's news leaves it theirs.
_LEAD: Final = (
    r"^\W*(?:(?:and|but|so|also|oh|well|btw|anyway|yeah|actually|then|apparently|sadly|"
    r"unfortunately|luckily|fortunately|meanwhile|ugh|omg|fyi|turns\s+out|looks\s+like)\W+)*"
)
# "my brother ...", "our neighbor's ...", "his ...", "she ...", not "my wife and I ...".
_OTHER_SUBJECT = gated(
    # "my sisters lisbon trip": the "'s" typed without its apostrophe, or the plural's.
    _LEAD + r"(?:(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:" + _PEOPLE + r")(?:'s\b|s'|s\b|\b)"
    # "the in-laws are in Florida till april": the family called by "the" is someone else too.
    r"|the\s+(?:\w+\s+)?(?:guests?|visitors?|tenants?|lodgers?|hosts?|in-?laws|grandparents|"
    r"neighbou?rs)(?:'s|')?(?=\s)"
    r"(?!\s+(?:room|rooms|house|bedroom|bathroom|suite|list|wifi|book)\b)"
    r"|(?:he|she|they|his|her|their)\b)"
    r"(?!\s+(?:and|&)\s+(?:i|me|we|us)\b)",
    re.IGNORECASE,
)
# Capitalized words that are not a person's name at the start of a clause.
_NOT_A_NAME: Final = (
    r"(?!(?:I|We|You|It|This|That|The|My|Our|Just|Finally|Today|Yesterday|"
    # Adverbs that open a line with its capital ("Already paid the aircon servicing"):
    r"Already|Also|Still|Only|Now|Recently|Never|Apparently|Literally|Honestly|Officially|"
    r"Luckily|Thankfully|Sadly|Eventually|Somehow|Tonight|Tomorrow|Yesterday)\b)"
)
# "Tom said ...", "Sarah told me ...": a named person's words are theirs.
_NAMED_REPORT = gated(
    _LEAD
    + _NOT_A_NAME
    + r"[A-Z][a-z]+\s+(?:said|says|told\s+me|tells\s+me|mentioned|thinks|wrote|texted)\b"
)
# "Sarah's rent is ...", not "Trip's over": the possessed thing must be a field's noun.
_NAMED_POSSESSOR = gated(
    # "Jake's Tahoe trip", "the Smiths' Tahoe trip": a place may name what is theirs.
    _LEAD
    + r"(?:the\s+)?[A-Z][a-z]+(?:'s|s')\s+(?:[A-Z][\w.-]*\s+){0,2}(?:new\s+)?(?:rent|mortgage|name|flight|trip|hotel|salary|bill|"
    r"loan|address|city|home|house|job|employer|vacation|holiday|birthday)\b"
)
# "dads flight got cancelled", "mom's trip is off", "grandmas flight lands at 6": a relative
# called by the family's word for them, as a name is, owns what follows (with or without
# the apostrophe chat leaves out).
_KIN_POSSESSOR = gated(
    _LEAD
    + r"(?:(?:ugh|omg|lol|ok|okay|wait|welp|ngl|tbh|fyi)\W+)*"
    + r"(?:mom|mum|mommy|mama|dad|daddy|papa|grandma|grandpa|granny|nana|gran|sis|bro)"
    # "mums tahoe trip is off": a place's name may stand before the trip (not before a bill:
    # "Gran's phone bill paid" is the carer's to pay, ``_THEIR_BILL``).
    r"(?:'s|s)\s+(?:(?!(?:got|gets|has|had|is|was|paid|pays)\b)(?![a-z]+(?:ed|ing)\b)[a-z]+\s+"
    r"(?=(?:trip|flights?|vacation|holiday|cruise)\b))?"
    r"(?:new\s+|return\s+)?(?:rent|mortgage|name|flights?|trip|hotel|salary|bill|"
    r"loan|address|city|job|employer|vacation|holiday|cruise|train|bus|visa|lease)\b",
    re.IGNORECASE,
)
# "mom's water bill was $60", "jess's car insurance is due monday", "grandmas gas bill is
# €90": a relative or a first name owns the bill named by what it is for, a word or two
# before the bill's own word (not "mom's paying my phone bill", "this month's water bill"),
# when the clause says what the bill is: its sum or its day.
_THEIR_BILL = gated(
    _LEAD
    + r"(?:(?P<kin>mom|mum|mommy|mama|dad|daddy|papa|grandma|grandpa|granny|gran|nana|nan|sis|"
    r"bro|brother|sister|wife|husband|partner|hubby|bf|gf|boyfriend|girlfriend|son|daughter|"
    r"aunt|auntie|uncle|cousin|neighbou?r|roommate|flatmate|housemate|friend|parents|in-laws)"
    r"(?:'s|\u2019s|s|')|(?P<name>[a-z]+)(?P<bare>'s|\u2019s|s))\s+"
    # "Jake's share of the gas bill is $30", "sam's half of the rent": their part, theirs.
    r"(?:(?:share|half|part|portion|bit|cut)\s+of\s+(?:the\s+|their\s+|our\s+)?)?"
    r"(?:(?!(?:my|our|the|a|an|your|his|her|their|this|that)\b)"
    r"(?![a-z]+ing\s+(?!bills?\b|fees?\b))[a-z]+\s+){0,2}"
    r"(?:bills?|rent|mortgage|insurance|tax|payments?|loan|premium|subscription|fees?|tuition|"
    r"invoice|installment|instalment)\b"
    # "Bills: Gran's phone bill paid", "Dad's council tax is still outstanding, I'll sort
    # it": a state the writer keeps the books of for them (a carer's), not what it is.
    r"(?!(?:\s+(?:is|was|are|were|has\s+been|got)|'s)?\s+(?:(?:still|now|already|all|finally|"
    r"just)\s+)*(?:paid|sorted|settled|done|outstanding|overdue|unpaid)\b)",
    re.IGNORECASE,
)
_MONTH_NAMES: Final = frozenset({"june", "april", "august", "may"})
_WORD_NAMES: Final = frozenset({"bill", "will", "mark", "pat", "rose", "grace", "hope", "art"})
"""Months read as names ("june's rent is due") are the month's bill, the writer's."""


def their_bill(text: str) -> bool:
    """Whether ``text`` opens on a relative's or a named person's bill ("mom's water bill",
    "jakes gas bill"): theirs, whatever else the clause's first words look like."""
    m = _THEIR_BILL.search(text)
    if m is None:
        return False
    name = (m.group("name") or "").lower()
    if not name:
        return True
    if m.group("bare") == "s" and (is_common_first_name(name + "s") or name in _WORD_NAMES):
        return False  # "james rent": the name itself; "bills payment": a plural
    return is_common_first_name(name) and name not in _MONTH_NAMES


_NAMED_SUBJECT = gated(
    _LEAD
    + _NOT_A_NAME
    + r"[A-Z][a-z]+\s+(?:paid|pays|moved|moves|lives|flew|flies|is\s+in|'s\s+in|"
    r"is\s+flying|is\s+moving|owes|spent|earns|makes)\b"
)


_NAME_POSSESSES_TRIP = gated(
    _LEAD
    + r"(?P<name>[a-z]+)(?:'s|s)\s+(?:(?!(?:school|field|class|residential)\b)[a-z.-]+\s+){0,2}"
    r"(?:trip|flight|vacation|holiday|cruise)\b",
    re.IGNORECASE,
)
"""A first name owning the trip, however typed: "jake's tahoe trip got moved" (a child's
school trip is the parent's to pay for: "Jake's school trip (£12) still not paid")."""
_NAME_ON_THE_WAY = gated(
    _LEAD
    + r"(?P<name>[a-z]+)(?:'s|\s+is|\s+will\s+be|'ll\s+be)\s+(?:driving|flying|heading|leaving|"
    r"going|travell?ing|setting\s+off|off)\b",
    re.IGNORECASE,
)
"""A first name going somewhere: "jake's driving to tahoe tonight" (his "'s" is "is")."""


def about_someone_else(text: str) -> bool:
    """Whether the clause's subject, or the one whose words it reports, is not the speaker."""
    stripped = text.lstrip(" \"'“”‘’([")
    for said in (_NAME_POSSESSES_TRIP, _NAME_ON_THE_WAY):
        named = said.match(stripped)
        if named is not None and is_common_first_name(named.group("name").lower()):
            return True
    return any(
        p.search(stripped)
        for p in (
            _OTHER_SUBJECT,
            _NAMED_REPORT,
            _NAMED_POSSESSOR,
            _KIN_POSSESSOR,
            _NAMED_SUBJECT,
        )
    ) or their_bill(stripped)
