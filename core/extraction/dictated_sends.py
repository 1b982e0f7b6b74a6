"""A message dictated for someone else, with the words that sent it left in: "text Jordan
comma on my way to Denver now", "hey siri text mom I landed in Phoenix", "tell Sam I'm
driving back from Tahoe tomorrow", "message Sarah colon dad got out of the hospital",
"reply to Chris: no we're not going to Vegas anymore".

A writer driving or walking speaks to the phone's assistant, and what reaches Canon may
keep the command that addressed the text. Read with it, the message is an order to the
assistant ("text Dana …" is a command, so nothing is told) and the writer's own news in it
is lost. The news after the command is the writer's, said to the person named: the
command and the name are left out, and so is the "colon" or "saying" that opened it.

Only where the command heads the message and names someone: a capitalised name, a
relative ("mom", "grandma", "my wife"), "work", "the team" or a pronoun. Never "text from
mom: …" or "message from Sam" (someone else's words, ``handed_on``), nor "tell me …", nor
the command with nothing after it ("text mom when you land" is still an order: "when" opens
no news).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_WAKE = r"(?:(?:hey|ok(?:ay)?)\s+(?:siri|google)|alexa|siri)\W*\s*"
"""The words that wake a phone's assistant; they add nothing to what is said."""

_SEND = (
    r"(?:(?:text|txt|message|msg)(?:\s+to)?|tell|reply\s+to|send\s+(?:a\s+(?:text|message)\s+)?to|"
    r"send\s+(?:a\s+)?(?:text|message)\s+to|write\s+to|whatsapp|imessage)"
)
"""The verbs of sending a message to someone, as said to the phone."""

_KIN = (
    r"mom|mum|mama|mommy|dad|daddy|papa|grandma|grandpa|nana|nan|granny|gran|"
    r"wife|husband|hubby|partner|babe|sis|bro|sister|brother|son|daughter|aunt|uncle|"
    r"the\s+(?:team|group|family|kids|boss)|work|everyone|everybody|him|her|them"
)
_ADDRESSEE = (
    rf"(?i:(?:my\s+)?(?:{_KIN}))\b|"
    # A capitalised name, not a pronoun or a word that only opens the news ("text I landed").
    r"(?!(?:I|I'm|Im|We|We're|Were|My|The|It|Its|It's)\b)[A-Z][a-z]+(?:'s)?\b"
)
_OPENER = r"(?:\s*(?:colon|comma)\b|\s*[:,]|\s+(?:saying|that)\b)?\s+"
"""How the dictated message opens after the name: "colon", "comma", a mark, "saying"."""

_DICTATED = gated(
    rf"^\s*(?:{_WAKE})?(?i:{_SEND})\s+(?:{_ADDRESSEE}){_OPENER}"
    # The news itself: not a word that keeps the command an order ("text mom when you land",
    # "tell him to call me", "message Sam about the rent").
    # "tell Bob I said happy birthday" passes a greeting on: it tells nothing.
    r"(?!(?i:(?:when|if|to|about|from|(?:that\s+)?i\s+said|hi|hello|happy|congrat\w*|thanks|"
    r"thank|me|back)\b))(?=\S)"
)
_WAKE_ONLY = gated(rf"^\s*{_WAKE}(?=\S)", re.I)


def dictated_message(text: str) -> str:
    """``text`` without a dictated "text Jordan comma" or "hey siri" heading it."""
    bare = _DICTATED.sub("", text, count=1)
    return bare if bare != text else _WAKE_ONLY.sub("", text, count=1)
