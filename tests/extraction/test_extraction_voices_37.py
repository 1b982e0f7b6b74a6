"""Voices heard least (voices37), as specifications.

- A message dictated for someone else keeps the command that sent it: "text Jordan comma on
  my way to Denver", "hey siri text mom I landed in Phoenix", "tell Sam I'm driving back
  from Tahoe tomorrow", "message Sarah colon dad got out of the hospital". The news after
  the command and the name is the writer's; the command is left out. Not "text mom when
  you land", "tell me about Paris", "text from mom: …" (someone else's words).
- "in route to" and "on route to" are "en route to", dictated as the words they sound like.
- "almost in Reno", "nearly to Boise now": the last stretch of a going under way.
- A spoken "period" ends a sentence before a lower-case word that opens one ("…the lake
  period kids are asleep"); a noun "period" keeps its word ("my period is late", "over the
  Christmas period we'll be away").
- A teen's "lowkey", "highkey", "deadass" between the subject and where or how it is says
  nothing a rule reads ("im lowkey in vegas rn").
- "Please" before what someone is opens news, not a request (Nigerian and Indian English):
  "Please my brother is down with malaria, pray for him"; "please book a taxi" still asks.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.dictated_sends import dictated_message
from core.extraction.spoken_punctuation import written_marks


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("text Jordan comma on my way to Denver now", "travel.destination", "Denver"),
        ("hey siri text mom I landed in Phoenix period call you later", "travel.location", "Phoenix"),
        ("tell Sam I'm driving back from Tahoe tomorrow morning period", "travel.return_date", "2026-03-05"),
        ("text Dana Leo has a fever comma keeping him home today", "family.leo.status", "sick"),
        ("tell grandma were heading to Fresno on Saturday to see her", "travel.depart_date", "2026-03-07"),
        ("text Jordan my mom is in the hospital again comma driving over now", "family.mom.status", "sick"),
        ("hey siri send to Ben colon almost in Reno comma gas stop then the hotel", "travel.destination", "Reno"),
        ("Tell him I'm in Denver", "travel.location", "Denver"),
        ("I'm in route to Portland now should arrive around noon", "travel.destination", "Portland"),
        ("we're nearly in Fresno", "travel.status", "in_progress"),
        ("nearly to Boise now", "travel.destination", "Boise"),
        ("ngl im lowkey in vegas rn w the fam 😭", "travel.location", "Vegas"),
        ("Please my brother is down with malaria, pray for him", "family.brother.status", "sick"),
        ("please my mummy is in the hospital", "family.mom.status", "sick"),
    ],
)  # fmt: skip
def test_dictated_and_slangy_news_is_read(text: str, field: str, value: object) -> None:
    facts = facts_said(text, at=AT)
    assert facts.get(field) == value, facts


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # Still an order, or someone else's words.
        ("text mom when you land in Denver", "travel.location"),
        ("tell me about Paris", "travel.destination"),
        ("tell him to call me when he's in Denver", "travel.location"),
        # Not the road: a near miss, a state, the past.
        ("I almost went to Reno", "travel.destination"),
        ("i almost moved to Denver last year", "profile.home_city"),
        ("almost in tears lol", "travel.location"),
        ("lowkey want to go to vegas", "travel.destination"),
        ("please book me a flight to Denver on friday", "travel.destination"),
    ],
)  # fmt: skip
def test_look_alikes_tell_nothing(text: str, field: str) -> None:
    assert field not in facts_said(text, at=AT)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("text Jordan comma on my way", "on my way"),
        ("hey siri text mom I landed", "I landed"),
        ("message to Priya colon the bill came", "the bill came"),
        ("reply to Chris: no we're not going", "no we're not going"),
        ("hey siri remind me to call", "remind me to call"),
        ("text mom when you land", "text mom when you land"),
        ("text from mom: landed", "text from mom: landed"),
        ("tell me about Paris", "tell me about Paris"),
        ("Text I landed", "Text I landed"),
        ("Tell Bob I said happy birthday", "Tell Bob I said happy birthday"),
    ],
)
def test_the_command_that_sent_a_dictated_message_is_left_out(said: str, read: str) -> None:
    assert dictated_message(written_marks(said)) == read


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("back from the lake period kids are asleep", "back from the lake. kids are asleep"),
        ("in Oakland period long drive", "in Oakland. long drive"),
        ("my period is late", "my period is late"),
        ("over the Christmas period we'll be away", "over the Christmas period we'll be away"),
        ("the trial period ends friday", "the trial period ends friday"),
        ("still coming for Easter question mark", "still coming for Easter?"),
    ],
)
def test_a_spoken_period_ends_a_lower_case_sentence(said: str, read: str) -> None:
    assert written_marks(said) == read
