"""Family fields: how a member is doing, and (from ``family_activities``) when family
activities happen.

``family.<member>.status`` (sick, well, away, home...) comes from "Emma is sick
today" or "the kids have the flu"; ``family.<activity>.schedule`` and
``.event_status`` from "soccer practice moved to Thursday" are read in
``family_activities``, or as a school day off in ``school_days_off``.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.clause_claims import REACTION
from core.extraction.family_activities import activity_candidates
from core.extraction.family_away import VISITING
from core.extraction.family_carer_states import carer_state
from core.extraction.family_listed_states import listed_state
from core.extraction.family_members import (
    APPOSITIVE_NAME,
    HOUSEHOLD,
    NOT_MEMBERS,
    NOT_NAMES,
    Named,
    elsewhere,
    lower_case_appositive,
    member_named,
    names_a_relation,
    works_with_the_writer,
)
from core.extraction.family_status import (
    BACK_TO_SCHOOL,
    TERM_AWAY,
    THREW_UP,
    VERBLESS,
    member_status,
)
from core.extraction.first_names import is_common_first_name, is_first_name
from core.extraction.household_ailments import household_ailment
from core.extraction.household_told import members_told
from core.extraction.kin_chains import OUTSIDER, named_before, of_a_relative, through_a_relative
from core.extraction.linguistics.people_words import PEOPLE_BY_ROLE
from core.extraction.pets_named import a_pet_by_name
from core.extraction.places import GAZETTEER
from core.extraction.pronouns import RELATION_SPELLINGS, pronoun_of
from core.extraction.reported_states import reported_clause
from core.extraction.school_days_off import school_day_off
from core.extraction.travel_trips import end_of_day
from core.extraction.word_gates import gated

__all__ = ["extract_family", "names_a_relation"]

# A member reporting on themself: what follows the pronoun is said of the member.
_REPORTED = gated(
    # "My husband tells me he has flu", "mum says she's feeling better": said now, of
    # themselves, in the present too.
    r"^\s*(?:just\s+)?(?:(?:texted|told|called|said|messaged|emailed|wrote|let|says|tells|texts|"
    r"rang|phoned)\s+(?:(?:me|us)\s+)?|"
    # "Grandma asked me to tell you she's at Aunt Rita's": her words, passed on.
    r"(?:asked|wants|wanted)\s+(?:me|us)\s+to\s+(?:tell|let)\s+(?:you|u|everyone|y'all)\s+)"
    r"(?:from\s+(?:work|school|the\s+\w+)\s+)?(?:to\s+say\s+|know\s+)?(?:that\s+)?"
    r"(?P<p>she|he|they)(?=\s|'s\b|'re\b)"
)


_AND_SAYS = gated(r"(?:,\s*|\s)(?:and|&)\s+(?=(?:just\s+)?(?:says|said|tells|told|texted|rang)\b)")
_YOUR = gated(r"\b(?:your|ur)\s")
"""The relative told to the reader as theirs: the writer's own in a note passed on ("your
mum's gone down with the flu"), the reader's in a reaction to their news."""
_AT_THEIR_PLACE = gated(r"\b(?:at|to|from)\s+(?:(?:my|our|his|her|their|ur|your)\s+)?$")


def _who(clause: Clause) -> tuple[str, str, Named] | None:
    """The member's slug, the words after it, and how it was found."""
    if clause.pronoun_member is not None:
        # "My dad called. He's in the hospital": the pronoun stands for the member.
        slug, end = clause.pronoun_member
        if slug == OUTSIDER:
            return None  # "sarah's dad works nights, he's not sick": her dad, not ours
        return slug, clause.low[end:], "relation"
    found = member_named(clause)
    if found is None:
        return None
    m, how = found
    who = m.group(1)
    if how != "relation" and who.lower() in PEOPLE_BY_ROLE:
        return None  # "roommate has mono", "flatmate's got covid": no one of the family
    if who[0].isupper() and (who.lower() in GAZETTEER or who in NOT_MEMBERS):
        return None
    if (
        how != "relation"
        and len(who) >= 5
        and who.lower().endswith(("ing", "ed"))
        and not is_common_first_name(who.lower())
    ):
        return None  # "Staying home this year", "Reached home": a verb leads, not a name
    rest = clause.low[m.end() :]
    if rest.startswith("'") and _AT_THEIR_PLACE.search(clause.low[: m.start(1)]):
        # "staying at my mom's in phoenix", "I'm at my parents' in Ohio": their place,
        # where the writer is.
        return None
    if (
        how == "relation"
        and _YOUR.search(m.group())
        and REACTION.search(clause.message.lower() if clause.message else clause.low)
    ):
        return None  # "so sorry your dad is in the hospital": the reader's dad, their news
    slug = slugify(who)
    if how == "relation" and of_a_relative(clause.low[: m.start()]):
        return None  # "the neighbour of my mother is in hospital": the neighbour is
    if chain := through_a_relative(_relation_slug(slug), rest):
        # "my wife's mom is in hospital": the mother-in-law; "my son's girlfriend", "sarah's
        # dad", "my mum's old colleague": someone no family field is about.
        return None if chain[0] is None or how != "relation" else (chain[0], chain[1], how)
    if rest.startswith("' "):
        rest = "'s" + rest[1:]  # "the kids' colds are gone", as "the kid's cold"
    before = named_before(clause.text[: m.start()])
    if how == "relation" and before and is_first_name(before.lower()):
        # "Jake, my brother, has been in hospital": Jake, as "my brother Jake".
        return slugify(before), rest.lstrip(" ,)"), how
    named = APPOSITIVE_NAME.match(clause.text, m.end())
    if (
        how == "relation"
        and named
        and named.group("name") not in NOT_MEMBERS
        and named.group("name").lower() not in NOT_NAMES
    ):
        # "my daughter Lily is sick": Lily is who the field is about, as in "Lily is fine now".
        slug, rest = slugify(named.group("name")), clause.low[named.end() :]
    elif how == "relation" and (typed := lower_case_appositive(clause, m.end())):
        slug, rest = slugify(typed.group("name")), clause.low[typed.end() :]  # "my son max"
    return slug, rest, how


_FOR_NOW = gated(
    r"\b(?:till|til|until|thru|through)\s+(?!(?:now|recently|then|last)\b)|\b(?:for\s+(?:a|the|one|two|"
    r"three|a\s+few|\d+)\s+(?:days?|weeks?|nights?|fortnight|months?)|this\s+week(?:end)?|overnight|tonight|"
    # "my dad is literally in japan rn", "mum's in Dubai for work": there for now, or for a
    # purpose that ends.
    r"rn|right\s+now|atm|at\s+the\s+moment|currently|for\s+(?:work|business|a\s+conference|a\s+wedding|"
    r"a\s+funeral))\b|"
    r"^\s*(?:just\s+)?(?:landed|arrived|(?:rang|called|phoned|texted|messaged|facetimed)\s+"
    r"(?:me\s+|us\s+)?from)\b|"
    # "my brother is stuck in Atlanta", "stranded at O'Hare": held up on the way, not living there.
    r"^\s*(?:is|are|'s|'re|has\s+been|have\s+been)\s+(?:(?:still|now)\s+)?(?:stuck|stranded)\b"
)
"""A stay somewhere that ends ("till sunday", "for a week", "overnight") or an arrival just
made: a relative there is away, not living there."""


def _member(clause: Clause) -> list[Candidate]:
    who = _who(clause)
    if who is None:
        return _brought_to_care(clause)
    slug, rest, how = who
    if how != "relation" and works_with_the_writer(clause):
        return []  # "hailey's sick so the group project is on hold": a classmate's news
    if how != "relation" and a_pet_by_name(clause):
        return []  # "Biscuit is at the vet again": a pet's health, no family member's
    slugs = [_relation_slug(slug)]
    if (also := _AND_MEMBER.match(rest)) and names_a_relation(also.group("rel")):
        # "mom and dad are sick", "my wife and kids are away": both share what is said.
        slugs.append(_relation_slug(also.group("rel")))
        rest = rest[also.end() :]
    return [c for one in slugs for c in _status_of(clause, one, rest, how)]


_AND_MEMBER = gated(
    r"^\s*(?:,\s*)?(?:and|&)\s+(?:(?:my|our|the|her|his|their)\s+)?(?P<rel>[a-z'-]+)(?=\s|'s\b)"
)


def _relation_slug(slug: str) -> str:
    if slug in {"kid", "children", "child"}:
        slug = "kids"
    return RELATION_SPELLINGS.get(slug, slug)


def _status_of(clause: Clause, slug: str, rest: str, how: Named) -> list[Candidate]:
    if (rm := _REPORTED.match(rest)) and pronoun_of(slug) in (rm.group("p"), "?"):
        # "my wife texted me that she has strep throat": she says it of herself.
        rest = rest[rm.end() :]
    status = member_status(rest) or carer_state(rest) or household_ailment(rest)
    if BACK_TO_SCHOOL.match(rest) and TERM_AWAY.search(clause.message or clause.low):
        status = None  # "daughter's back at school, dropped her at the dorm": a term away
    if (
        status is None
        and (co := _AND_SAYS.search(rest))
        and (rm := _REPORTED.match(told := rest[co.end() :]))
        and pronoun_of(slug) in (rm.group("p"), "?")
    ):
        # "mum's back in karachi now and says she's feeling much better": a second verb of
        # the same subject reports how she is.
        status = member_status(told[rm.end() :])
    if status is None and THREW_UP.match(rest) and not _before_last_night(clause):
        status = "sick"  # "noah threw up at school", "…last night": lately, so sick now
    head = clause.low[: len(clause.low) - len(rest)]
    back_from = re.match(r"\s*back\s+from\b", rest) is not None
    if (
        status is None
        and VERBLESS.match(rest)
        and _ONLY_THE_MEMBER.fullmatch(head)
        # "Grandad back from respite", not "Got back from Paris": a name must be one.
        and not (back_from and how != "relation" and not is_common_first_name(slug))
    ):
        # A status line that leaves out the verb: the member opens the clause.
        status = member_status("is " + rest)
    if status is None:
        status = listed_state(rest)
    if status is None and elsewhere(clause, rest) and (slug in HOUSEHOLD or _FOR_NOW.search(rest)):
        # "my dad is staying at the lake house till sunday": anyone is away for a while.
        status = "away"
    elif status is None and slug in HOUSEHOLD and VISITING.match(rest):
        status = "away"
    if status is None and _BROUGHT_TO_CARE.search(head):
        # "i'm at the ER with my mom": whom the speaker brought there is the patient, most
        # likely; a visitor may be meant too, so Canon asks before it commits.
        return [Candidate(f"family.{slug}.status", "sick", 0.6)]
    if status is None or (
        how == "noun"
        and (status != "sick" or _MACHINE_ILL.search(rest))
        and not is_common_first_name(slug)
    ):
        # A bare noun ("work is fine", "laptop has a virus") is a name only when ill, unless
        # it is a common given name the dictionary also knows ("sofia is much better").
        return []
    if status == "away" and (ahead := _stay_ahead(clause, slug)) is not None:
        return ahead
    until = away_until(clause) if status == "away" else None
    return [
        Candidate(f"family.{slug}.status", status, 0.9 if status == "well" else 0.95, None, until)
    ]


_UNTIL_PREPS = frozenset({"until", "till", "til", "through", "thru", "to", "back"})


def away_until(clause: Clause) -> datetime | None:
    """When a stay away said now ends: the end of the last day the clause gives it ("the
    kids are at their dad's till sunday", "... this weekend" said on Saturday), so that on
    Monday nobody is still "away" on the strength of words that said until when."""
    today = clause.at.date()
    ends = [
        t.end_day if t.end_day is not None and t.day <= today else t.day
        for t in clause.times
        if not t.past and (t.prep in _UNTIL_PREPS or (t.end_day is not None and t.day <= today))
    ]
    last = max((d for d in ends if d >= today), default=None)
    return None if last is None else end_of_day(last, clause.at)


def _stay_ahead(clause: Clause, slug: str) -> list[Candidate] | None:
    """A stay away still ahead ("the kids are at their dad's this weekend", said on
    Wednesday): not where they are now, but a plan kept with its days, the household's
    "<member> away" day ending when the stay does. None when the stay is now."""
    today = clause.at.date()
    ahead = [t for t in clause.times if not t.past and t.day > today]
    if clause.intent != "planning" or not ahead or len(ahead) != len(clause.times):
        return None
    last = max(t.end_day or t.day for t in ahead)
    until = end_of_day(last, clause.at)
    field = f"family.{slug}_away.schedule"
    return [Candidate(field, ahead[0].day.isoformat(), 0.9, "planning", until)]


def _before_last_night(clause: Clause) -> bool:
    """A day in the clause other than today or last night: "threw up on monday" (read
    ahead or behind) is over by now."""
    today = clause.at.date()
    return any(t.day not in (today, today - timedelta(days=1)) for t in clause.times)


_BROUGHT_TO_CARE = gated(
    r"\b(?:at|in)\s+(?:the\s+)?(?:er|emergency(?:\s+room)?(?!\s+(?:vets?|veterinary|animal)\b)|hospital|hospice|urgent\s+care|icu|a&e|"
    r"walk-?in(?:\s+clinic)?)\s+with\s+(?:my\s+|our\s+)?[a-z'-]+\s*$"
)
_CARE_WITH_KIN = gated(
    r"\b(?:at|in)\s+(?:the\s+)?(?:er|emergency(?:\s+room)?(?!\s+(?:vets?|veterinary|animal)\b)|hospital|hospice|urgent\s+care|icu|a&e|"
    r"walk-?in(?:\s+clinic)?)\s+(?:with|w/?)\s+(?P<rel>[a-z]+)\b(?!'s|\s+and\b)"
)


def _brought_to_care(clause: Clause) -> list[Candidate]:
    """'at the er with mom', 'at urgent care w maya': the relative said bare, as a household
    calls them, or a child by a common first name, is the one brought in (asked before it
    commits, as with 'my mom')."""
    m = _CARE_WITH_KIN.search(clause.low)
    if m is None:
        return []
    from spacy.lang.en.stop_words import STOP_WORDS  # loaded with the pipeline anyway

    rel = m.group("rel")
    if not names_a_relation(rel) and not (
        len(rel) > 2 and is_common_first_name(rel) and rel not in STOP_WORDS
    ):
        return []  # (a name that is also a common word, "will", is no one brought in)
    return [Candidate(f"family.{_relation_slug(rel)}.status", "sick", 0.6)]


_ONLY_THE_MEMBER = gated(r"\s*(?:(?:my|our|the|both|all\s+the)\s+)?[a-z'-]+\s*")
_MACHINE_ILL = gated(r"\b(?:virus|bug)\b")


def extract_family(clause: Clause) -> list[Candidate]:
    """Family candidates in one clause."""
    members = _member(clause)
    if (
        not members
        and (said := reported_clause(clause)) is not None
        and not works_with_the_writer(clause)
        and not a_pet_by_name(clause)
    ):
        members = _member(said)  # "the childminder says Bo's been sneezing": Bo's state
    told = members_told(clause)  # "my wife Priya": who she is, beside how she is
    return members + told + (activity_candidates(clause) or school_day_off(clause))
