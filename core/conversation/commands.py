"""What /state, /pending, /why, /history and /status answer, for whichever front end asks.

Each reads one user's entities (their own, the shared ones, the family) and
returns the answer's text; ``CanonChat`` sends it, Telegram's handlers only
parse the command's argument.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from core.conversation import texts
from core.conversation.agenda import errands_to_do
from core.conversation.audience import Audience
from core.conversation.field_match import known_fields, matching_fields, valued_as
from core.conversation.plain_commands import nothing_named, plain_query
from core.conversation.provenance import user_viewer
from core.conversation.question_notes import in_doubt
from core.domain.fields import DOMAINS
from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact
from core.domain.tense import still_told
from core.domain.whose_word import may_answer, tokens_needed
from core.engine.consistency import today_where
from core.engine.household import facts_for_reader
from core.engine.rollout_state import RolloutReader
from core.store import Store
from core.store.protocol import StoreBackend

WHICH_FIELD = (
    "I hold nothing yet, so there is nothing to explain. Tell me what changed, and /why "
    "shows where I got it."
)
"""A bare /why with nothing held (with something held, the chat offers what is)."""


async def state_answer(
    store: Store,
    audience: Audience,
    user_id: int,
    domain: str | None,
    now: datetime,
    names: Mapping[str, str] | None = None,
) -> str:
    """/state [domain]: current beliefs with age and source; another member's word by
    their name (``names``: the household's members)."""
    if domain is not None and domain not in DOMAINS:
        return f"Unknown domain {domain!r}; use one of {', '.join(DOMAINS)}."
    mine = audience.entity_of(user_id)
    kept, overruled = await facts_for_reader(
        store, audience.entities_of(user_id), mine, audience.configured_names()
    )
    return texts.state_text(kept, now, mine, domain, overruled, names)


async def pending_answer(
    store: StoreBackend,
    audience: Audience,
    user_id: int,
    now: datetime,
    names: Mapping[str, str] | None = None,
) -> str:
    """/pending: what waits for the user's answer, then the errands and bills still to
    do; a question another member's words
    raised on the household is theirs, not listed here (``may_answer``); one whose day
    has gone by (on the user's clock) is asked in the past; another member's word quoted
    from them by name (``names``), as their question does."""
    items = await store.open_review_items(audience.entities_of(user_id))
    mine = audience.entity_of(user_id)
    # Another member's own client is theirs too: its questions name their user by token.
    tokens = await store.api_tokens.tokens() if tokens_needed(items) else ()
    facts = await store.facts(mine)
    today = today_where({f.field: f.value for f in facts}, now)
    theirs_to_answer = [r for r in items if may_answer(r, mine, tokens)]
    to_do = still_to_do(facts, items, mine, now)
    return texts.pending_text(theirs_to_answer, mine, today, names or {}, to_do)


def still_to_do(
    facts: Sequence[CommittedFact], items: Sequence[ReviewItem], mine: str, now: datetime
) -> list[str]:
    """The errands and bills ``mine`` still has to do (``facts``: theirs), soonest first,
    as /pending lists them under "Still to do:"; one an open question of ``items`` doubts
    is left to its question. The HTTP API's and MCP's pending lists give the same, so
    every door calls the same things pending."""
    return errands_to_do(still_told(facts, now), now, mine, in_doubt(items))


async def why_answer(
    store: Store,
    audience: Audience,
    user_id: int,
    query: str | None,
    now: datetime,
    names: Mapping[str, str] | None = None,
) -> str:
    """/why <field|domain|name>: the evidence chain behind each matching value; another
    member's word by their name (``names``: the household's members)."""
    if query is None:
        return WHICH_FIELD
    entities = audience.entities_of(user_id)
    known = await known_fields(store, entities)
    hits = _matches(query, known) or await valued_as(store, entities, query)
    for entity in entities:  # evidence that never committed
        if not hits and await store.events_for(entity, query):
            hits = [(entity, query)]
    if not hits:
        return nothing_named(query, known, audience.entity_of(user_id))
    mine = audience.entity_of(user_id)
    viewer = user_viewer(mine, names=names)
    today = today_where({f.field: f.value for f in await store.facts(mine)}, now)
    blocks = []
    for entity, field in hits:
        fact = await store.fact(entity, field)
        events = await store.events_for(entity, field)
        history = await store.history(entity, field)
        blocks.append(texts.why_text(field, fact, events, history, now, viewer, today))
    return "\n\n".join(blocks)


async def several_named(
    store: Store, audience: Audience, user_id: int, query: str | None
) -> list[tuple[str, str]]:
    """The (entity, field) pairs a /why or /history in plain words names, when it names
    several fields ("rent": its amount, status and currency): one button each. Empty when
    it names one, none, or asks about a whole domain or a dotted prefix ("travel",
    "financial.rent"), which are answered in full."""
    if query is None or "." in query or query.strip().casefold() in DOMAINS:
        return []
    entities = audience.entities_of(user_id)
    hits = _matches(query, await known_fields(store, entities))
    hits = hits or await valued_as(store, entities, query)  # "/why tahoe": the values
    return hits if len({f for _e, f in hits}) > 1 else []


async def history_answer(
    store: Store,
    audience: Audience,
    user_id: int,
    query: str | None,
    names: Mapping[str, str] | None = None,
) -> str:
    """/history [field|domain|name]: how the matching values changed; another member's
    change by their name (``names``: the household's members)."""
    entities = audience.entities_of(user_id)
    mine = audience.entity_of(user_id)
    if query is None:
        entries = [h for e in entities for h in await store.history(e, None)]
        entries.sort(key=lambda h: h.seq)
        return texts.history_text(entries, mine, names)
    known = await known_fields(store, entities)
    hits = _matches(query, known) or await valued_as(store, entities, query)
    if not hits:
        return nothing_named(query, known, audience.entity_of(user_id))
    # One list, newest last: each line names its field in words.
    entries = [h for entity, field in hits for h in await store.history(entity, field)]
    entries.sort(key=lambda h: h.seq)
    return texts.history_text(entries, mine, names)


async def status_answer(rollout: RolloutReader, entity: str) -> str:
    """/status: per domain, what Canon does on its own now for ``entity`` (the speaker's):
    its stage, its own calibration, learning."""
    return texts.status_text(await rollout.statuses(entity))


def _matches(query: str, known: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (entity, field) pairs ``query`` names, in the order ``known`` lists them."""
    fields = [f for _e, f in known]
    # The words a person uses ("my location") when the query itself names nothing.
    wanted = set(matching_fields(query, fields) or matching_fields(plain_query(query), fields))
    return [(e, f) for e, f in known if f in wanted]
