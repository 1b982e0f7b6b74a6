"""Note lines written as a label and what it says, read as the sentences they stand for.

Carers' hand-overs, status lines and quick lists put a person or a topic before a colon
and leave the verb out: "kids: sick", "husband: in Dubai", "Mum: feverish since lunch",
"me: exhausted", "Status: in Tokyo, jet-lagged". Written out, each is a sentence the rules
already read: a relation before a colon is the subject of "is" (or "are"), "me" is "I'm",
and a status label before "in" or "at" is where the writer is now.

Only a label at the start of a sentence is read, and only before a state, never before a
question, a request or someone speaking ("Mum: can you ring me?", "Dad: thanks love").
"""

from __future__ import annotations

import re

from core.extraction.first_names import is_common_first_name, is_first_name
from core.extraction.pronouns import RELATION_SPELLINGS
from core.extraction.word_gates import gated

_PLURAL = r"kids|children|twins|boys|girls|parents|grandparents|in-laws"
_SINGULAR = (
    r"wife|husband|partner|son|daughter|kid|baby|toddler|mom|mother|dad|father|grandma|grandpa|"
    r"grandmother|grandfather|sister|brother|aunt|uncle|"
    + "|".join(sorted(map(re.escape, RELATION_SPELLINGS), key=len, reverse=True))
)
_START = r"(?:^|(?<=[.;!?] ))(?:[-*\u2022]\s+|\d{1,2}[.)]\s+)?"
"""A sentence's start, after its list bullet or number if it has one ("- Ivy: …", "2. Dad - …")."""
_NOT_A_STATE = (
    r"(?!(?:can|could|will|would|please|pls|are|is|do|did|does|have|has|i|you|we|he|she|they|"
    r"what|when|where|how|why|who|which|whose|bless|thanks|thank|ta|hi|hey|hello|ok|okay|yes|no|love|lol|x+|"
    r"call|ring|text|don't|dont)\b)"
    # "Kids: Lily still has the cough, Ben is fine": a heading over each child by name.
    r"(?!(?-i:[A-Z][a-z]+)(?:'s\b|\s+(?:is|has|still|was|had|got|seems)\b))"
)
_MEMBER_LABEL = gated(
    rf"{_START}(?:(?:note\s+)?re\s+)?(?P<who>(?:(?:my|our|the)\s+)?(?:(?P<many>{_PLURAL})|(?:{_SINGULAR})))"
    # A dash between spaces labels a line as a colon does ("Mum - poor night", "Nana — off
    # her food": an em dash is " - " by now); a hyphen inside a word does not.
    rf"(?:\s*[:;]|\s+-)\s+{_NOT_A_STATE}(?P<rest>[A-Za-z])",
    re.I,
)
"""A relation as a line's label: "kids: sick", "Nan: poorly again", "Dad - settled"."""
_NAMED_MEMBER_LABEL = gated(
    rf"{_START}(?P<who>(?:(?:my|our|the)\s+)?(?:(?P<many>{_PLURAL})|(?:{_SINGULAR})))\s*:\s+"
    r"(?P<names>(?-i:[A-Z][a-z]+)(?:(?:\s*,\s*|\s+(?:and|&)\s+)(?-i:[A-Z][a-z]+))*)"
    rf"(?:\s*,\s*|\s*\(\s*|\s+-\s+){_NOT_A_STATE}(?P<rest>[A-Za-z][^.;!?()\n]*)\)?",
    re.I,
)
"""A household list's line, the relation, the name and what is going on with them:
"Partner: Jordan, in Leeds till Friday", "Wife: Priya (in hospital)", "Kids: Sam and Lily,
both off sick" (the ages in brackets are gone by now). Written out as the chat says it, "my
partner Jordan is in Leeds till Friday": the member is the one named, never the writer (the
line has no "is" of its own, and read as "Partner is Jordan, in Leeds" the place was the
writer's). A name alone ("Partner: Jordan") says no state, and stays as it is."""
_NAME_LABEL = gated(
    rf"{_START}(?P<who>(?-i:[A-Z][a-z]+))(?:\s*[:;]|\s+-)\s+"
    r"(?P<rest>(?:still|very|v|a\s+bit|bit|fine|ok|okay|better|poorly|sick|ill|unwell|off|at|in|"
    r"with|has|had|coughing|asleep|home|back|away|over|much|not|no\s+longer|feverish|"
    r"teething|recovering|on|"
    # A symptom or an illness named bare: "Sam - bad cough", "Leo - nits AGAIN".
    r"bad|nasty|chesty|high|slight|temp|temperature|fever|nits|lice|cough|cold|flu|sickness|"
    r"vomiting|rash|conjunctivitis|tonsillitis|chickenpox|comfortable|settled|brighter)\b)",
    re.I,
)
"""A child's name as a line's label before a state: "Ivy: still coughing", "Leo - fine now"
(only a common first name, and only before a word that starts a state)."""
_ME_LABEL = gated(rf"{_START}me\s*:\s+{_NOT_A_STATE}(?P<rest>[A-Za-z])", re.I)
_WHERE_LABEL = gated(rf"{_START}(?:status|update|me|where)\s*:\s+(?P<rest>(?:in|at)\s+[A-Z])", re.I)
"""A status line that says where: "Status: in Tokyo", "Update: at the airport"."""
_PAST_FIRST = gated(r"[a-z]+ed\b|(?:slept|ate|went|had|took|got|came|felt|seemed)\b", re.I)


def written_out(text: str) -> str:
    """``text`` with its labelled note lines written as sentences (see the module)."""
    if ":" not in text and " - " not in text and ";" not in text:
        return text
    text = _WHERE_LABEL.sub(lambda m: f"now {m.group('rest')}", text)
    text = _NAMED_MEMBER_LABEL.sub(_named_member, text)
    text = _MEMBER_LABEL.sub(_member, text)
    text = _NAME_LABEL.sub(_named, text)
    return _ME_LABEL.sub(lambda m: _state("I", "I'm", m), text)


def _member(m: re.Match[str]) -> str:
    who = m.group("who")
    return _state(who, f"{who} {'are' if m.group('many') else 'is'}", m)


_NAMES_SPLIT = gated(r"\s*,\s*|\s+(?:and|&)\s+", re.I)


def _named_member(m: re.Match[str]) -> str:
    names = _NAMES_SPLIT.split(m.group("names"))
    if not all(is_first_name(n.lower()) for n in names):
        return m.group()  # "Partner: Leeds, …" names no one
    who = m.group("who")
    if len(names) > 1 or m.group("many"):
        # "Kids: Sam and Lily, both off sick": the children together, as the label names them
        # ("Kids: Sam, off sick": the one child named).
        subject = names[0] if len(names) == 1 else who
        plural = len(names) > 1
    else:
        mine = who if who.split()[0].lower() in ("my", "our", "the") else f"my {who}"
        subject, plural = f"{mine} {names[0]}", False
    said = (
        subject
        if _PAST_FIRST.match(m.string, m.start("rest"))
        else (f"{subject} {'are' if plural else 'is'}")
    )
    return f"{said} {m.group('rest').strip()}"


_SYMPTOM_FIRST = gated(
    r"(?:still\s+|very\s+|v\s+|a\s+bit\s+)?(?:poorly|sick|ill|unwell|feverish|coughing|chesty|"
    r"temp|temperature|fever|nits|lice|cough|cold|flu|sickness|vomiting|rash|conjunctivitis|"
    r"tonsillitis|chickenpox|high\s+temp|slight\s+temp|bad\s+cough|nasty\s+cough)\b",
    re.I,
)
"""The first words of a symptom: after a rarer name as a label ("Rory - temp 38.2", "Edie:
poorly"), only these make the line a note about a child, not a place or a thing named."""


def _named(m: re.Match[str]) -> str:
    who = m.group("who")
    if is_common_first_name(who.lower()):
        return _state(who, f"{who} is", m)
    if is_first_name(who.lower()) and _SYMPTOM_FIRST.match(m.string, m.start("rest")):
        return _state(who, f"{who} is", m)
    return m.group()


def _state(subject: str, subject_is: str, m: re.Match[str]) -> str:
    """The subject and its state; a verb after the label keeps its own ("Dad: slept well")."""
    said = subject if _PAST_FIRST.match(m.string, m.start("rest")) else subject_is
    return f"{said} {m.group('rest')}"
