"""The claim check, as tables: which sentences claim an action, and what backs each claim."""

from __future__ import annotations

import pytest

from core.conversation.claims import NOTES, RECORDED_BY_CANON, Action, check_claims, claimed_action

CLAIMS = [
    ("I've noted that you're in Reno.", Action.RECORD),
    ("I have saved it.", Action.RECORD),
    ("Noted!", Action.RECORD),
    ("Done.", Action.RECORD),
    ("I'll remember that.", Action.RECORD),
    ("Your location is now set to Reno.", Action.RECORD),
    ("I've updated your trip.", Action.RECORD),
    ("It's been recorded.", Action.RECORD),
    ("I've deleted your trip.", Action.DELETE),
    ("Removed.", Action.DELETE),
    ("I have forgotten the old address.", Action.DELETE),
    ("I've sent Bob an email.", Action.SEND),
    ("I've booked the flight.", Action.SEND),
    ("I'll remind you tomorrow.", Action.SEND),
    ("I've confirmed the change.", Action.CONFIRM),
]
NOT_CLAIMS = [
    "I haven't saved anything yet.",
    "I have not deleted it.",
    "I didn't send it.",
    "I can't delete things from here.",
    "Nothing was recorded.",
    "Should I save that?",
    "Do you want me to delete it?",
    "Would you like me to update your trip?",
    "I can note it if you confirm.",
    "Once you tap Yes it will be saved.",
    "I've asked you to confirm it.",
    "You're in Tahoe.",
    "Enjoy the lake!",
    "Hi! What's new?",
]


@pytest.mark.parametrize(("sentence", "action"), CLAIMS)
def test_a_sentence_claiming_an_action(sentence: str, action: Action) -> None:
    assert claimed_action(sentence) is action


@pytest.mark.parametrize("sentence", NOT_CLAIMS)
def test_questions_offers_and_negations_claim_nothing(sentence: str) -> None:
    assert claimed_action(sentence) is None


@pytest.mark.parametrize(
    ("reply", "done", "sent"),
    [
        # Backed by a tool call of the turn, or by Canon recording the message: kept.
        ("I've noted Reno.", {"propose_observation"}, "I've noted Reno."),
        ("Noted: you're in Reno.", {RECORDED_BY_CANON}, "Noted: you're in Reno."),
        # A read does not back a write.
        ("I've noted Reno.", {"get_state"}, NOTES[Action.RECORD]),
        # No tool deletes or sends: never backed. What is true stays, the claim goes.
        (
            "You were in Tahoe. I've deleted that.",
            {"propose_observation", RECORDED_BY_CANON},
            f"You were in Tahoe.\n{NOTES[Action.DELETE]}",
        ),
        (
            "Sent! I've also booked it.",
            set(),
            NOTES[Action.SEND],
        ),
        ("Should I delete it?", set(), "Should I delete it?"),
    ],
)
def test_an_unbacked_claim_is_cut_and_the_user_told_what_did_not_happen(
    reply: str, done: set[str], sent: str
) -> None:
    checked = check_claims(reply, done)
    assert checked.text == sent
    assert checked.rewritten == (sent != reply)
