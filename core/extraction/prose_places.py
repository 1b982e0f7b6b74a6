"""Where the writer is, said the way stories and travel posts say it, put in the plain
order the travel rules read.

- A place first, and where the writer is in a relative clause after "is where": "Piran is
  where you'll find us for the rest of the week", "Lisbon is where I live now" (read as
  "we are in Piran …", "I live now in Lisbon").
- Narrative present with the place set off by a comma: "So here I am, on a bench outside a
  hostel in Porto" (read as "here I am in Porto").
- The writer's spot, then the town it is in: "I am on a bench outside a hostel in Porto",
  "this is the view from our tent above Chamonix" (read as "I am in Porto", "we are in
  Chamonix"). A home ("the view from our flat in Glasgow") is ``home_described``'s.
- Who the writer is with, between being and the place: "I have been with him in Bath since
  January", "I'm staying with Mum in Derby" (read without "with him").

Only the writer's own clauses are rewritten: "Rome is where my sister lives" and "she has
been with him in Bath" keep their order.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_PLACE = r"[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2}"

_IS_WHERE = gated(
    rf"(?:^|(?<=[.;!?]\s)|(?<=,\s)|(?<=\bso\s)|(?<=\band\s))(?P<place>{_PLACE})\s+is\s+where\s+"
    r"(?:(?P<found>you'll|you\s+will|you\s+can|you'd)\s+find\s+(?P<obj>us|me)|"
    r"(?P<subj>I|we)\s+(?P<rest>(?:now\s+|still\s+)?(?:live|am|are|'m|'re|work|stay|write|sleep|"
    r"have\s+(?:been|lived|stayed)|'ve\s+(?:been|lived|stayed)|'ll\s+be|will\s+be)))\b"
)
"""A place, then "is where" the writer is or lives."""

_HERE_COMMA = gated(r"\b(?P<here>[Hh]ere\s+(?:I\s+am|we\s+are)),\s+(?=(?:in|on|at)\s)")
""""here I am, on a bench …": the narrative present with its place set off."""

_SPOT = (
    r"(?:bench|step|steps|balcony|terrace|roof|rooftop|beach|deck|porch|veranda|sofa|couch|bunk|"
    r"tent|bed|floor|stool|window|hammock|camper|campervan|van|room|cabin|hut|hostel|hotel|"
    r"guesthouse|platform|corner)"
)
_SPOT_THEN_TOWN = gated(
    # "I am on a bench outside a hostel in Porto": the writer, a spot, maybe the spot's
    # own landmark, then the town.
    r"\b(?P<who>I'm|I\s+am|we're|we\s+are|here\s+I\s+am|here\s+we\s+are|I'll\s+be|we'll\s+be|"
    r"I\s+(?:will|shall)\s+be|we\s+(?:will|shall)\s+be)\s+(?:now\s+)?(?:on|in|at)\s+"
    rf"(?:a|an|the|my|our)\s+(?:[\w'-]+\s+){{0,2}}?{_SPOT}\s+"
    r"(?:(?:outside|near|above|below|beside|by|behind|at|in|on|of)\s+(?:a|an|the|our|my)\s+"
    r"(?:[\w'-]+\s+){0,2}?[\w'-]+\s+)?(?:in|outside|near|above|below|at|by|overlooking)\s+"
    rf"(?=(?:the\s+)?{_PLACE})",
    re.I,
)
_VIEW_FROM = gated(
    # "this is the view from our tent above Chamonix", "The view from my room in Hue is …"
    r"\b(?:this\s+is\s+)?the\s+view\s+from\s+(?P<whose>my|our)\s+(?:[\w'-]+\s+){0,2}?"
    rf"(?!flat|house|home|apartment|cottage){_SPOT}\s+(?:in|outside|near|above|below|at|by|"
    r"overlooking|over)\s+(?=[A-Z])",
    re.I,
)
_WITH_SOMEONE = gated(
    r"\b(?P<be>(?:I|we)(?:'ve|\s+have)\s+been|I'm|I\s+am|we're|we\s+are)\s+"
    r"with\s+(?:him|her|them|(?:my|our)\s+[a-z'-]+|(?:Mum|Mom|Dad|Nan|Gran|Grandma|Grandad)\b)"
    r"\s+(?=(?:in|at)\s+[A-Z])"
)
"""Company between being and the place: "I have been with him in Bath since January"."""


_KEPT_BY = gated(
    rf"(?:^|(?<=[.;!?]\s)|(?<=,\s)|(?<=\bbut\s)|(?<=\band\s))(?P<place>{_PLACE})\s+(?:has|'s)\s+"
    r"(?:(?:now|still|already)\s+)?(?:kept|held|claimed|swallowed|won|got)\s+(?P<obj>me|us)\b"
)
"""A place keeping the writer: "Lisbon has kept me longer than I meant" ("I am in Lisbon")."""
_IT_IS_FOR = gated(
    rf"\b(?P<place>{_PLACE})\s+it\s+is\s+(?=for\s+(?:another|a\s+few\s+more|\w+\s+more)\s+"
    r"(?:\w+\s+)?(?:nights?|days?|weeks?)\b)"
)
""""so Hvar it is for another three nights": a stay made longer where the writer is."""


_ASKED_AND_ANSWERED = gated(
    # "And where am I now? Lisbon, of all places.", "Where do I find myself this week?
    # Tbilisi.", "Guess where I'm writing this from? A hammock in Tulum."
    r"\b(?:and\s+)?(?:guess\s+)?[Ww]here\s+(?:(?P<i>am\s+I|do\s+I\s+find\s+myself|I'm\s+(?:writing|typing|"
    r"posting)\s+(?:this\s+)?from)|(?P<we>are\s+we|do\s+we\s+find\s+ourselves|we're\s+(?:writing|"
    r"typing|posting)\s+(?:this\s+)?from))(?:\s+(?:now|today|tonight|this\s+week|these\s+days))?\?\s+"
    r"(?=(?!(?:No|Not|Nowhere|Somewhere|Anywhere|Who|What|Why|I|We|Well|Honestly|Dunno|Good|"
    r"Yes|Yeah|Nope)\b)[A-Z])",
    re.I,
)
"""The writer's own question about where they are, answered at once by the place."""
_WHOS_BACK = gated(
    r"\b[Ww]ho's\s+(?P<where>(?:back\s+|still\s+)?in\s+[A-Z][\w'-]+)[^?]{0,40}\?\s+"
    r"(?:This\s+(?:guy|girl|one)|Me|Yours\s+truly)\b[.!]?"
)
""""Who's back in Glasgow and freezing? This guy.": the writer, said as a riddle."""
_WRITE_FROM = gated(
    r"\b(?P<subj>I|[Ww]e)\s+(?:write|am\s+writing|'m\s+writing|are\s+writing)\s+(?:to\s+you\s+)?"
    r"(?:this\s+)?from\s+(?:the|a|an|my|our)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+\s+"
    r"(?:at|in|near|outside|above)\s+(?=[A-Z])"
)
""""I write to you from the sanatorium at Davos": where the writer is."""
_ARE_RETURNED = gated(
    r"\b(?P<subj>I\s+am|we\s+are)\s+(?P<now>now\s+)?(?:returned|arrived|got\s+back)\b", re.I
)
""""We are returned from Italy": the old perfect, "have returned"."""
_PARKED = gated(
    r"\b(?:our|my)\s+(?:[\w'-]+\s+){0,2}?(?:van|campervan|camper|motorhome|car|tent|boat|bike)\s+is\s+"
    r"(?:now\s+)?(?:parked|pitched|moored)\s+(?:up\s+)?(?:(?:by|on|at|beside|in|near|under)\s+(?:a|an|the)\s+"
    r"[\w'-]+\s+)?(?:in|outside|near|at|by|above|below)\s+(?=[A-Z])",
    re.I,
)
""""Our little rented van is parked by a lake outside Queenstown": the travellers are there."""
_POSTSCRIPT = gated(r"(?:^|(?<=[.!?]\s))P\.?\s?S\.?\s*[:,-]?\s+(?=\w)")
""""PS Dad's out of hospital": a postscript's mark, which the parse takes for a word."""
_LEFT_THEM = gated(
    r"\b[Tt]he\s+(?P<ill>fever|flu|cough|cold|infection|temperature|rash|sickness|bug)\s+has\s+"
    r"(?:(?:finally|at\s+last|now)\s+)?(?:left|gone\s+from)\s+(?P<who>(?:my|our)\s+[a-z-]+)"
)
""""The fever has left my sister at last": her fever has gone."""


def places_plainly(text: str) -> str:
    """``text`` with the orders above put in the plain one."""
    if "?" in text:
        text = _WHOS_BACK.sub(lambda m: f"I'm {m.group('where')}.", text)
        text = _ASKED_AND_ANSWERED.sub(lambda m: "I am in " if m.group("i") else "we are in ", text)
    if "from" in text:
        text = _WRITE_FROM.sub(
            lambda m: f"{m.group('subj')} {'am' if m.group('subj') == 'I' else 'are'} in ", text
        )
    if "returned" in text or "arrived" in text or "got back" in text:
        text = _ARE_RETURNED.sub(_have_returned, text)
    if "is parked" in text or "is pitched" in text or "is moored" in text:
        text = _PARKED.sub("we are in ", text)
    if "P" in text:
        text = _POSTSCRIPT.sub("", text)
    if "has " in text:
        text = _LEFT_THEM.sub(r"\g<who>'s \g<ill> has gone, it has left them", text)
    if " is where " in text:
        text = _IS_WHERE.sub(_is_where, text)
    if "ere " in text:
        text = _HERE_COMMA.sub(r"\g<here> ", text)
    if " on " in text or " in " in text or " at " in text:
        text = _SPOT_THEN_TOWN.sub(_in_town, text)
    if "view from" in text.lower():
        text = _VIEW_FROM.sub(_from_view, text)
    if " kept " in text or " held " in text or " claimed " in text or " won " in text:
        text = _KEPT_BY.sub(_kept_there, text)
    if " it is for " in text:
        text = _IT_IS_FOR.sub(r"we are in \g<place> ", text)
    if " with " in text:
        text = _WITH_SOMEONE.sub(r"\g<be> ", text)
    return text


def _have_returned(m: re.Match[str]) -> str:
    verb = m.group().split()[-1]
    return f"{m.group('subj').split()[0]} have {m.group('now') or ''}{'got back' if verb == 'back' else verb}"


def _kept_there(m: re.Match[str]) -> str:
    return f"{'we are' if m.group('obj') == 'us' else 'I am'} in {m.group('place')}, it has kept {m.group('obj')}"


def _from_view(m: re.Match[str]) -> str:
    return "we are in " if m.group("whose").lower() == "our" else "I am in "


def _in_town(m: re.Match[str]) -> str:
    return f"{m.group('who')} in "


def _is_where(m: re.Match[str]) -> str:
    place = m.group("place")
    if m.group("found"):
        return f"{'we are' if m.group('obj') == 'us' else 'I am'} in {place}"
    said = f"{m.group('subj')} {m.group('rest')} in {place}"
    return (
        said.replace(" 'm", "'m")
        .replace(" 're", "'re")
        .replace(" 've", "'ve")
        .replace(" 'll", "'ll")
    )
