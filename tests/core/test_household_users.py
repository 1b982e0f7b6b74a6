"""Which user of the household a name said in a message is (``core.domain.household``)."""

from __future__ import annotations

import pytest

from core.domain.household import (
    NO_USERS,
    household_users,
    member_slug_user,
    name_key,
)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Alice", "alice"),
        ("  Alice Smith ", "alice"),  # the first name is what people say
        ("mary-jane", "mary-jane"),
        ("O'Neil", "o'neil"),
        ("", None),
        ("42", None),
        ("@al", None),
        ("J", None),  # one letter is no name to match on
    ],
)
def test_a_user_is_matched_by_the_first_word_of_their_name(name: str, key: str | None) -> None:
    assert name_key(name) == key


@pytest.mark.parametrize(
    ("configured", "said", "word", "user"),
    [
        # The name a user told Canon (their committed profile.name) links.
        ({}, {"user:alice": "Alice", "user:bob": None}, "ALICE", "user:alice"),
        # A configured name links too, and a configured nickname beside the told name.
        ({"user:alice": "Ally"}, {"user:alice": "Alice"}, "ally", "user:alice"),
        ({"user:alice": "Ally"}, {"user:alice": "Alice"}, "alice", "user:alice"),
        # A name Canon does not know is nobody: no guess from the entity id.
        ({}, {"user:alice": None}, "alice", None),
        # Two users called Sam: neither is linked, Canon does not pick one.
        ({}, {"user:sam": "Sam", "user:primary": "Sam Jones"}, "sam", None),
        ({}, {"user:alice": "Alice"}, "emma", None),
        # The owner's configuration wins over a name another user gives themself: Bob
        # calling himself "Alice" neither takes her name nor unlinks it.
        ({"user:alice": "Alice"}, {"user:bob": "Alice", "user:alice": None}, "alice", "user:alice"),
        ({"user:alice": "Alice"}, {"user:bob": "alice smith"}, "ALICE", "user:alice"),
        ({"user:alice": "Alice", "user:bob": "Bob"}, {"user:bob": "Alice"}, "bob", "user:bob"),
        # Two users configured with one name: neither, as for told names.
        ({"user:alice": "Sam", "user:bob": "Sam"}, {}, "sam", None),
    ],
)
def test_a_name_links_to_the_one_user_it_names(
    configured: dict[str, str], said: dict[str, str | None], word: str, user: str | None
) -> None:
    assert household_users(configured, said).user_named(word) == user


def test_the_shown_name_is_the_configured_one_and_a_token_narrows_to_its_user() -> None:
    users = household_users({"user:bob": "Bobby"}, {"user:bob": "Bob", "user:alice": "Alice"})
    assert users.name_of("user:bob") == "Bobby"
    assert users.name_of("user:alice") == "Alice"
    only = users.only(["user:alice"])
    assert (only.user_named("bob"), only.user_named("alice")) == (None, "user:alice")
    assert not NO_USERS
    assert users


@pytest.mark.parametrize(
    ("field", "user"),
    [
        ("family.alice.status", "user:alice"),
        ("family.emma.status", None),
        ("family.alice.schedule", None),  # an activity, not a person's status
        ("travel.location", None),
    ],
)
def test_a_household_status_is_about_a_user_when_its_member_is_one(
    field: str, user: str | None
) -> None:
    assert member_slug_user(household_users({}, {"user:alice": "Alice"}), field) == user


@pytest.mark.parametrize(
    ("configured", "said", "shown"),
    [
        # A user is shown by the name they told Canon when it is theirs alone...
        ({}, {"user:bob": "Bob"}, "Bob"),
        # ...never by another user's name (Alice's question would read "Alice says ..."),
        ({"user:alice": "Alice"}, {"user:bob": "Alice"}, None),
        ({}, {"user:alice": "Alice", "user:bob": "alice"}, None),
        # nor by a word that speaks for Canon or the reader ("Canon says you're ...").
        ({}, {"user:bob": "Canon"}, None),
        ({}, {"user:bob": "System"}, None),
        ({}, {"user:bob": "you"}, None),
        ({}, {"user:bob": "Assistant"}, None),
        # The owner's configuration is shown as configured.
        ({"user:bob": "Bobby"}, {"user:bob": "Canon"}, "Bobby"),
    ],
)
def test_a_speaker_is_shown_by_a_name_that_is_theirs_alone(
    configured: dict[str, str], said: dict[str, str | None], shown: str | None
) -> None:
    users = household_users(configured, said)
    assert users.name_of("user:bob") == shown
    if shown is None:
        assert users.user_named((said.get("user:bob") or "").split()[0]) != "user:bob"
