"""A member's household question says who committed what since it was asked, naming them
alike on every surface: the chat, ``GET /v1/questions`` and MCP's ``list_pending`` (the
HTTP API and an MCP session on one real store, SQLite and PostgreSQL).

Before: the chat said "Since then, Bob said Lily is well"; the API said "Since then,
another member of the household said ..."; MCP said nothing of it. And when Bob's word
reached the field through his delegate (his assistant answering his own question Yes,
committed as ``token:<id>``), no surface said anything: the line was looked up by the
fact's principal, and a token's ref is no member. Now the fact is the member's word
whichever of their doors wrote it, and named by the household's name for them (a
configured name, or one the member told Canon), "another member of the household" when
Canon knows none.

The mirror of "her question stays hers" (the twenty-sixth round): Bob's own unsure "I
think Lily is sick" stays his when Alice's Yes commits that very value. Decided: it stays
open (not closed as settled) and says "Since then, Alice said Lily is sick": his word is
his, and closing it on her Yes would make it hang on hers (were she to undo hers, his
would be gone unasked, the absorbed-word defect trust26c fixed, the other way round).
His Yes is then his own word too; his No leaves hers standing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api
from canon_testing import NOW
from test_members_question_stays_api import LILY, _asked, _bob_states, _says
from test_members_question_stays_api import api as api  # the fixture: SQLite and PostgreSQL

from core.api.bodies import definitions
from core.api.tokens import issue_token
from core.client.results import SaidSince as ClientSaidSince
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE
from core.domain.timeutil import format_ts
from core.mcp.models import SaidSince
from core.mcp.scoped import Scope, ScopedCanon

Step = Callable[[Api], Awaitable[None]]


async def _names_told(api: Api) -> None:
    await api.confirmed(ALICE, "my name is Alice")
    await api.confirmed(BOB, "my name is Bob")


async def _answer(api: Api, who: str, answer: str, value: str = "sick") -> None:
    [question] = [q for q in await _asked(api, who) if q["candidate_value"] == value]
    path = f"/v1/questions/{question['id']}/answer"
    answered = await api.call(who, "POST", path, json_body={"answer": answer})
    assert answered.status == 200, answered.body


async def _bob_states_well(api: Api) -> None:
    await _says(api, ALICE, "I think Lily is sick")
    await _bob_states(api, "well")


async def _bobs_delegate_answers_his_own(api: Api) -> None:
    """Bob's unsure word, then Alice's; his assistant (a delegate token) answers his Yes."""
    await _says(api, BOB, "I think Lily is well")
    await _says(api, ALICE, "I think Lily is sick")
    made = await issue_token(
        api.engine, BOB, "assistant", NOW, role="delegate", reach=(HOUSEHOLD_SCOPE,)
    )
    api.tokens["bob's delegate"] = made.secret
    [his] = await _asked(api, BOB)
    path = f"/v1/questions/{his['id']}/answer"
    answered = await api.call("bob's delegate", "POST", path, json_body={"answer": "yes"})
    assert answered.status == 200, answered.body
    fact = await api.engine.store.fact(FAMILY, LILY)
    assert fact is not None
    assert (fact.value, fact.principal) == ("well", f"token:{made.token.id}")


async def _alice_confirms_bobs_value(api: Api) -> None:
    """Both unsure of the same value, each asked; Alice's Yes commits it."""
    await _says(api, ALICE, "I think Lily is sick")
    await _says(api, BOB, "I think Lily is sick")
    await _answer(api, ALICE, "yes")


def _line(who: str, said: str) -> str:
    return f"Since then, {who} said Lily is {said}. Still want to answer?"


CASES = [
    pytest.param(_bob_states_well, ALICE, _line("Bob", "well"), id="Bob's plain word"),
    pytest.param(
        _bobs_delegate_answers_his_own, ALICE, _line("Bob", "well"), id="Bob's delegate's Yes"
    ),
    pytest.param(_alice_confirms_bobs_value, BOB, _line("Alice", "sick"), id="Alice's Yes"),
]


async def _shown(api: Api, reader: str) -> tuple[str, str]:
    """The reader's one open question as the API and MCP show it."""
    [listed] = await _asked(api, reader)
    mcp = ScopedCanon(api.engine, Scope.of(reader, HOUSEHOLD), clock=lambda: NOW)
    [pending] = (await mcp.pending()).pending
    assert pending.id == listed["id"]
    return str(listed["question"]), pending.prompt


@pytest.mark.parametrize(("commit", "reader", "line"), CASES)
async def test_the_since_line_names_the_member_on_every_surface(
    api: Api, commit: Step, reader: str, line: str
) -> None:
    await _names_told(api)
    await commit(api)

    over_api, over_mcp = await _shown(api, reader)

    assert over_api.endswith(f"\n{line}"), over_api
    assert f"\n• {line}\n[Yes] [No] [Edit]" in over_mcp, over_mcp


@pytest.mark.parametrize(("commit", "reader", "line"), CASES)
async def test_a_member_canon_knows_no_name_of_is_another_member(
    api: Api, commit: Step, reader: str, line: str
) -> None:
    await commit(api)

    over_api, over_mcp = await _shown(api, reader)

    nameless = line.replace("Bob", "another member of the household").replace(
        "Alice", "another member of the household"
    )
    assert over_api.endswith(f"\n{nameless}"), over_api
    assert f"\n• {nameless}\n" in over_mcp, over_mcp


@pytest.mark.parametrize(("answer", "by"), [("yes", BOB), ("no", ALICE)])
async def test_bobs_question_after_alices_yes_is_his_to_answer(
    api: Api, answer: str, by: str
) -> None:
    """His Yes makes the value his word too; his No rejects his word only, hers stands."""
    await _alice_confirms_bobs_value(api)

    await _answer(api, BOB, answer)

    assert await _asked(api, BOB) == []
    fact = await api.engine.store.fact(FAMILY, LILY)
    assert fact is not None
    assert (fact.value, fact.principal) == ("sick", by)


SPEAKERS = [  # the case, whose later word it is, the value they committed
    pytest.param(_bob_states_well, ALICE, ("Bob", BOB, "well"), id="Bob's plain word"),
    pytest.param(
        _bobs_delegate_answers_his_own, ALICE, ("Bob", BOB, "well"), id="Bob's delegate's Yes"
    ),
    pytest.param(_alice_confirms_bobs_value, BOB, ("Alice", ALICE, "sick"), id="Alice's Yes"),
]


@pytest.mark.parametrize("named", [True, False], ids=["named", "nameless"])
@pytest.mark.parametrize(("commit", "reader", "speaker"), SPEAKERS)
async def test_the_since_word_is_a_field_of_its_own_on_the_api_and_mcp(
    api: Api, commit: Step, reader: str, speaker: tuple[str, str, str], named: bool
) -> None:
    """An assistant reads whose later word it is from ``said_since`` (the schema's
    ``SaidSince``), not from the prose: the member's user entity even when Canon knows no
    name for them (a delegate's commit is its member's), the value, when, and the line
    the text ends with; the reader's other questions say null."""
    if named:
        await _names_told(api)
    await commit(api)
    name, member, value = speaker
    by = name if named else "another member of the household"

    [listed] = await _asked(api, reader)
    mcp = ScopedCanon(api.engine, Scope.of(reader, HOUSEHOLD), clock=lambda: NOW)
    [pending] = (await mcp.pending()).pending

    fact = await api.engine.store.fact(FAMILY, LILY)
    assert fact is not None
    expected = {
        "by": by,
        # By name as every other view of a write says it (``Member``), never a user id.
        "by_member": {"name": name if named else None, "you": False},
        "member": member,  # deprecated (its schema says so), kept for older clients
        "value": value,
        "committed_at": format_ts(fact.committed_at),
        "line": _line(by, value),
    }
    assert listed["said_since"] == expected
    assert pending.said_since is not None
    assert pending.said_since.model_dump() == expected
    assert str(listed["question"]).endswith(str(expected["line"]))


async def test_a_question_nobody_spoke_since_says_null(api: Api) -> None:
    await _says(api, ALICE, "I think Lily is sick")
    [listed] = await _asked(api, ALICE)
    mcp = ScopedCanon(api.engine, Scope.of(ALICE, HOUSEHOLD), clock=lambda: NOW)
    [pending] = (await mcp.pending()).pending
    assert (listed["said_since"], pending.said_since) == (None, None)


def test_the_schema_names_by_member_and_marks_the_user_id_deprecated() -> None:
    """Additive: ``by_member`` beside ``member``; ``member`` still sent, marked deprecated
    (JSON Schema's and OpenAPI 3.1's ``deprecated``) with what to read instead."""
    said_since = definitions()["SaidSince"]
    assert said_since["properties"]["by_member"]["$ref"] == "#/$defs/Member"
    member = said_since["properties"]["member"]
    assert member["deprecated"] is True
    assert "read by_member instead" in member["description"]
    assert {"by", "by_member", "member"} <= set(said_since["required"])
    mcp = SaidSince.model_json_schema()["properties"]
    assert mcp["member"]["deprecated"] is True
    assert "by_member" in mcp


async def test_a_client_reads_the_name_and_an_older_servers_said_since_still_reads(
    api: Api,
) -> None:
    await _names_told(api)
    await _bob_states_well(api)
    [listed] = await _asked(api, ALICE)
    now = ClientSaidSince.read(listed["said_since"])
    assert now is not None
    assert (now.by, now.name, now.member) == ("Bob", "Bob", BOB)
    older = {k: v for k, v in listed["said_since"].items() if k != "by_member"}
    before = ClientSaidSince.read(older)
    assert before is not None
    assert (before.by, before.name, before.member) == ("Bob", None, BOB)
