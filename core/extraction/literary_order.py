"""Elevated prose put in the plain order the field rules read.

Letters, journals and literary posts say a present fact in a word order chat never uses,
and the rules, written for the plain order, miss it:

- a cleft puts the place first: "It is from Lisbon that I write to you", "it is in
  Marseille that I make my home now" (read as "I write to you from Lisbon");
- a place is named once and what the writer does there follows in a relative clause:
  "In Seville, where I have lived these eleven years, …", "At Siemens, where I have worked
  since the autumn, …", "we took the train to Hue, which is where I'm typing this from"
  (read as "I have lived in Seville for eleven years. …");
- "to make one's home" somewhere is to live there;
- "these three days", "these eleven years" after a perfect is "for" that long;
- "three weeks have passed since we came to Oaxaca" is "it's been three weeks since we
  arrived in Oaxaca";
- a place said with what kind of place it is: "here, in the little town of Sintra" is
  "here in Sintra".

Only the writer's own clauses are rewritten (a relative clause whose subject is "I" or
"we"): "Rome, where my sister lives" keeps its order, and a past tense stays past ("Paris,
where we met" is "we met in Paris", a story).
"""

from __future__ import annotations

import re

from core.extraction.news_frames import fact_unframed
from core.extraction.word_gates import gated

_PLACE = r"[A-Z][\w'-]+(?:\s+(?:de|da|del|do|la|le|am|upon|on)?\s*[A-Z][\w'-]+){0,2}"

_CLEFT = gated(
    r"\b[Ii]t\s+(?:is|was)\s+(?P<pp>(?:from|in|at)\s+[^,;.!?]{1,60}?)\s+that\s+"
    r"(?P<subj>I|we)\s+(?P<rest>[^,;.!?]*)"
)
"""A cleft with the place first: "It is from Lisbon that I write"."""

_WHERE = gated(
    rf"(?P<lead>(?:^|(?<=[.;!?]\s))(?P<fronted>In|At)\s+|\b(?P<prep>in|at|to|from|In|At)\s+)"
    rf"(?P<place>{_PLACE}),\s+(?:which\s+is\s+)?where\s+(?P<subj>I|we)\b(?P<rest>[^,;.!?]*)"
    r"(?P<end>,\s*|(?=[;.!?]|$))"
)
"""A place and then, in a relative clause, what the writer does there."""

_WHICH_IS_WHERE = gated(
    rf"(?P<lead>(?<=\s))(?P<place>{_PLACE}),\s+which\s+is\s+where\s+(?P<subj>I|we)\b"
    r"(?P<rest>[^,;.!?]*)(?P<end>,\s*|(?=[;.!?]|$))"
)
"""A place said without its preposition, then where the writer is: "we reached Split, which
is where I am typing this from"."""

_AUX = frozenset(
    [
        "have",
        "has",
        "had",
        "'ve",
        "'m",
        "am",
        "are",
        "'re",
        "is",
        "was",
        "were",
        "been",
        "now",
        "still",
        "also",
        "first",
        "once",
        "currently",
        "just",
        "will",
        "'ll",
        "would",
        "shall",
        "'d",
        "already",
        "always",
    ]
)

_NOT_A_VERB = frozenset(
    [
        "these",
        "this",
        "the",
        "a",
        "an",
        "for",
        "since",
        "until",
        "till",
        "here",
        "there",
        "in",
        "at",
        "on",
        "so",
        "very",
        "all",
    ]
)

_MAKE_HOME = gated(r"\b(I|we)\s+(?:now\s+)?make\s+(?:my|our)\s+home\b", re.I)
"""To make one's home somewhere is to live there."""

_THESE_DAYS = gated(
    r"\b(?P<perfect>(?:have|has|'ve)\s+(?:\w+\s+){0,2}?(?:been|lived|stayed|worked|taught|"
    r"studied|rented)\b[^,;.!?]{0,40}?)\bthese\s+(?P<n>\w+)\s+(?P<unit>days|weeks|months|years)\b",
    re.I,
)
"""A perfect with "these three days": for three days."""

_HAVE_PASSED = gated(
    r"\b(?P<span>(?:\w+|a\s+few|a\s+couple\s+of)\s+(?:days|weeks|months|years))\s+have\s+"
    r"(?:now\s+)?(?:passed|gone\s+by|elapsed)\s+since\s+(?P<subj>I|we)\s+came\s+to\b",
    re.I,
)
""""Three weeks have passed since we came to Oaxaca": it has been three weeks since the
arrival."""

_KIND_OF_PLACE = gated(
    r"\bthe\s+(?:(?:little|small|tiny|old|ancient|quiet|sleepy|lovely|beautiful|pretty|walled|"
    r"hilltop|mountain|seaside|coastal|fishing|market|medieval|great|capital)\s+){0,2}"
    r"(?:town|city|village|hamlet|port|island|capital)\s+of\s+(?=[A-Z])"
)
""""the little town of Sintra": Sintra."""

_HERE_COMMA = gated(r"\bhere,\s+in\s+(?=[A-Z])")

_DIARY_LABEL = gated(
    r"^(?:stop|entry|leg|stage|post)\s+#?(?P<n>\d+|one|two|three|four|five|six|seven|eight|"
    r"nine|ten)\s*(?:[:-]|\s-\s)\s*(?=[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s*(?:[.!,]|$))",
    re.I,
)
""""Stop 3: Cappadocia.", "Entry 12 - Marrakech.": a travel diary's numbered stop, said as its
numbered day ("Day 3: Cappadocia."), where it was written."""

_FIND_MYSELF = gated(
    r"\b(?P<subj>I|we)\s+(?P<now>(?:now|still|suddenly)\s+)?find\s+(?:myself|ourselves)\s+"
    r"(?P<now2>(?:now|still|once\s+again|again)\s+)?(?=in\s|at\s|back\s)",
    re.I,
)
""""I now find myself in Madrid": where the writer is now."""

_ARE_COME = gated(
    r"\b(?P<subj>I\s+am|we\s+are)\s+(?P<adv>(?:now\s+|at\s+last\s+|finally\s+)*)come\s+"
    r"(?P<after>(?:now\s+|at\s+last\s+|finally\s+)*)(?=to\s)",
    re.I,
)
""""We are come at last to Samarkand": the old perfect of motion, "have come"."""

_BEING_SETTLED = gated(
    r"^(?:being|now)\s+(?:now\s+)?(?P<state>resident|settled|based|installed|established)\s+in\s+",
    re.I,
)
""""Being now resident in Geneva, I …": the participle's subject is the writer."""

_COMMENT = gated(
    r",\s*(?:I\s+am|I'm)\s+(?:glad|happy|pleased|relieved|sorry|sad)\s+to\s+(?:say|report|tell\s+you)\s*,|"
    r",\s*(?:as\s+)?(?:you'll|you\s+will|you\s+may|you\s+might)\s+(?:remember|recall)\s*,|"
    r",\s*(?:I'm\s+afraid|I\s+fear|as\s+you\s+know|thank\s+God|thank\s+goodness|alas|happily|"
    r"sadly|thankfully|mercifully|I\s+am\s+told|we\s+are\s+told)\s*,",
    re.I,
)
"""A comment set between commas after the subject ("My father, I am glad to say, is much
recovered", "My sister, who, you'll remember, moved to Perth, …"): the subject keeps its
verb."""

_FORGOT_TO_SAY = gated(
    r"\b(?:I\s+)?(?:forgot\s+to\s+(?:mention|say|add|tell\s+(?:you|y'all|everyone))|"
    r"meant\s+to\s+(?:say|mention|add)|should\s+(?:have\s+)?(?:mention(?:ed)?|add(?:ed)?|said|say))"
    r"(?:\s+that)?\s*[,:]?\s+(?=(?:I|we|my|our|I'm|we're|I've|we've)\b)",
    re.I,
)
""""Edit: forgot to mention we're in Lisbon until the 20th": what was not said before is
said now; the frame is no past and no duty."""

_FROM_COLON = gated(r"\b(writing|posting|typing|greetings)\s+from\s*:\s*", re.I)
""""Currently writing from: Chefchaouen": a label's colon after "from"."""

_WHO_ASIDE = gated(
    r"\b(?P<head>I|we|(?:my|our)\s+[a-z]+(?:-in-law)?),\s*who,?\s+[^,;.!?]{1,80},\s*"
    r"(?=(?:is|are|am|has|have|was|were|lies|remains|keeps|lives|works)\b)",
    re.I,
)
"""A relative clause said aside between the subject and its verb ("My sister, who moved to
Perth in 2019, is in hospital again", "I, who swore never to leave London, am writing from
Provence"): its past would date the sentence, so the subject is read with its own verb."""


def plain_order(text: str) -> str:
    """``text`` with the literary orders above put in the plain one."""
    text = _DIARY_LABEL.sub(r"Day \g<n>: ", text)
    text = _BEING_SETTLED.sub(r"I am now \g<state> in ", text)
    if "," in text:
        text = _COMMENT.sub(",", text)
        if "who" in text:
            text = _WHO_ASIDE.sub(r"\g<head> ", text)
    text = _FORGOT_TO_SAY.sub("", _FROM_COLON.sub(r"\1 from ", fact_unframed(text)))
    if "find" in text:
        text = _FIND_MYSELF.sub(_found_there, text)
    if "come" in text:
        text = _ARE_COME.sub(_have_come, text)
    if "here" in text or "the " in text:
        text = _HERE_COMMA.sub("here in ", _KIND_OF_PLACE.sub("", text))
    if "home" in text:
        text = _MAKE_HOME.sub(r"\1 live", text)
    if "that" in text:
        text = _CLEFT.sub(_uncleft, text)
    if "where" in text:
        text = _WHICH_IS_WHERE.sub(_where, _WHERE.sub(_where, text))
    if "these" in text:
        text = _THESE_DAYS.sub(r"\g<perfect>for \g<n> \g<unit>", text)
    if "since" in text:
        text = _HAVE_PASSED.sub(r"it's been \g<span> since \g<subj> arrived in", text)
    return text


def _found_there(m: re.Match[str]) -> str:
    subj = m.group("subj")
    return f"{subj} {'am' if subj.lower() == 'i' else 'are'} now "


def _have_come(m: re.Match[str]) -> str:
    subj = m.group("subj").split()[0]
    adverbs = re.sub(r"at\s+last", "finally", m.group("adv") + m.group("after"), flags=re.I)
    return f"{subj} have {adverbs}come "


def _uncleft(m: re.Match[str]) -> str:
    verb, _, rest = m.group("rest").rstrip().partition(" ")
    if not verb:
        return m.group()
    # The place right after the verb: "I write from Lisbon to you tonight".
    return " ".join(w for w in (m.group("subj"), verb, m.group("pp"), rest) if w)


def _where(m: re.Match[str]) -> str:
    place = m.group("place")
    fronted = m.groupdict().get("fronted")
    prep = (fronted or m.groupdict().get("prep") or "in").lower()
    words = m.group("rest").split()
    told = _told_there(m.group("subj"), words, place, "at" if prep == "at" else "in")
    if fronted:
        # "In Seville, where I have lived …, the trees …": the place is said in the
        # writer's clause; the main clause goes on as a sentence of its own.
        return f"{told}. " if m.group("end") else told
    return f"{m.group('lead')}{place}. {told}{'. ' if m.group('end').strip() else ''}"


def _told_there(subj: str, words: list[str], place: str, prep: str) -> str:
    """The relative clause as a sentence of the writer's that names the place."""
    if words and words[-1].lower() == "from":
        said = [*words, place]
    else:
        n = 0
        while n < len(words) and (words[n].lower() in _AUX or words[n].lower().endswith("ly")):
            n += 1
        if n < len(words) and words[n].lower() not in _NOT_A_VERB:
            n += 1  # the verb itself, when there is one ("have been these three days": none)
        said = [*words[:n], prep, place, *words[n:]]
    # "where I'm …": the contraction stays on its subject.
    return subj + ("" if said[0].startswith("'") else " ") + " ".join(said)
