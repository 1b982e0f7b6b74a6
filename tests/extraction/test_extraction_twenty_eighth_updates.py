"""The twenty-eighth round (issue 24), w28a: updates as people text them between other
things, found by the probe sentences of ``realistic/probes28a-dev.jsonl`` (a nurse between
shifts, a grandparent, a teenager, a learner of English), each class tabled with
paraphrases in other voices and look-alikes that must keep their reading:

- a member's state with its "is" left out and "still" or "now" kept ("emma still sick",
  "hubby still away with work", "kids still at grandmas"), read as "is still" is;
- a move of home with its day and no town ("we're moving next month", "moving house on
  the 20th", Indian English "shifting to new flat"): the move's day, a plan;
- a learner's "working in accenture": a firm known in lower case after "in", when no noun
  follows to make its name a word ("in apple orchards");
- "she" or "he" opening a message, meaning the member the chat was last about, passed in
  (``recent_subject``): the extractor keeps nothing between messages.

Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row

from core.extraction.known_people import recent_subject
from core.extraction.offline import extract_offline

VERBLESS_MEMBER_UPDATES: list[FieldRow] = [
    ("Emma still sick, day three", "family.emma.status", "sick", "assertive"),
    ("my son still poorly, gp at 4", "family.son.status", "sick", "assertive"),
    ("hubby still away till friday", "family.husband.status", "away", "assertive"),
    ("the kids still at their nan's", "family.kids.status", "away", "assertive"),
    ("Oliver still off sick, no better", "family.oliver.status", "sick", "assertive"),
    ("wife now home from the hospital", "family.wife.status", "home", "assertive"),
    ("my daughter still at her mum's for the week", "family.daughter.status", "away", "assertive"),
    # Not a member: a thing, a place of work, a colleague's name never stated as family.
    ("the printer still at the repair shop", "family.printer.status", None, ""),
    ("work still busy, no lunch", "family.work.status", None, ""),
    # Asked, not told.
    ("is emma still sick?", "family.emma.status", None, ""),
]

MOVE_DAY_WITHOUT_A_TOWN: list[FieldRow] = [
    ("we're moving next month, boxes everywhere", "profile.move_date", "2026-04", "planning"),
    ("moving house on the 21st eek", "profile.move_date", "2026-03-21", "planning"),
    (
        "We are shifting to new flat from next month only",
        "profile.move_date",
        "2026-04",
        "planning",
    ),
    ("I'm moving in june finally", "profile.move_date", "2026-06", "planning"),
    ("we move out at the end of april", "profile.move_date", "2026-04-30", "planning"),
    # Someone else's move, a wish, a question, a move made, a thing moved: no day of ours.
    ("my daughter is moving next month", "profile.move_date", None, ""),
    ("if we move next year i'd want a garden", "profile.move_date", None, ""),
    ("should we move next year?", "profile.move_date", None, ""),
    ("we moved last month", "profile.move_date", None, ""),
    ("moving the car tomorrow for the street sweeper", "profile.move_date", None, ""),
    ("moving on from this job in may", "profile.move_date", None, ""),
]

LEARNERS_FIRM_AFTER_IN: list[FieldRow] = [
    ("Now I am working in accenture since january", "profile.employer", "Accenture", "assertive"),
    ("i work in deloitte only, audit team", "profile.employer", "Deloitte", "assertive"),
    ("I'm working in tesco now, nights", "profile.employer", "Tesco", "assertive"),
    # A department, a line of work, a word that is also a firm's name.
    ("I work in sales", "profile.employer", None, ""),
    ("i work in apple orchards in summer", "profile.employer", None, ""),
    ("we work in target areas first", "profile.employer", None, ""),
]


@pytest.mark.parametrize(
    "row", VERBLESS_MEMBER_UPDATES + MOVE_DAY_WITHOUT_A_TOWN + LEARNERS_FIRM_AFTER_IN
)
def test_updates_as_texted(row: FieldRow) -> None:
    check_field_row(*row)


PRONOUN_AND_THE_CHATS_SUBJECT = [
    # (message, the member the chat was last about, field read, value)
    ("she's poorly again, no nursery", "emma", "family.emma.status", "sick"),
    ("hes been sick twice since breakfast", "leo", "family.leo.status", "sick"),
    ("He is home from the hospital now", "grandpa", "family.grandpa.status", "home"),
    ("they're much better today", "kids", "family.kids.status", "well"),
    ("shift's done. she's loads better thank god", "maya", "family.maya.status", "well"),
]


@pytest.mark.parametrize(("text", "subject", "field", "value"), PRONOUN_AND_THE_CHATS_SUBJECT)
def test_a_pronoun_opening_a_message_is_the_chats_subject(
    text: str, subject: str, field: str, value: str
) -> None:
    found = extract_offline(text, at=AT, recent_subject=subject).observations
    assert [(o.field, o.candidate_value) for o in found if o.field == field] == [(field, value)]
    # Without the chat's subject the same words are nobody's.
    assert not [o for o in extract_offline(text, at=AT).observations if o.field == field]


PRONOUN_NOT_THE_CHATS_SUBJECT = [
    # Someone the message names is the one meant; "he" is not mum, "she" not the kids; a
    # question tells nothing; a neighbour who "says she" is no one of ours.
    ("my sister rang, she's poorly again", "emma"),
    ("he's poorly again", "mom"),
    ("she's poorly again", "kids"),
    ("is she still poorly?", "emma"),
    ("Mrs Patel says she is in hospital again", "lily"),
]


@pytest.mark.parametrize(("text", "subject"), PRONOUN_NOT_THE_CHATS_SUBJECT)
def test_a_pronoun_that_cannot_be_the_chats_subject_is_not(text: str, subject: str) -> None:
    found = extract_offline(text, at=AT, recent_subject=subject).observations
    assert not [o for o in found if o.field == f"family.{subject}.status"]


NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
RECENT_SUBJECTS = [
    # (the state's (field, evidence time) pairs, the member meant)
    ([("family.emma.status", NOW - timedelta(hours=3))], "emma"),
    (
        [
            ("family.emma.status", NOW - timedelta(hours=5)),
            ("family.kids.status", NOW - timedelta(hours=1)),
        ],
        "kids",
    ),
    # A day gone by, a field that is no member's status, two told at once, a time ahead.
    ([("family.emma.status", NOW - timedelta(hours=25))], None),
    ([("family.swim.schedule", NOW - timedelta(hours=1))], None),
    ([("profile.employer", NOW - timedelta(hours=1))], None),
    (
        [
            ("family.mom.status", NOW - timedelta(hours=1)),
            ("family.dad.status", NOW - timedelta(hours=1)),
        ],
        None,
    ),
    ([("family.emma.status", NOW + timedelta(hours=1))], None),
    ([], None),
]


@pytest.mark.parametrize(("said", "subject"), RECENT_SUBJECTS)
def test_the_chats_subject_is_the_member_told_of_last_within_a_day(
    said: list[tuple[str, datetime]], subject: str | None
) -> None:
    assert recent_subject(said, NOW) == subject
