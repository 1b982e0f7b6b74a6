"""Which open questions the user's own newer word outdates (``core.engine.said_of_you``):
what another member or an assistant said of their whereabouts no later than her word (by
evidence time), whole groups, and nothing else."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.domain.review_items import ReviewItem
from core.engine.said_of_you import outdated_by

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
ALICE = "user:alice"


def _item(
    field: str, principal: str | None, *, group: str | None = None, entity: str = ALICE
) -> ReviewItem:
    return ReviewItem(
        id=f"{field}-{principal}-{entity}",
        seq=1,
        kind="change",
        event_id=None,
        entity_id=entity,
        field=field,
        current_value=None,
        candidate_value="x",
        confidence=0.5,
        reasons=(),
        source_key="conversation_assertive:tg:1:2",
        status="pending",
        created_at=NOW,
        promoted_at=NOW,
        answered_at=None,
        answer=None,
        group_key=group,
        principal=principal,
    )


@pytest.mark.parametrize(
    ("item", "spoke_of", "outdated"),
    [
        # another member's or an assistant's word about her whereabouts: outdated
        (_item("travel.location", "user:bob"), {"travel.status"}, True),
        (_item("travel.status", "token:t1"), {"travel.location"}, True),
        (_item("profile.home_city", "user:bob"), {"travel.status"}, True),
        # her own, Canon's, a calendar's: not someone else's word about her
        (_item("travel.location", ALICE), {"travel.status"}, False),
        (_item("travel.location", "system"), {"travel.status"}, False),
        (_item("travel.location", "source:work"), {"travel.status"}, False),
        (_item("travel.location", None), {"travel.status"}, False),
        # another field than hers, or her word was about something else
        (_item("financial.rent.amount", "user:bob"), {"travel.status"}, False),
        (_item("travel.location", "user:bob"), {"financial.rent.amount"}, False),
        # the same field, whatever it is
        (_item("financial.rent.amount", "user:bob"), {"financial.rent.amount"}, True),
        (_item("profile.timezone", "token:t1"), {"profile.timezone"}, True),
        # another entity's question
        (_item("travel.location", "user:alice", entity="user:bob"), {"travel.status"}, False),
    ],
)
def test_her_own_word_outdates_only_what_others_said_of_her_whereabouts(
    item: ReviewItem, spoke_of: set[str], outdated: bool
) -> None:
    now = dict.fromkeys(spoke_of, NOW)
    assert (outdated_by([item], ALICE, now, {item.id: NOW}) == [item]) is outdated


HOUR = timedelta(hours=1)


@pytest.mark.parametrize(
    ("her_word", "their_word", "outdated"),
    [
        (NOW, NOW - HOUR, True),  # hers is newer
        (NOW, NOW, True),  # at the same time: hers is the user's own
        (NOW - HOUR, NOW, False),  # hers was written before theirs, whenever it arrived
        (NOW - 24 * HOUR, NOW, False),
        (NOW, None, True),  # an item with no evidence of its own (older than any)
    ],
)
@pytest.mark.parametrize(
    ("field", "spoke_of"),
    [("travel.location", "travel.status"), ("financial.rent.amount", "financial.rent.amount")],
)
def test_only_her_word_written_no_earlier_than_theirs_outdates_it(
    her_word: datetime, their_word: datetime | None, outdated: bool, field: str, spoke_of: str
) -> None:
    bobs = _item(field, "user:bob")
    said_at = {} if their_word is None else {bobs.id: their_word}
    assert (outdated_by([bobs], ALICE, {spoke_of: her_word}, said_at) == [bobs]) is outdated


def test_a_group_goes_together() -> None:
    bobs = _item("travel.location", "user:bob", group="g1")
    same_group = _item("travel.return_date", "system", group="g1")
    other = _item("travel.depart_date", ALICE, group="g2")
    spoke = {"travel.status": NOW}
    assert outdated_by([bobs, same_group, other], ALICE, spoke) == [bobs, same_group]
