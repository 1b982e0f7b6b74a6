"""The offline assistant talks like a person and answers questions about state from state."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from core.conversation.errand_answers import still_to_do
from core.conversation.offline_replies import (
    CONDITION_NOTED,
    ENGLISH_ONLY,
    HELP_TEXT,
    NOT_MY_JOB,
    NOTHING_CHANGED,
    offline_answer,
)
from core.conversation.pending_answer import NOTHING_PENDING, pending_text
from core.conversation.state_answers import NOT_KEPT, UNSURE
from core.conversation.when_said import when_text
from core.domain.ids import new_id
from core.domain.state import CommittedFact
from core.store import ReviewItem

NOW = datetime(2026, 2, 19, 18, 30, tzinfo=UTC)
THIS_MORNING = datetime(2026, 2, 19, 8, 15, tzinfo=UTC)


def fact(
    field: str, value: Any, at: datetime, source: str = "conversation_assertive"
) -> CommittedFact:
    return CommittedFact(
        "user:primary", field, value, 1, source, "ref", 0.9, new_id(), at, at, "auto_commit"
    )


FACTS = (
    fact("travel.location", "Tahoe", THIS_MORNING),
    fact("travel.status", "in_progress", THIS_MORNING),
    fact("travel.return_date", "2026-02-22", NOW - timedelta(days=3), "calendar"),
    fact("family.emma.status", "sick", NOW - timedelta(days=1)),
    fact("financial.rent.status", "paid", NOW - timedelta(days=3), "transactions_email"),
    fact("financial.rent.amount", 2100, NOW - timedelta(days=3), "transactions_email"),
    fact("financial.rent.currency", "USD", NOW - timedelta(days=3), "transactions_email"),
    fact("project.website.status", "blocked", NOW - timedelta(minutes=20)),
)


def reply(text: str, facts: tuple[CommittedFact, ...] = FACTS) -> str:
    return offline_answer(text, facts, (), NOW)


GREETINGS = [
    "hi",
    "Hi!",
    "hello",
    "hey there",
    "heyy",
    "yo",
    "hiya",
    "good morning",
    "morning",
    "good evening canon",
]
THANKS = ["thanks!", "thanks", "thank you", "ty", "thx", "cheers", "thank you so much", "ok thanks"]
SMALL_TALK = [
    "how are you?",
    "how r u",
    "hows it going",
    "lol",
    "haha",
    "ok cool",
    "cool",
    "nice",
    "got it",
    "sounds good",
]
BYE = ["bye", "good night", "see ya"]


@pytest.mark.parametrize("text", GREETINGS)
def test_greetings_get_a_short_hello(text: str) -> None:
    answer = reply(text)
    assert answer.startswith(("Hi!", "Good morning!", "Good evening!"))
    assert answer != HELP_TEXT
    assert len(answer) < 80


@pytest.mark.parametrize("text", THANKS)
def test_thanks_gets_you_are_welcome(text: str) -> None:
    assert reply(text) == "You're welcome!"


@pytest.mark.parametrize("text", SMALL_TALK)
def test_small_talk_gets_a_small_answer(text: str) -> None:
    answer = reply(text)
    assert answer in ("👍", "All good here, thanks! Anything new on your side?")


@pytest.mark.parametrize("text", BYE)
def test_goodbyes(text: str) -> None:
    assert reply(text) == "Bye for now!"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Where am I?", "In Tahoe, since this morning (you told me)."),
        ("where am i", "In Tahoe, since this morning (you told me)."),
        ("where are we now", "In Tahoe, since this morning (you told me)."),
        ("hey where am i", "In Tahoe, since this morning (you told me)."),
        (
            "when do I fly back?",
            "Your return: Sunday, February 22 (from your calendar, 3 days ago).",
        ),
        (
            "when do we get back",
            "Your return: Sunday, February 22 (from your calendar, 3 days ago).",
        ),
        (
            "whens my return flight",
            "Your return: Sunday, February 22 (from your calendar, 3 days ago).",
        ),
        ("is Emma sick?", "Emma is sick (you told me, yesterday)."),
        ("how is emma doing", "Emma is sick (you told me, yesterday)."),
        ("is emma ok", "Emma is sick (you told me, yesterday)."),
        # Where a member of the household is: what is known of them, not the user's trip.
        ("where is emma?", "Emma is sick (you told me, yesterday)."),
        ("where's emma now", "Emma is sick (you told me, yesterday)."),
        ("did I pay rent?", "Yes, the rent ($2,100) is paid — from a receipt email, 3 days ago."),
        (
            "did i pay the rent yet",
            "Yes, the rent ($2,100) is paid — from a receipt email, 3 days ago.",
        ),
        ("is rent paid", "Yes, the rent ($2,100) is paid — from a receipt email, 3 days ago."),
        (
            "what's the status of the website project?",
            "Website: blocked (you told me, 20 minutes ago).",
        ),
        ("status of website", "Website: blocked (you told me, 20 minutes ago)."),
        ("hows the website project going", "Website: blocked (you told me, 20 minutes ago)."),
        ("how's my trip", "You're on your trip (you told me, this morning)."),
        ("am i traveling", "You're on your trip (you told me, this morning)."),
    ],
)
def test_questions_about_state_are_answered_from_state(text: str, expected: str) -> None:
    assert reply(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("where am i", "I don't know where you are yet — tell me."),
        ("when do i fly back", "I don't know your return yet — tell me."),
        ("is emma sick", "I don't know how Emma is yet — tell me."),
        ("how's emma", "I don't know how Emma is yet — tell me."),
        ("how is emma today", "I don't know how Emma is yet — tell me."),
        ("how's work", UNSURE),  # no one
        ("where is emma", NOT_KEPT.format("where Emma is")),
        ("where is dinner tonight", UNSURE),
        ("did i pay rent", "I don't know whether you paid rent yet — tell me."),
        (
            "whats the status of the website project",
            "I don't know how website is going yet — tell me.",
        ),
        ("where do i live", "I don't know where you live yet — tell me."),
    ],
)
def test_unknown_state_is_an_honest_i_dont_know(text: str, expected: str) -> None:
    assert reply(text, ()) == expected


@pytest.mark.parametrize(
    ("home", "back", "now", "expected"),  # expected: how the answer starts
    [
        # "on our way home from tahoe now", at 4 pm in Portland (midnight in UTC).
        (
            "Portland",
            "2026-02-19",
            datetime(2026, 2, 20, 0, 5, tzinfo=UTC),
            "In Tahoe, heading home today,",
        ),
        # Back tomorrow on the user's clock: no word of it yet.
        ("Portland", "2026-02-20", datetime(2026, 2, 19, 18, 30, tzinfo=UTC), "In Tahoe, since"),
        # No home city, no zone: today is UTC's.
        (None, "2026-02-19", NOW, "In Tahoe, heading home today, since"),
    ],
)
def test_where_am_i_says_the_trip_comes_home_today(
    home: str | None, back: str, now: datetime, expected: str
) -> None:
    facts = [
        fact("travel.location", "Tahoe", THIS_MORNING),
        fact("travel.status", "in_progress", THIS_MORNING),
        fact("travel.return_date", back, THIS_MORNING),
    ]
    if home is not None:
        facts.append(fact("profile.home_city", home, THIS_MORNING))
    got = offline_answer("where am i", tuple(facts), (), now)
    assert got.startswith(expected), got


@pytest.mark.parametrize(
    "text",
    ["what do you know about me?", "what do you know", "tell me what you know about me", "summary"],
)
def test_what_do_you_know_summarises_by_domain(text: str) -> None:
    answer = reply(text)
    assert answer.splitlines()[0] == "Here's what I know:"
    assert "• Travel: on your trip; you're in Tahoe; back Sunday, February 22" in answer
    assert "• Family: Emma is sick" in answer
    assert "• Financial: the rent ($2,100) is paid" in answer
    assert len(answer.splitlines()) <= 8
    assert reply(text, ()).startswith("Nothing yet.")


@pytest.mark.parametrize(
    ("errand", "said"),
    [
        (
            {"status": "due", "due_date": "2026-02-20"},
            "the Amazon return is due Friday, February 20",
        ),
        (
            {"status": "pending", "due_date": "2026-02-20"},
            "the Amazon return was sent back, refund awaited",
        ),
        (
            {"status": "refunded", "amount": 40, "currency": "USD"},
            "the Amazon return ($40) was sent back and refunded",
        ),
    ],
)
def test_an_errand_is_one_sentence(errand: dict[str, Any], said: str) -> None:
    """A return or a bill is told whole, in the words its question used."""
    facts = tuple(fact(f"financial.amazon_return.{k}", v, THIS_MORNING) for k, v in errand.items())
    answer = reply("what do you know about me?", facts)
    assert f"• Financial: {said}\n" in answer


def _asked(field: str, value: Any, current: Any = None, group: str = "g1") -> ReviewItem:
    return ReviewItem(
        new_id(), 1, "change", None, "user:primary", field, value, current, 0.8, (),
        "conversation_assertive:tg:1:2", "pending", NOW, NOW, None, None, group,
    )  # fmt: skip


def test_whats_pending_reads_as_the_questions_asked() -> None:
    """The questions as Alice was asked them (a group in one sentence): no field names."""
    arrival = [
        _asked("travel.location", "Tahoe"),
        _asked("travel.status", "in_progress", "planning"),
    ]
    errand = [
        _asked("financial.amazon_return.status", "due", group="g2"),
        _asked("financial.amazon_return.due_date", "2026-02-20", group="g2"),
    ]
    answer = offline_answer("whats pending", FACTS, [*arrival, *errand], NOW)
    assert answer.splitlines() == [
        "2 questions waiting for you:",
        "• Is your trip to Tahoe under way?",
        "• Is the Amazon return due Friday, February 20?",
    ]


@pytest.mark.parametrize("text", ["help", "what can you do", "help me"])
def test_help_only_when_asked(text: str) -> None:
    assert reply(text) == HELP_TEXT


@pytest.mark.parametrize("text", ["asdf", "blue seven tuesday", "purple monkey dishwasher"])
def test_anything_else_is_not_the_help_text(text: str) -> None:
    assert reply(text) == UNSURE


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        (NOW - timedelta(seconds=10), "just now"),
        (NOW - timedelta(minutes=1), "a minute ago"),
        (NOW - timedelta(minutes=45), "45 minutes ago"),
        (NOW - timedelta(minutes=90), "an hour ago"),
        (THIS_MORNING, "this morning"),
        (datetime(2026, 2, 19, 13, 0, tzinfo=UTC), "this afternoon"),
        (datetime(2026, 2, 18, 23, 0, tzinfo=UTC), "yesterday"),
        (NOW - timedelta(days=3), "3 days ago"),
        (datetime(2026, 1, 2, 9, 0, tzinfo=UTC), "on 2 Jan"),
    ],
)
def test_when_is_said_relative_to_the_message(then: datetime, expected: str) -> None:
    assert when_text(then, NOW) == expected


@pytest.mark.parametrize(
    "text",
    [
        "so yesterday my landlord shows up unannounced and starts yelling",
        "ok so my sister borrowed my car again",
        "i spent the whole afternoon baking bread",
        # News about a thing, with no "I" in it.
        "ugh flight delayed 3 hrs",
        "ugh flight home got cancelled lol",
        "the train to work was late again",
        "flight's delayed, ugh",
        "the car's finally fixed",
        "traffic was awful",
        "the weather is odd",
        # Someone else's news, no field of the user's in it.
        "mum texted, landed safe in lagos",
        "jake called, in denver now apparently",
        "the school rang about the bake sale",
    ],
)
def test_a_statement_no_field_took_up_says_nothing_changed(text: str) -> None:
    assert reply(text) == NOTHING_CHANGED


@pytest.mark.parametrize(
    "text",
    [
        "where is the charger",
        "book a table for 2",
        "remind me to call mom",
        "canon is that you",
        "call mum back later",
        "has jake called?",
    ],
)
def test_a_question_or_a_request_is_no_statement(text: str) -> None:
    assert reply(text) != NOTHING_CHANGED


@pytest.mark.parametrize("text", ["omg congrats!!", "yay", "aww"])
def test_a_reaction_is_answered_in_kind(text: str) -> None:
    assert reply(text) == "😊"


@pytest.mark.parametrize(
    "text",
    [
        "if the flight gets cancelled we'll stay another night",
        "we'll stay another night if the flight gets cancelled",
        "in case the train is late we'll take a cab",
        "unless it snows we will drive up friday",
    ],
)
def test_a_condition_is_noted_as_an_if_not_misunderstood(text: str) -> None:
    assert reply(text) == CONDITION_NOTED


def _trip_and_return(status: str, depart: str, back: str | None, due: str) -> tuple[Any, ...]:
    days = [fact("travel.depart_date", depart, THIS_MORNING)]
    days += [] if back is None else [fact("travel.return_date", back, THIS_MORNING)]
    return (
        fact("travel.status", status, THIS_MORNING),
        *days,
        fact("financial.amazon_return.status", "due", THIS_MORNING),
        fact("financial.amazon_return.due_date", due, THIS_MORNING),
    )


@pytest.mark.parametrize(
    ("status", "depart", "back", "due", "said"),
    [
        # The founding question: is the errand before or after the trip?
        (
            "planning",
            "2026-02-22",
            "2026-02-25",
            "2026-02-27",
            "after you're back (Wednesday, February 25)",
        ),
        (
            "planning",
            "2026-02-22",
            "2026-02-25",
            "2026-02-20",
            "before you leave (Sunday, February 22)",
        ),
        ("in_progress", "2026-02-15", "2026-02-25", "2026-02-20", "during your trip"),
        ("in_progress", "2026-02-15", None, "2026-02-20", "I don't know when you're back"),
        ("completed", "2026-02-15", "2026-02-18", "2026-02-20", "your trip is over"),
    ],
)
def test_an_errand_is_placed_against_the_trip(
    status: str, depart: str, back: str | None, due: str, said: str
) -> None:
    answer = reply(
        "is the amazon return before or after the trip?",
        _trip_and_return(status, depart, back, due),
    )
    assert answer.startswith("The Amazon return is due ")
    assert said in answer


@pytest.mark.parametrize(
    ("status", "said"),
    [
        # The founding story's end: the trip is over and the return has no day.
        ("completed", "The Amazon return is due — your trip is over, so it comes after it now."),
        (
            "in_progress",
            "The Amazon return is due — it has no day, and you're on your trip now (back "
            "Wednesday, February 25), so it comes after it.",
        ),
        ("planning", "The Amazon return is due — it has no day; you leave Sunday, February 22."),
    ],
)
def test_an_errand_with_no_day_is_still_placed_against_the_trip(status: str, said: str) -> None:
    """Never "before the trip" once it is under way: the founding mistake."""
    facts = (
        fact("travel.status", status, THIS_MORNING),
        fact(
            "travel.depart_date",
            "2026-02-15" if status != "planning" else "2026-02-22",
            THIS_MORNING,
        ),
        fact("travel.return_date", "2026-02-25", THIS_MORNING),
        fact("financial.amazon_return.status", "due", THIS_MORNING),
    )
    assert reply("is the amazon return before or after my trip?", facts) == said


def test_a_question_about_an_errand_alone_tells_the_errand() -> None:
    facts = _trip_and_return("planning", "2026-02-22", None, "2026-02-27")
    assert reply("when is the amazon return due?", facts) == (
        "The Amazon return is due Friday, February 27."
    )
    assert reply("did I pay the rent?").startswith("Yes, the rent ($2,100) is paid")


_POWER_BILL = (
    fact("financial.electricity_bill.status", "due", NOW - timedelta(days=10)),
    fact("financial.electricity_bill.amount", 84, NOW - timedelta(days=10)),
    fact("financial.electricity_bill.currency", "EUR", NOW - timedelta(days=10)),
)


@pytest.mark.parametrize(
    ("due", "said"),
    [
        # Its day gone by: overdue, never a bare "is due" (Klaus, back from Lisbon).
        (
            "2026-02-16",
            "Not that I know of: the electricity bill (€84) was due Monday, February 16, so "
            "it's overdue — you told me, 10 days ago. Tell me when it's paid.",
        ),
        (
            "2026-02-23",
            "Not yet, as far as I know: the electricity bill (€84) is due Monday, February 23 "
            "— you told me, 10 days ago. Tell me when it's paid.",
        ),
    ],
)
def test_a_bill_not_paid_says_when_it_is_or_was_due(due: str, said: str) -> None:
    facts = (*_POWER_BILL, fact("financial.electricity_bill.due_date", due, NOW))
    for asked in ("did i pay the electricity bill?", "is the electricity bill paid"):
        assert reply(asked, facts) == said


@pytest.mark.parametrize(
    ("typed", "as_written"),
    [
        # Texting spellings ask the same questions as the words they stand for.
        ("what do u know about me", "what do you know about me?"),
        ("wat do u know abt me", "what do you know about me?"),
        ("where r we", "where are we?"),
        ("hows the website project going", "how's the website project going?"),
        ("is ur rent paid", "is your rent paid?"),
    ],
)
def test_texting_asks_what_the_words_ask(typed: str, as_written: str) -> None:
    assert reply(as_written) != UNSURE
    assert reply(typed) == reply(as_written)


@pytest.mark.parametrize(
    "question",
    [
        "is the amazon return before or after the trip",  # no question mark
        "is the amazon return before or after the trip?",
        "Is the Amazon return before the trip",
        # Chat's openers before the question.
        "wait is the amazon return before or after the trip",
        "ok so is the amazon return before the trip",
    ],
)
def test_a_question_about_an_errand_needs_no_question_mark(question: str) -> None:
    facts = _trip_and_return("completed", "2026-02-15", "2026-02-18", "2026-02-20")
    answer = reply(question, facts)
    assert answer.startswith("The Amazon return is due Friday, February 20"), answer
    assert "your trip is over" in answer


def test_what_i_know_says_events_by_their_day_and_amounts_as_money() -> None:
    """One plain line per domain: an event on its day (its "scheduled" status says
    nothing more), a bill's amount as money."""
    facts = (
        fact("family.soccer_practice.event_status", "scheduled", NOW),
        fact("family.soccer_practice.schedule", "2026-02-26T17:00:00+00:00", NOW),
        fact("family.jo.status", "sick", NOW),
        fact("family.recital.event_status", "cancelled", NOW),
        fact("financial.rent.amount", 2300, NOW),
    )
    assert reply("what do you know about me", facts).splitlines() == [
        "Here's what I know:",
        "• Family: Jo is sick; recital cancelled; "
        "soccer practice on Thursday, February 26 at 17:00",
        "• Financial: rent $2,300",
        "Ask /state for the details.",
    ]


OWED = (
    *FACTS,
    fact("financial.credit_card.status", "due", THIS_MORNING),
    fact("financial.amazon_return.status", "due", THIS_MORNING),
    fact("financial.amazon_return.due_date", "2026-02-20", THIS_MORNING),
    fact("financial.nike_return.status", "pending", THIS_MORNING),
)


@pytest.mark.parametrize(
    "question",
    ["whats due", "what's still due?", "any errands left?", "which errands are due"],
)
def test_what_is_due_is_said_soonest_first(question: str) -> None:
    assert reply(question, OWED) == (
        "The Amazon return is due Friday, February 20; the credit card is due. "
        "Waiting on: the Nike return was sent back, refund awaited."
    )


@pytest.mark.parametrize(
    "question",
    [
        "what do i owe?",
        "what do we still owe",
        "any bills due?",
        "which payments are unpaid",
        "do i owe anything?",
        "bills",
        "anything to pay?",
        "whats owed",
    ],
)
def test_what_is_owed_is_money_alone(question: str) -> None:
    """A return to send back is no debt, nor its refund awaited."""
    assert reply(question, OWED) == "The credit card is due."


def test_only_a_return_to_send_back_is_no_debt() -> None:
    facts = tuple(f for f in OWED if "credit_card" not in f.field)
    assert reply("what do i owe?", facts) == "You owe nothing that I know of."
    assert reply("what's due?", facts).startswith("The Amazon return is due Friday, February 20")


def test_nothing_owed_is_said_so() -> None:
    # Rent is paid: it is not owed.
    assert reply("what do i owe?") == "You owe nothing that I know of."
    assert reply("what's due?") == "Nothing is due that I know of."


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("אנחנו בטאהו", ENGLISH_ONLY),
        ("мы в тахо", ENGLISH_ONLY),
        ("我们在太浩湖", ENGLISH_ONLY),
        ("🏔️🚗💨", UNSURE),  # no words at all
        ("estamos en casa", UNSURE),  # Latin letters: maybe English with typos
    ],
)
def test_a_message_in_another_script_is_told_english_only(text: str, said: str) -> None:
    assert reply(text) == said


def test_back_home_with_no_home_city_is_back_home_not_unknown() -> None:
    back = (fact("travel.status", "completed", THIS_MORNING),)
    said = reply("where am i", back)
    assert said.startswith("Back home: your trip is over (you told me, this morning)."), said
    assert "which city home is" in said


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("remind me to call the vet at 4", NOT_MY_JOB),
        ("can u remind me to take my meds at 9", NOT_MY_JOB),
        ("Please book us a taxi to the station at 5", NOT_MY_JOB),
        ("could you call my mom", NOT_MY_JOB),
        ("set up a meeting w jen thurs", NOT_MY_JOB),
        ("hey can you set a reminder for 5pm", NOT_MY_JOB),
        # Not requests: a name, news about a club, a question about state.
        ("call me alex", UNSURE),
        ("order is on its way", NOTHING_CHANGED),
    ],
)
def test_something_to_be_done_is_told_plainly_that_canon_keeps_what_is_true(
    text: str, reply: str
) -> None:
    """A request is not a riddle ("I'm not sure what you mean"): Canon says what it does."""
    assert offline_answer(text, [], [], NOW) == reply


def test_a_trip_under_way_with_no_place_said_is_the_trip_planned() -> None:
    # "we made it to the cabin", confirmed: the user is away on the trip to Tahoe.
    away = (
        fact("travel.destination", "Tahoe", THIS_MORNING),
        fact("travel.status", "in_progress", THIS_MORNING),
    )
    assert reply("where am i", away) == (
        "On your trip to Tahoe, I'd think: it's under way (you told me, this morning)."
    )


def test_a_stay_away_with_no_place_said_is_away_not_unknown() -> None:
    # "staying at my mom's till thursday", confirmed: away, back on a day, nowhere named.
    away = (
        fact("travel.status", "in_progress", THIS_MORNING),
        fact("travel.return_date", "2026-03-05", THIS_MORNING),
    )
    said = reply("where am i", away)
    assert said.startswith("Away from home, back Thursday, March 5: your trip is under way")
    assert "I don't know where you are — tell me." in said
    alone = reply("where am i", away[:1])
    assert alone.startswith("Away from home: your trip is under way (you told me, this morning)")


def test_a_trip_planned_but_not_under_way_leaves_where_unknown() -> None:
    planned = (
        fact("travel.destination", "Tahoe", THIS_MORNING),
        fact("travel.status", "planning", THIS_MORNING),
    )
    assert reply("where am i", planned).startswith("I don't know where you are yet")


KIN = (
    *FACTS,
    fact("family.kids.status", "sick", NOW - timedelta(days=1)),
    fact("family.mom.status", "in_hospital", NOW - timedelta(days=1)),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Asked by how they are related, as people ask: the verb agrees, "your" not "Kids".
        ("how are the kids", "Your kids are sick (you told me, yesterday)."),
        ("how r the kids doing?", "Your kids are sick (you told me, yesterday)."),
        ("are the kids ok", "Your kids are sick (you told me, yesterday)."),
        ("where are the kids", "Your kids are sick (you told me, yesterday)."),
        ("how's my mom", "Your mom is in hospital (you told me, yesterday)."),
        ("is my mom better", "Your mom is in hospital (you told me, yesterday)."),
        ("how is emma", "Emma is sick (you told me, yesterday)."),
        ("how's mom?", "Mom is in hospital (you told me, yesterday)."),  # as the asker says
        # Someone Canon knows nothing of, asked the same ways.
        ("how's my brother", "I don't know how your brother is yet — tell me."),
        ("where is my wife", NOT_KEPT.format("where your wife is")),
        ("where is my sister", NOT_KEPT.format("where your sister is")),
        ("where's jo", NOT_KEPT.format("where Jo is")),
    ],
)
def test_family_asked_by_relation_is_answered_in_agreement(text: str, expected: str) -> None:
    assert offline_answer(text, KIN, (), NOW) == expected


def test_what_do_you_know_says_a_plural_member_in_agreement() -> None:
    answer = offline_answer("what do you know about me", KIN, (), NOW)
    assert "Your kids are sick" in answer
    assert "Emma is sick" in answer


@pytest.mark.parametrize(
    ("question", "about_a_return"),
    [
        ("did i return that package?", True),
        ("did i return the amazon package?", True),
        ("have i sent back the boots?", True),
        # About the trip's way back, not a return to make: the trip's answer.
        ("when do we return?", False),
    ],
)
def test_a_return_asked_about_before_any_is_known_is_said_unknown(
    question: str, about_a_return: bool
) -> None:
    """ "did i return that package?" with no return known said "I'm not sure what you
    mean": it is understood, and answered with what Canon knows (none)."""
    answer = reply(question)
    assert answer != UNSURE
    assert answer.startswith("I don't know of a return you have to make") is about_a_return


@pytest.mark.parametrize(
    ("status", "due", "said"),
    [
        # Still due, its day gone by on the user's Thursday: still to do, and overdue.
        (
            "due",
            "2026-02-18",
            "So it's still to do: the Amazon return was due Wednesday, February 18 (overdue).",
        ),
        ("due", None, "So it's still to do: the Amazon return is due."),
        # Done, or not known: "forgot" says nothing more about now.
        ("pending", None, None),
        (None, None, None),
    ],
)
def test_a_forgotten_errand_is_still_to_do_while_it_is_due(
    status: str | None, due: str | None, said: str | None
) -> None:
    facts = [
        fact(f"financial.amazon_return.{name}", value, NOW)
        for name, value in (("status", status), ("due_date", due))
        if value is not None
    ]
    today = NOW.date()
    assert still_to_do(["financial.amazon_return.status"], facts, "user:primary", today) == said
    assert still_to_do(["travel.status"], facts, "user:primary", today) is None


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        # 10 am and 8 pm in Los Angeles: one day there, two in UTC.
        (datetime(2026, 12, 4, 18, 0, tzinfo=UTC), "this morning"),
        (datetime(2026, 12, 4, 7, 0, tzinfo=UTC), "yesterday"),  # 11 pm the night before
        (datetime(2026, 12, 3, 18, 0, tzinfo=UTC), "yesterday"),
    ],
)
def test_when_is_said_on_the_users_clock(then: datetime, expected: str) -> None:
    evening = datetime(2026, 12, 5, 4, 0, tzinfo=UTC)  # Friday 8 pm in Los Angeles
    assert when_text(then, evening, "America/Los_Angeles") == expected


def test_whats_pending_reads_as_the_pending_command_does() -> None:
    """ "what's pending?" in plain words and /pending are one text (``pending_text``): a
    grouped question's parts on lines of their own, one queued behind the current one
    said so. Before, each had a renderer of its own: the plain-words answer ran a group's
    parts into one line and never said a question was queued."""
    trip = [
        _asked("travel.destination", "Denver"),
        _asked("travel.depart_date", "2026-02-25"),
        _asked("travel.return_date", "2026-03-02"),
    ]
    queued = replace(_asked("financial.amazon_return.status", "due", group="g2"), status="queued")
    items = [*trip, queued]
    plain = offline_answer("what's pending?", FACTS, items, NOW)
    assert plain == pending_text(items, "user:primary", NOW.date())
    assert "\n   – " in plain, plain
    assert plain.endswith("(after the current one)"), plain


ERRANDS = (
    *FACTS,
    fact("financial.amazon_return.status", "due", THIS_MORNING),
    fact("financial.amazon_return.due_date", "2026-02-23", THIS_MORNING),
    fact("financial.electric_bill.status", "due", THIS_MORNING),
    fact("financial.electric_bill.amount", 84, THIS_MORNING),
    fact("financial.electric_bill.currency", "USD", THIS_MORNING),
    fact("financial.electric_bill.due_date", "2026-02-17", THIS_MORNING),
    fact("financial.zara_return.status", "due", THIS_MORNING),
    fact("financial.ikea_return.status", "pending", THIS_MORNING),  # sent back: not to do
)
TO_DO = (
    "Still to do:\n"
    "• the electric bill ($84), due since Tuesday, February 17\n"
    "• the Amazon return, due Monday, February 23\n"
    "• the Zara return, no day yet"
)


@pytest.mark.parametrize(
    ("asked", "facts", "expected"),
    [
        # Questions, then (apart) the errands and bills still to do, soonest first.
        (
            [_asked("travel.status", "completed", "in_progress")],
            ERRANDS,
            f"1 question waiting for you:\n• {{q}}\n\n{TO_DO}",
        ),
        # No question: nothing to confirm, and still what is to do.
        ([], ERRANDS, f"{NOTHING_PENDING}\n\n{TO_DO}"),
        # Nothing to do (the rent is paid): the questions alone, as before.
        ([], FACTS, NOTHING_PENDING),
    ],
)
@pytest.mark.parametrize("said", ["what's pending?", "anything pending", "whats pending??"])
def test_whats_pending_lists_the_questions_then_what_is_still_to_do(
    said: str, asked: list[ReviewItem], facts: tuple[CommittedFact, ...], expected: str
) -> None:
    answer = offline_answer(said, facts, asked, NOW)
    question = answer.split("\n")[1].removeprefix("• ") if asked else ""
    assert answer == expected.format(q=question), answer


def test_errands_told_together_are_one_sentence_capitalised_once() -> None:
    """Two errands in one answer are joined by a semicolon: the second goes on in lower
    case ("...; the rent ($2,100) is paid"), never "; The rent" mid-sentence."""
    facts = (*_trip_and_return("planning", "2026-02-22", None, "2026-02-27"), *FACTS)
    said = reply("are the amazon return and the rent done?", facts)
    head, _, rest = said.partition("; ")
    assert head.startswith("The "), said
    assert rest.startswith("the rent"), said
