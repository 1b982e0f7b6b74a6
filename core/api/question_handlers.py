"""The HTTP API's handlers for its questions: the open ones the token's user may answer,
an answer (Yes, No or Edit, as a tap in the chat), and forget and undo, which each raise
one (``core.engine.corrections``). Answers go through ``answer_review``, as the chat's do.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.api.call import Call, household_of
from core.api.overtaken_answers import overtaken_problem, seen_since
from core.api.problems import Problem
from core.api.response_views import question_body, question_shown
from core.conversation.commands import still_to_do
from core.conversation.held_values import held_by_writer
from core.conversation.said_since import names_of_speakers, said_since
from core.domain.whose_word import may_answer, tokens_needed
from core.engine.corrections import propose_forget, propose_undo
from core.engine.engine import AnswerAction
from core.engine.part_answers import reject_parts
from core.engine.review import answer_review
from core.errors import Overtaken, UnknownPlace
from core.store import ReviewItem

ACTIONS: dict[str, AnswerAction] = {"yes": "confirm", "no": "reject", "edit": "edit"}


async def get_questions(c: Call) -> dict[str, Any]:
    """The open questions the token's user may answer: one another member's words raised
    on the household is theirs (``may_answer``), neither listed nor shown here."""
    items = await c.engine.store.open_review_items(list(c.entities()))
    tokens = await c.engine.store.api_tokens.tokens() if tokens_needed(items) else ()
    reader = c.token.entity_id
    configured = c.services.audience.configured_names()
    mine = [
        await held_by_writer(c.engine.store, r, reader, configured)
        for r in items
        if may_answer(r, reader, tokens)
    ]
    # A member's own question says what another member committed since it was asked,
    # naming them as the chat does.
    since = [await said_since(c.engine.store, r, reader) for r in mine]
    names = await names_of_speakers(
        c.engine.store,
        household_of(c.token, c.services.audience, (), any_role=True),
        since,
        c.services.audience.configured_names(),
    )
    # The errands and bills still to do, as the chat's /pending lists them beside these.
    facts = await c.engine.store.facts(reader)
    return {
        "questions": [
            await question_body(c, r, s, names if s else {})
            for r, s in zip(mine, since, strict=True)
        ],
        "to_do": still_to_do(facts, items, reader, c.now),
    }


async def answer_question(c: Call) -> dict[str, Any]:
    """Yes, No or Edit, as the user's tap in the chat: a Yes or No answers the question's
    whole group (what one message raised, asked as one: "Back home in Portland?" is the
    location and the trip's end together; answering one part alone would leave the other
    to be asked apart), a No with ``parts`` those parts alone (the chat's "Which part is
    wrong?"), an Edit the one question. An edit is checked by its field's kind
    as the bot checks it (a place nobody knows is a 422 ``unknown-place`` problem unless
    ``new_place`` insists)."""
    new_place = c.body.get("new_place", False)
    if new_place and c.body["answer"] != "edit":
        raise Problem(422, "new_place goes with an edit only", kind="invalid-input")
    whole_group = c.body["answer"] != "edit"
    # A Yes or No answers the question's group: read with it, in one statement.
    item, others, ends = await _own_item(c, c.path["question_id"], with_group=whole_group)
    _not_its_own_proposal(c, [item, *(others or ())])
    if "parts" in c.body:  # No to these parts alone ("Which part is wrong?" in the chat)
        return await _answer_parts(c, item, c.body["parts"])
    try:
        result = await answer_review(
            c.engine,
            item.id,
            ACTIONS[c.body["answer"]],
            c.body.get("value"),
            now=c.now,
            answered_by=c.answered_by,
            rules=c.services.rules,
            principal=c.principal,
            whole_group=whole_group,
            new_place=new_place,
            entities=c.entities(),  # a place any entity the token reaches knows is known
            item=item,  # read just now for the reach check: not read twice more
            others=others,
            ends=ends,
            seen=seen_since(c.body.get("seen_since")),
        )
    except Overtaken as e:
        raise await overtaken_problem(c, item, e.fact) from None
    except UnknownPlace as e:
        detail = f'{e}; to use it anyway, send the edit again with "new_place": true'
        raise Problem(422, detail, kind="unknown-place") from None
    return {
        "question": await question_shown(c, result.item),
        "status": result.status,
        "committed": result.committed,
        "committed_value": result.committed_value,
        "also_settled": [await question_shown(c, r) for r in result.implied],
    }


def _not_its_own_proposal(c: Call, group: list[ReviewItem]) -> None:
    """One token, two doors: over MCP it is an assistant whose proposal is the user's to
    settle; over HTTP a ``user`` token answers as the user. What it proposed there it
    does not confirm (nor reject) here: a 403 problem."""
    mine = f"token:{c.token.id}"
    if c.principal.is_user and any(r.principal == mine for r in group):
        raise Problem(
            403,
            "this question was raised by this token's own proposal (over MCP): only the "
            "user can settle it, in the chat or in another client",
            kind="claim-refused",
        )


async def _answer_parts(c: Call, item: ReviewItem, parts: list[str]) -> dict[str, Any]:
    """No to ``parts`` of ``item``'s group alone, as the chat's "Which part is wrong?":
    each rejected through ``answer_review`` (who may answer is decided there, as for any
    No), the rest left open and listed as asked again. A part not open in the group is a
    422 problem and nothing changes."""
    done = await reject_parts(
        c.engine,
        item.id,
        parts,
        now=c.now,
        answered_by=c.answered_by,
        rules=c.services.rules,
        principal=c.principal,
        entities=c.entities(),
        reach=c.reach,
    )
    now_read = await c.engine.store.review_item(item.id) or item
    return {
        "question": await question_shown(c, now_read),
        "status": now_read.status,
        "committed": False,
        "committed_value": None,
        "also_settled": [await question_shown(c, r) for a in done.answers for r in a.implied],
        "parts_rejected": [await question_shown(c, a.item) for a in done.answers],
        "asked_again": [await question_shown(c, r) for r in done.rest],
    }


async def post_forget(c: Call) -> dict[str, Any]:
    entities = c.entities(c.body.get("entity_id"))
    item = await propose_forget(
        c.engine,
        entities,
        c.body["field"],
        c.now,
        principal=c.principal.ref,
        names=c.services.audience.configured_names(),
    )
    return {"question": await question_body(c, item)}


async def post_undo(c: Call) -> dict[str, Any]:
    entities = c.entities(c.body.get("entity_id"))
    names = c.services.audience.configured_names()
    item = await propose_undo(c.engine, entities, c.now, principal=c.principal.ref, names=names)
    return {"question": await question_body(c, item)}


async def _own_item(
    c: Call, item_id: str, *, with_group: bool
) -> tuple[ReviewItem, list[ReviewItem] | None, dict[str, datetime] | None]:
    """The question ``item_id`` if the token reaches its entity, 404 alike otherwise; and
    ``with_group``, the other open questions of its group and the ends their words gave
    (``Store.question_and_group``; else None)."""
    store = c.engine.store
    others: list[ReviewItem] | None = None
    ends: dict[str, datetime] | None = None
    if with_group:
        read = await store.question_and_group(item_id)
        item, others, ends = (None, None, None) if read is None else read
    else:
        item = await store.review_item(item_id)
    if item is None or item.entity_id not in c.reach:
        raise Problem(404, f"no question {item_id}")
    return item, others, ends
