"""A clause about a user of the household, by name, put in that user's own words
(``core.extraction.reported_users``): what Bob says of Alice is read as Alice would say
it, and the rest of the message stays Bob's."""

from __future__ import annotations

import pytest

from core.extraction.reported_users import first_person, pieces

USERS = {"alice": "user:alice", "sam": "user:sam"}


def named(word: str) -> str | None:
    return USERS.get(word.lower())


@pytest.mark.parametrize(
    ("clause", "name", "said"),
    [
        # "is", "'s" before a state, and the verb agreeing with "I"
        ("alice is in tahoe", "alice", "I am in tahoe"),
        ("Alice is back home", "Alice", "I am back home"),
        ("alice's in tahoe till sunday", "alice", "I'm in tahoe till sunday"),
        ("Sam's been in Denver all week", "Sam", "I've been in Denver all week"),
        ("alice isn't home yet", "alice", "I am not home yet"),
        ("sam flies to austin tmrw", "sam", "I fly to austin tmrw"),
        ("Alice lands tomorrow at 5", "Alice", "I land tomorrow at 5"),
        ("sam leaves for boston on friday", "sam", "I leave for boston on friday"),
        ("alice got home last night", "alice", "I got home last night"),
        ("Alice has landed", "Alice", "I have landed"),
        ("alice will be back sunday", "alice", "I will be back sunday"),
        # a possessive stays one: her flight is "my flight"
        ("alice's flight lands at 5", "alice", "my flight lands at 5"),
        # later pronouns in the clause are hers too
        ("alice flew to tahoe, she's back sunday", "alice", "I flew to tahoe, I'm back sunday"),
        ("sam drove up and his car broke down", "sam", "I drove up and my car broke down"),
    ],
)
def test_a_clause_about_a_user_is_put_as_they_would_say_it(
    clause: str, name: str, said: str
) -> None:
    assert first_person(clause, name) == said


@pytest.mark.parametrize(
    "clause",
    [
        "alice and bob are in tahoe",  # two people: not hers alone
        "alice says she's in tahoe",  # what she says is another claim, not this one
        "alice",
    ],
)
def test_a_name_followed_by_no_verb_of_hers_is_left_alone(clause: str) -> None:
    assert first_person(clause, clause.split()[0]) is None


@pytest.mark.parametrize(
    ("text", "theirs", "own"),
    [
        ("alice is in tahoe", ["I am in tahoe"], ""),
        # the speaker's own clause before or after stays the speaker's
        ("i'm home but alice is still in tahoe", ["I am still in tahoe"], "i'm home but "),
        (
            "ok so alice is away in denver this week and I'm home with the kids",
            ["I am away in denver this week"],
            "ok so  and I'm home with the kids",
        ),
        ("emma is sick. sam flew to austin", ["I flew to austin"], "emma is sick. "),
        ("fyi alice is in tahoe", ["I am in tahoe"], "fyi "),
        ("Update: Sam landed in Denver", ["I landed in Denver"], "Update: "),
        ("btw Alice's back home", ["I'm back home"], "btw "),
        # a name the household does not link, a question, an order: all the speaker's
        ("emma is in tahoe", [], "emma is in tahoe"),
        ("where is alice?", [], "where is alice?"),
        ("tell alice I'm home", [], "tell alice I'm home"),
    ],
)
def test_a_message_is_cut_into_the_speakers_own_words_and_a_users(
    text: str, theirs: list[str], own: str
) -> None:
    cut = pieces(text, named)
    assert "".join(p.text for p in cut) == text  # nothing lost, nothing added
    assert [p.first_person for p in cut if p.user is not None] == theirs
    assert "".join(p.text for p in cut if p.user is None) == own


@pytest.mark.parametrize(
    ("text", "theirs", "own"),
    [
        # the speaker and a user together: the clause is the speaker's own, and the user's
        ("alice and I are in tahoe", ["I am in tahoe"], "alice and I are in tahoe"),
        ("Me and Sam flew to Denver last night", ["I flew to Denver last night"], None),
        ("fyi I and alice were in tahoe all week", ["I was in tahoe all week"], None),
        ("sam & me land at 5. emma is sick", ["I land at 5"], None),
        ("so alice and me are back home now", ["I am back home now"], None),
        ("Alice and I aren't home yet", ["I am not home yet"], None),
        # the clause hands the sentence back to the speaker alone
        ("alice and I are in tahoe but I'm flying home sunday", ["I am in tahoe"], None),
        # two users, or a user and someone else: nobody's alone, all the speaker's
        ("alice and sam are in tahoe", [], None),
        ("alice and emma are in tahoe", [], None),
        ("my mom and I are in tahoe", [], None),
    ],
)
def test_a_clause_about_the_speaker_and_a_user_together_is_both_of_theirs(
    text: str, theirs: list[str], own: str | None
) -> None:
    cut = pieces(text, named)
    assert "".join(p.text for p in cut) == text
    assert [p.first_person for p in cut if p.user is not None] == theirs
    # the speaker keeps every word: their own part and the one they share
    assert "".join(p.text for p in cut if p.user is None or p.shared) == (own or text)
