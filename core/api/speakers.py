"""Whose words a token's request speaks, among the household's users.

A person's own client (a ``user`` token, or a ``delegate`` relaying their words) speaks
among the household's users as they do in the chat: "alice is in tahoe" from Bob's
client, or his token's "family.alice.status = away", is Alice's whereabouts, asked of her
(``core.signals.intake``), never the household's fact on his word; his outcome says she is
asked and gives him no handle on her question. An assistant's token links its own user's
name only when it speaks, but what it says placing another user is asked of her too.
"""

from __future__ import annotations

from typing import Any

from core.api.call import Call, household_of, speaks_in_household
from core.domain.claims import Claimed
from core.domain.household import HouseholdUsers
from core.engine.household import UsersToName, users_by_name
from core.signals.intake import placed_users


def theirs(c: Call, users: HouseholdUsers, shown: dict[str, Any]) -> dict[str, Any]:
    """An outcome on another user's own entity ("alice is in tahoe" from Bob): asked of
    her, in her client or chat; the speaker is told so, and is given no handle on her
    question (his token does not reach her entity: it is hers to answer)."""
    entity = shown["entity_id"]
    if entity is None or entity in c.reach:
        return shown
    if shown["review_item_id"] is not None:
        who = users.name_of(entity) or "the person it is about"
        shown["notices"] = [*shown["notices"], f"I'll ask {who} to confirm it."]
    return {**shown, "review_item_id": None}


async def speakers_household(c: Call, *, any_role: bool = False) -> HouseholdUsers:
    """The household's users by name for what the token's user says (``household_of``):
    "alice is in tahoe" from Bob's own client is Alice's whereabouts, asked of her, as
    in the chat; an assistant's token links its own user only (``token_user``), unless
    ``any_role``."""
    return await (await speakers_to_name(c, any_role=any_role)).named(c.engine.store, (), ())


async def speakers_to_name(c: Call, *, any_role: bool = False) -> UsersToName:
    """``speakers_household``'s users, named when a read brings their facts anyway (a
    message's intake reads the speaker's): no ``profile.name`` read of its own a message.
    The tokens are read only when the token speaks in a household (``household_of``)."""
    audience = c.services.audience
    speaks = speaks_in_household(c.token, audience, any_role=any_role)
    tokens = await c.engine.store.api_tokens.tokens() if speaks else ()
    members = household_of(c.token, audience, tokens, any_role=any_role)
    return UsersToName(tuple(members), audience.configured_names())


def placed(c: Call, users: HouseholdUsers, claimed: Claimed) -> Claimed:
    """``claimed`` with a household status that places a user of the household
    ("family.alice.status = away" from Bob's token) made her whereabouts, asked of her
    (``placed_users``), as the same words in a message are: never the household's fact
    on another's word."""
    p = claimed.payload
    if not users or not isinstance(p, dict) or not isinstance(p.get("field"), str):
        return claimed
    speaker = c.token.entity_id
    [taken] = placed_users([p], speaker, users, by_user=c.principal.is_user) or [p]
    return claimed if taken is p else Claimed(taken, claimed.notices)


async def token_user(c: Call) -> HouseholdUsers:
    """The token's own user by name (``core.engine.household``): "Alice is back home" from
    Alice's assistant is about her own whereabouts, asked of her. A token speaks for its
    own entity only, so no other user's name is linked through it."""
    audience = c.services.audience
    return await users_by_name(c.engine.store, [c.token.entity_id], audience.configured_names())
