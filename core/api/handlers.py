"""The HTTP API's handlers: each reads its ``Call``, asks core, and returns the body.

Thin on purpose: a message goes through the same extraction and engine as a chat
message (``message_observations``, ``Engine.ingest_batch``), and every view is
``core.conversation.views``'. What a token may see is ``Call.reach``. The questions'
handlers (list, answer, forget, undo) are ``core.api.question_handlers``.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import version
from typing import Any

from core.api.bodies import words_limit
from core.api.call import Call
from core.api.problems import Problem
from core.api.response_views import (
    claim_behind,
    outcome_body,
    question_body_by_id,
    reader_of,
)
from core.api.speakers import placed, speakers_household, speakers_to_name, theirs, token_user
from core.conversation.change_views import answer_acts, changes_view, related_history
from core.conversation.context_read import load_context
from core.conversation.message_dead_letters import dead_letter_message
from core.conversation.message_intake import message_observations
from core.conversation.views import dead_letter_view, said_of_you_view, state_view, why_view
from core.domain.claims import Claimed, claim_observation, message_claimant
from core.domain.dead_letters import letter_entity, writers_own
from core.domain.errands import meaning_fields
from core.domain.error_sentences import plain_reason
from core.domain.evidence_time import message_time_errors
from core.domain.ids import new_id
from core.domain.timeutil import format_ts, parse_ts
from core.domain.validation import message_length_errors, message_text_hazards
from core.engine.engine import Outcome
from core.engine.household import UsersToName, facts_for_reader
from core.errors import ClaimRefused


async def health(_call: Call | None) -> dict[str, Any]:
    return {"status": "ok", "version": _version()}


@cache
def _version() -> str:
    # Read once: importlib.metadata parses the installed packages' metadata on every
    # call (about 15 ms of CPU), and a health check is what a load balancer polls.
    return version("canon-state")


async def _dead_letter(c: Call, ref: str, at: str, errors: list[str]) -> Outcome:
    """The message of ``c`` kept whole in the dead-letter queue, unread, for ``errors``."""
    return await dead_letter_message(
        c.engine,
        c.body["text"],
        at=at,
        entity_id=c.token.entity_id,
        message_ref=ref,
        errors=errors,
        now=c.now,
        principal=c.principal,
    )


async def post_message(c: Call) -> dict[str, Any]:
    """The user's words: a ``user``'s own or relayed by a ``delegate``; a plain ``agent``'s
    message is agent evidence, asked before anything is committed."""
    claimant = message_claimant(c.claimant)  # ClaimRefused: a 403 problem
    at = parse_ts(c.body["at"]) if "at" in c.body else c.now
    ref = f"api:{c.token.id}:{c.body.get('message_id') or new_id()}"
    too_long = message_length_errors(c.body["text"], words_limit("MessageRequest", "text"))
    if too_long:  # checked in part only (``as_checked``): refused, kept, nothing read
        await _dead_letter(c, ref, c.body.get("at", format_ts(c.now)), too_long)
        raise Problem(
            422, plain_reason(too_long[0]), kind="text-too-long", extra={"errors": too_long}
        )
    unreadable = message_text_hazards(c.body["text"])
    if unreadable:  # as in chat: kept in the dead-letter queue, refused, nothing read
        await _dead_letter(c, ref, c.body.get("at", format_ts(c.now)), unreadable)
        raise Problem(
            422, plain_reason(unreadable[0]), kind="unreadable-text", extra={"errors": unreadable}
        )
    late = message_time_errors(c.body.get("at", ""), at, c.now, c.engine.policy.clock_skew)
    if late:  # a message from the future (or before 1970) is not read, it is dead-lettered
        refused = await _dead_letter(c, ref, c.body["at"], late)
        return {
            "observations": 0,
            "outcomes": [outcome_body(0, refused, Claimed(None))],
            "questions": [],
        }
    payloads = await message_observations(
        c.engine,
        c.body["text"],
        at=at,
        entity_id=c.token.entity_id,
        message_ref=ref,
        extractor=c.services.extractor,
        family_entity=c.services.audience.family_entity,
        users=(to_name := await speakers_to_name(c)),
        by_user=c.principal.is_user,
    )
    # Named by the intake from the speaker's facts it read: not read again here.
    users = to_name.last_named
    if users is None:
        users = await to_name.named(c.engine.store, (), ())
    claimed = (
        [Claimed(p) for p in payloads]
        if claimant is None
        else [claim_observation(p, claimant) for p in payloads]
    )
    outcomes = await _ingest(c, claimed)
    asked = [
        o.review_item_id
        for o in outcomes
        if o.review_item_id is not None and o.entity_id in c.reach
    ]
    # A question shown at once came back from the write that showed it, as its row
    # then was: not read again (only one left queued behind the cap is).
    shown = {r.id: r for o in outcomes for r in o.promoted}
    return {
        "observations": len(payloads),
        "outcomes": [
            theirs(c, users, outcome_body(i, o, claim_behind(claimed, i)))
            for i, o in enumerate(outcomes)
        ],
        "questions": [
            await question_body_by_id(c, item_id, shown.get(item_id)) for item_id in asked
        ],
    }


def _token_user(c: Call) -> UsersToName:
    """The token's own user by name (``core.engine.household``): "Alice is back home" from
    Alice's assistant is about her own whereabouts, asked of her. A token speaks for its
    own entity only, so no other user's name is linked through it. Named from the facts
    the handler reads anyway (the speaker's, the context's), not by a read of its own."""
    audience = c.services.audience
    return UsersToName((c.token.entity_id,), audience.configured_names())


async def post_observations(c: Call) -> dict[str, Any]:
    items: list[Any] = c.body["observations"]
    # Refused whole, before anything is read: a token writes only what it reaches.
    foreign = sorted(
        {
            p["entity_id"]
            for p in items
            if isinstance(p, dict)
            and isinstance(p.get("entity_id"), str)
            and p["entity_id"] not in c.reach
        }
    )
    if foreign:
        raise Problem(
            403,
            f"this token cannot reach {', '.join(foreign)}; nothing was ingested",
            kind="out-of-reach",
        )
    # Refused whole too: a claim the token's role may not make (downgrades are notices).
    claimed: list[Claimed] = []
    for i, p in enumerate(items):
        try:
            claimed.append(claim_observation(p, c.claimant))
        except ClaimRefused as e:
            raise Problem(
                403,
                f"observations[{i}]: {e}; nothing was ingested",
                kind="claim-refused",
            ) from None
    if c.token.role != "signals":
        users = await speakers_household(c, any_role=True)
        claimed = [placed(c, users, x) for x in claimed]
    else:
        users = await token_user(c)
    outcomes = await _ingest(c, claimed)
    return {
        "received": len(items),
        "results": [
            theirs(c, users, outcome_body(i, o, claim_behind(claimed, i)))
            for i, o in enumerate(outcomes)
        ],
    }


async def get_context(c: Call) -> dict[str, Any]:
    budget = c.query.get("max_tokens", c.services.audience.context_tokens)
    block = await load_context(
        c.engine.store,
        c.engine.policy,
        list(c.entities()),
        c.now,
        token_budget=budget,
        viewer=c.token.entity_id,  # another member's words are quoted to the token's user
        users=_token_user(c),
    )
    return {
        "text": block.text,
        "tokens": block.tokens,
        "facts_shown": block.facts_shown,
        "facts_omitted": block.facts_omitted,
    }


async def get_state(c: Call) -> dict[str, Any]:
    """The committed facts the token's user may take as true, and what the household says
    of that user that their own word overrules, apart (as /state and the context block)."""
    facts, overruled = await facts_for_reader(
        c.engine.store, c.entities(), c.token.entity_id, c.services.audience.configured_names()
    )
    viewer = await reader_of(c)
    return {
        "entities": state_view(facts, c.now, viewer),
        "said_of_you": [said_of_you_view(o, c.now, viewer) for o in overruled],
    }


async def get_why(c: Call) -> dict[str, Any]:
    entity = c.check_reach(c.query.get("entity", c.token.entity_id))
    field = c.query["field"]
    store = c.engine.store
    fact = await store.fact(entity, field)
    events = await store.events_for(entity, field, None if fact is None else fact.value)
    viewer = await reader_of(c)
    # What the reader may see of it (another member's words before they are a fact: no).
    history = await store.history(entity, field)
    related = await related_history(store, entity, field)
    acts = await answer_acts(store, [*history, *related])
    view = why_view(fact, events, history, c.now, viewer, related, acts)
    if fact is None and not view["evidence"]:
        raise Problem(404, f"nothing is known about {field} of {entity}")
    return {"entity_id": entity, "field": field, **view}


async def get_history(c: Call) -> dict[str, Any]:
    field = c.query.get("field")
    # A field's errand siblings are read too: what its old and new values meant then.
    read = [None] if field is None else meaning_fields(field)
    entries = [h for e in c.entities() for f in read for h in await c.engine.store.history(e, f)]
    viewer = await reader_of(c)
    acts = await answer_acts(c.engine.store, entries)
    return {"changes": changes_view(entries, viewer, None if field is None else [field], acts)}


async def get_dead_letters(c: Call) -> dict[str, Any]:
    """Dead letters whose payload names an entity the token reaches, and those naming none
    that its writer wrote (``writers_own``: a refused body); others stay the owner's."""
    reach = set(c.reach)
    viewer = await reader_of(c)
    letters = [(d, letter_entity(d)) for d in await c.engine.store.dead_letters()]
    return {
        "dead_letters": [
            dead_letter_view(d, viewer, e)
            for d, e in letters
            if e in reach or (e is None and writers_own(d, c.principal))
        ]
    }


async def _ingest(c: Call, claimed: list[Claimed]) -> list[Outcome]:
    """The claimed observations, resolved as the token's principal's writes."""
    if not claimed:
        return []
    payloads = [x.payload for x in claimed]
    return await c.engine.ingest_batch(payloads, now=c.now, principal=c.principal)
