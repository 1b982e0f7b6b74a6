"""Which open questions the user's own newer word outdates (``core.engine.said_of_you``):
what another member or an assistant said of their whereabouts, whole groups, and nothing
else."""

from __future__ import annotations

from datetime import UTC, datetime

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
    assert (outdated_by([item], ALICE, spoke_of) == [item]) is outdated


def test_a_group_goes_together() -> None:
    bobs = _item("travel.location", "user:bob", group="g1")
    same_group = _item("travel.return_date", "system", group="g1")
    other = _item("travel.depart_date", ALICE, group="g2")
    assert outdated_by([bobs, same_group, other], ALICE, {"travel.status"}) == [bobs, same_group]
