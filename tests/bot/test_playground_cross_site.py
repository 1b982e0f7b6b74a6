"""Another web site the user has open cannot speak or answer as the user in the playground.

Before: the playground (127.0.0.1:8765 by default) took any request. A page on
https://evil.example posted ``{"text": "I live in Moscow now"}`` to ``/ui/say`` as
``text/plain`` (a browser sends that cross-site without asking) and it was the user's own
word, asked "Do you live in Moscow?"; a name rebound to 127.0.0.1 (``Host: evil.example``)
read ``/ui/chat`` with the question's buttons and ``/ui/panel`` with every belief, and its
tap of Yes was the user's confirmation. Now every such request is a 403 and nothing is
read, said or answered; the playground's own page (and a program with no ``Origin``)
works as before.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from budgets import budget
from canon_testing import calibrated_policy

from bot.playground.local_only import loopback_name
from bot.playground.page_key import PageKey, cookie_name
from bot.playground.server import PLAYGROUND_USER, Playground
from core.conversation.responder import OfflineResponder
from core.settings import Settings

pytestmark = pytest.mark.timeout(90)
WITHIN = budget(10.0)
EVIL = "https://evil.example"


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    pg = Playground(
        Settings(store_url=str(tmp_path / "canon.db"), policy=calibrated_policy()),
        responder=OfflineResponder(),
        poll_timeout=1.0,
    )
    await pg.start()
    try:
        yield pg
    finally:
        await pg.stop()


async def _call(
    pg: Playground,
    method: str,
    path: str,
    *,
    headers: dict[str, str],
    data: str | None = None,
    keyed: bool = True,
) -> tuple[int, Any]:
    """One request; ``keyed``: with this start's key (the cookie the page keeps), as a
    site the user has open would send it too (a browser sends cookies cross-site)."""
    cookies = {cookie_name(pg.emulator.port): pg.page_key.key} if keyed else {}
    async with (
        aiohttp.ClientSession(cookies=cookies) as session,
        session.request(
            method, f"http://127.0.0.1:{pg.emulator.port}{path}", headers=headers, data=data
        ) as response,
    ):
        return response.status, await response.text()


async def _asked(pg: Playground, words: str) -> Any:
    """The question the bot asks after the page says ``words``, with its buttons."""
    em = pg.emulator
    await em.wait_for(
        lambda: any(words in m.text and m.buttons for m in em.chat(PLAYGROUND_USER)), WITHIN
    )
    return next(m for m in em.chat(PLAYGROUND_USER) if words in m.text and m.buttons)


CROSS_SITE_WRITES = [
    ("evil origin, text/plain", {"Origin": EVIL, "Content-Type": "text/plain"}),
    ("evil origin, json", {"Origin": EVIL, "Content-Type": "application/json"}),
    ("sandboxed page", {"Origin": "null", "Content-Type": "text/plain"}),
    ("a form, no origin", {"Content-Type": "application/x-www-form-urlencoded"}),
    ("rebound name", {"Host": "evil.example:8765", "Content-Type": "application/json"}),
    (
        "rebound name, own-looking origin",
        {"Host": "127.0.0.1.evil.example", "Origin": "http://127.0.0.1.evil.example"},
    ),
]


@pytest.mark.parametrize(
    ("_name", "headers"), CROSS_SITE_WRITES, ids=[c[0] for c in CROSS_SITE_WRITES]
)
async def test_another_site_cannot_say_anything_as_the_user(
    playground: Playground, _name: str, headers: dict[str, str]
) -> None:
    before = len(playground.emulator.chat(PLAYGROUND_USER))

    status, body = await _call(
        playground, "POST", "/ui/say", headers=headers, data='{"text": "I live in Moscow now"}'
    )

    assert status == 403, body
    assert len(playground.emulator.chat(PLAYGROUND_USER)) == before
    assert not any("Moscow" in m.text for m in playground.emulator.chat(PLAYGROUND_USER))


@pytest.mark.parametrize(
    ("_name", "headers"), CROSS_SITE_WRITES, ids=[c[0] for c in CROSS_SITE_WRITES]
)
async def test_another_site_cannot_answer_the_users_question(
    playground: Playground, _name: str, headers: dict[str, str]
) -> None:
    playground.emulator.user_says(PLAYGROUND_USER, "I live in Seattle now", "You")
    question = await _asked(playground, "Seattle")
    [yes] = [b["callback_data"] for row in question.buttons for b in row if b["text"] == "Yes"]

    status, body = await _call(
        playground,
        "POST",
        "/ui/tap",
        headers=headers,
        data=f'{{"message_id": {question.message_id}, "data": "{yes}"}}',
    )

    assert status == 403, body
    assert playground.runner is not None
    assert playground.runner.chat is not None
    store = playground.runner.chat.engine.store
    assert [f for f in await store.facts() if f.field == "profile.home_city"] == []


@pytest.mark.parametrize(
    "path", ["/", "/ui/chat", "/ui/panel", "/bot123456:local-playground-token/getMe"]
)
async def test_a_rebound_name_reads_nothing(playground: Playground, path: str) -> None:
    path = path.replace("123456:local-playground-token", playground.emulator.token)
    playground.emulator.user_says(PLAYGROUND_USER, "I live in Seattle now", "You")
    await _asked(playground, "Seattle")

    status, body = await _call(playground, "GET", path, headers={"Host": "evil.example:8765"})

    assert status == 403, body
    assert "Seattle" not in body
    assert "callback_data" not in body


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]"])
async def test_the_playgrounds_own_page_still_speaks_and_answers(
    playground: Playground, host: str
) -> None:
    port = playground.emulator.port
    own = {"Host": f"{host}:{port}", "Origin": f"http://{host}:{port}"}
    json_headers = {**own, "Content-Type": "application/json"}

    said, body = await _call(
        playground,
        "POST",
        "/ui/say",
        headers=json_headers,
        data='{"text": "I live in Seattle now"}',
    )
    assert said == 200, body
    question = await _asked(playground, "Seattle")
    [yes] = [b["callback_data"] for row in question.buttons for b in row if b["text"] == "Yes"]
    tapped, body = await _call(
        playground,
        "POST",
        "/ui/tap",
        headers=json_headers,
        data=f'{{"message_id": {question.message_id}, "data": "{yes}"}}',
    )
    assert tapped == 200, body
    for path in ("/", "/ui/chat", "/ui/panel"):
        status, body = await _call(playground, "GET", path, headers=own)
        assert status == 200, (path, body)


# Another account's process on this machine: loopback, no Origin, JSON, everything the
# page sends but the key printed at the start.
ANOTHER_ACCOUNT = [
    ("no key", {}),
    ("a guessed key", {"Authorization": "Bearer guess"}),
    ("an empty key", {"Authorization": "Bearer "}),
]


async def test_another_account_on_this_machine_can_neither_read_nor_say_nor_answer(
    playground: Playground,
) -> None:
    """Before: the playground took any loopback request; another user's process read the
    chat and the panel and tapped Yes as the user. Now each is a 403 without the key."""
    playground.emulator.user_says(PLAYGROUND_USER, "I live in Seattle now", "You")
    question = await _asked(playground, "Seattle")
    [yes] = [b["callback_data"] for row in question.buttons for b in row if b["text"] == "Yes"]
    json_type = {"Content-Type": "application/json"}
    for name, key in ANOTHER_ACCOUNT:
        for path in ("/", "/?key=guess", "/ui/chat", "/ui/panel"):
            status, body = await _call(playground, "GET", path, headers=key, keyed=False)
            assert (status, "Seattle" in body) == (403, False), (name, path, body)
        said, body = await _call(
            playground,
            "POST",
            "/ui/say",
            headers={**key, **json_type},
            data='{"text": "I live in Moscow now"}',
            keyed=False,
        )
        tapped, body = await _call(
            playground,
            "POST",
            "/ui/tap",
            headers={**key, **json_type},
            data=f'{{"message_id": {question.message_id}, "data": "{yes}"}}',
            keyed=False,
        )
        assert (said, tapped) == (403, 403), name
    # The Bot API's token is this start's too: the one every playground had reads nothing.
    known, body = await _call(
        playground, "POST", "/bot123456:local-playground-token/getUpdates", headers={}
    )
    assert known != 200
    assert "Seattle" not in body
    assert not any("Moscow" in m.text for m in playground.emulator.chat(PLAYGROUND_USER))
    assert playground.runner is not None
    assert playground.runner.chat is not None
    store = playground.runner.chat.engine.store
    assert [f for f in await store.facts() if f.field == "profile.home_city"] == []


async def test_the_printed_address_opens_the_page_and_the_cookie_keeps_the_key(
    playground: Playground,
) -> None:
    # unsafe: aiohttp's jar, unlike a browser's, keeps no cookie from an IP address unless told
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
        async with browser.get(playground.url) as page:
            assert page.status == 200
            assert playground.page_key.key not in await page.text()
        async with browser.get(f"http://127.0.0.1:{playground.emulator.port}/ui/chat") as chat:
            assert chat.status == 200  # the cookie alone, as the page's own requests
    bearer = {"Authorization": f"Bearer {playground.page_key.key}"}
    assert (await _call(playground, "GET", "/ui/panel", headers=bearer, keyed=False))[0] == 200
    assert PageKey().key != playground.page_key.key  # one per start


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1:8765", True),
        ("localhost:8765", True),
        ("[::1]:8765", True),
        ("127.8.9.1", True),
        ("evil.example:8765", False),
        ("127.0.0.1.evil.example", False),
        ("localhost.evil.example:8765", False),
        ("0.0.0.0:8765", False),
        ("", False),
    ],
)
def test_what_names_this_machine(host: str, loopback: bool) -> None:
    assert loopback_name(host) is loopback
