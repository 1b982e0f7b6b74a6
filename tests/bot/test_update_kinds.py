"""Which Telegram updates are read as the user's own words (``bot.update_kinds``), as a
table over python-telegram-bot's own parsing of Bot API JSON: the kinds the end-to-end
test (``test_update_kinds_e2e``) does not send through a running bot."""

from __future__ import annotations

from typing import Any

import pytest
from telegram import Bot, Update

from bot import unreadable_updates, update_kinds
from core.conversation import texts

ALICE = 111
HER = {"id": ALICE, "is_bot": False, "first_name": "Alex"}
PRIVATE = {"id": ALICE, "type": "private", "first_name": "Alex"}
SUPERGROUP = {"id": -1005, "type": "supergroup", "title": "Trip planning"}
CHANNEL = {"id": -100777, "type": "channel", "title": "Travel Deals"}
BOT = Bot("123:abc")


def _message(**fields: Any) -> dict[str, Any]:
    return {"message_id": 9, "from": HER, "chat": PRIVATE, "date": 1_700_000_000, **fields}


READ = "read"
ROWS: list[tuple[str, dict[str, Any], str | None]] = [
    ("her text", {"message": _message(text="We're in Reno")}, READ),
    ("her reply to her own message, quoting it",
     {"message": _message(text="I'm in Reno now", reply_to_message=_message(text="tahoe"),
                          quote={"text": "tahoe", "position": 0})}, READ),
    ("her caption under her own file",
     {"message": _message(caption="Boarding pass for Reno", document={
         "file_id": "d", "file_unique_id": "d"})}, READ),
    ("a tap", {"callback_query": {"id": "1", "from": HER, "chat_instance": "1",
                                  "data": "x"}}, READ),
    ("her own message forwarded back",
     {"message": _message(text="We're in Tahoe", forward_origin={
         "type": "user", "sender_user": HER, "date": 1})}, READ),
    ("her yes quoting another chat's message",
     {"message": _message(text="Yes!", external_reply={"origin": {
         "type": "user", "sender_user": {"id": 4242, "is_bot": False, "first_name": "Mallory"},
         "date": 1}}, quote={"text": "Still coming to Paris?", "position": 0})},
     texts.ANSWERED_ANOTHER_CHAT),
    ("her news quoting another chat's message",
     {"message": _message(text="I'm in Reno, not Paris", external_reply={"origin": {
         "type": "hidden_user", "sender_user_name": "M.", "date": 1}})}, READ),
    ("an automatic forward of a channel's post",
     {"message": _message(text="We're in Paris", is_automatic_forward=True, forward_origin={
         "type": "channel", "chat": CHANNEL, "message_id": 3, "date": 1})}, "Travel Deals"),
    ("a forward from a chat",
     {"message": _message(text="We're home", forward_origin={
         "type": "chat", "sender_chat": SUPERGROUP, "date": 1})}, "Trip planning"),
    ("an edited caption",
     {"edited_message": _message(caption="Made it to Reno", edit_date=1_700_900_000,
                                 photo=[{"file_id": "p", "file_unique_id": "p", "width": 1,
                                         "height": 1}])}, texts.EDITED),
    ("an edit that is a command",
     {"edited_message": _message(text="/forget travel.location", edit_date=1_700_900_000,
                                 entities=[{"type": "bot_command", "offset": 0,
                                            "length": 7}])}, texts.EDITED),
    ("her words in a supergroup",
     {"message": _message(text="We're in Reno", chat=SUPERGROUP)}, texts.GROUP_CHAT),
    ("her edit in a supergroup",
     {"edited_message": _message(text="We're home", chat=SUPERGROUP, edit_date=2)},
     texts.GROUP_CHAT),
    ("a channel's message", {"message": _message(text="We're in Paris", chat=CHANNEL)}, None),
    ("a GIF", {"message": _message(animation={
        "file_id": "a", "file_unique_id": "a", "width": 1, "height": 1, "duration": 1})}, None),
    ("a dice", {"message": _message(dice={"emoji": "🎲", "value": 3})}, None),
    ("a pinned message notice",
     {"message": _message(pinned_message=_message(text="We're in Tahoe"))}, None),
    ("an inline query", {"inline_query": {"id": "1", "from": HER, "query": "paris",
                                          "offset": ""}}, None),
    ("the bot blocked",
     {"my_chat_member": {"chat": PRIVATE, "from": HER, "date": 1,
                         "old_chat_member": {"status": "member", "user": HER},
                         "new_chat_member": {"status": "kicked", "user": HER,
                                             "until_date": 0}}}, None),
]  # fmt: skip
"""(kind, the update's JSON, what happens: READ, the reply it is set aside with (or a
part of it), None: ignored without a word)."""


@pytest.mark.parametrize(("kind", "update", "outcome"), ROWS, ids=[r[0] for r in ROWS])
def test_each_kind_is_read_set_aside_or_ignored(
    kind: str, update: dict[str, Any], outcome: str | None
) -> None:
    parsed = Update.de_json({"update_id": 1, **update}, BOT)
    aside = update_kinds.anyones(parsed) or update_kinds.hers(parsed, ALICE)
    if outcome == READ:
        assert aside is None, kind
        return
    assert aside is not None, kind
    if outcome is None:
        assert aside.reply is None, kind
    else:
        assert aside.reply is not None, kind
        assert outcome in aside.reply, (kind, aside.reply)


POISON_POLL = {"message": _message(poll={"id": "p", "question": "Still in Paris?"})}
READABLE: list[tuple[str, object, tuple[int, bool] | None]] = [
    ("an update it reads", {"update_id": 5, "message": _message(text="hi")}, (5, True)),
    ("a poll missing fields it requires: its id alone", {"update_id": 6, **POISON_POLL},
     (6, False)),
    ("a kind it does not know yet: read, with nothing the guard reads",
     {"update_id": 7, "future_kind": {"x": 1}}, (7, False)),
    ("unreadable and without an id", POISON_POLL, None),
    ("an id that is not a number", {"update_id": "8", **POISON_POLL}, None),
    ("not an object", [1, 2], None),
    ("empty", {}, None),
]  # fmt: skip
"""What ``bot.unreadable_updates`` makes of one update's JSON: (its id, whether it has a
message), or None: nothing to handle."""


@pytest.mark.parametrize(("name", "raw", "expected"), READABLE, ids=[r[0] for r in READABLE])
def test_an_update_the_library_cannot_read_stands_as_its_id(
    name: str, raw: object, expected: tuple[int, bool] | None
) -> None:
    update = unreadable_updates.readable_update(raw, BOT)
    read = None if update is None else (update.update_id, update.message is not None)
    assert read == expected, name


DEEP = b'{"update_id": 10, "message": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
BODIES: list[tuple[str, bytes, tuple[int, bool] | None]] = [
    ("an update", b'{"update_id": 11, "message": {"message_id": 1, "chat": {"id": 1, '
     b'"type": "private"}, "date": 1700000000, "text": "hi"}}', (11, True)),
    ("not UTF-8", b'{"update_id": 12, "message": "\xff\xfe"}', None),
    ("not JSON", b"<html>", None),
    ("empty", b"", None),
    ("JSON null", b"null", None),
    ("nested past Python's recursion limit", b"[" * 100_000, None),
    ("an update nested past it", DEEP, None),
    ("a 5000-digit id", b'{"update_id": ' + b"9" * 5000 + b"}", None),
    ("NaN for an id", b'{"update_id": NaN}', None),
    ("a fraction for an id", b'{"update_id": 13.5, "message": {"message_id": 1, "chat": '
     b'{"id": 1, "type": "private"}, "date": 1700000000, "text": "hi"}}', None),
]  # fmt: skip
"""What the webhook makes of a body a secret-bearing sender posted: an update to handle, or
None (logged, answered 200). Never an exception: that was a 500, delivered again."""


@pytest.mark.parametrize(("name", "body", "expected"), BODIES, ids=[r[0] for r in BODIES])
def test_a_webhook_body_is_an_update_or_nothing(
    name: str, body: bytes, expected: tuple[int, bool] | None
) -> None:
    update = unreadable_updates.webhook_update(body, BOT)
    read = None if update is None else (update.update_id, update.message is not None)
    assert read == expected, name
