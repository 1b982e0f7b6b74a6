"""Emoji that stand for a state in a note, read as the words they stand for.

Parents and sitters mark a child's state with a face or a tick: "Max 🤒 again, staying home",
"Ella ✅ fine now, Tom ❌ still off school". A sick face right after someone named is "is
poorly"; a tick or a cross between a name and its state only marks the line, so it goes and
the state is read as written. A texter puts an emoji where the word goes: "my mom is 🤒
again" (sick), "🛬 lisbon" (landed in), "✈️ to nyc tmrw" (flying to), "🏠 finally" (home).
"""

from __future__ import annotations

import re

from core.extraction.emoji_flags import flags_named
from core.extraction.word_gates import gated

_SICK_FACE = gated(
    r"(?P<who>\b(?-i:[A-Z][a-z]+)|\b(?:mum|mom|dad|nan|nana|gran|grandma|grandad|grandpa|baby|"
    r"the\s+baby|the\s+kids|kids))\s*[\U0001F912\U0001F922\U0001F92E\U0001F927\U0001F637\U0001F3E5]+",
    re.I,
)
"""A name or a relation, then a face with a thermometer, nausea, sneezing or a mask, or a
hospital ("mum 🏥 again")."""
_MARK = gated(r"(?<=\w)\s+[\u2705\u274C\u2714\u2716]\uFE0F?(?=\s+[a-z])")
"""A tick or a cross between a name and the state after it, in lower case ("Ella ✅ fine
now"); a list of places ticked off ("Tokyo ✅ Kyoto ✅ Osaka (now)") keeps its marks."""
_IS_SICK_FACE = gated(
    r"(?P<be>\b(?:is|'s|am|i'm|im|are|feeling|been|still|so)\s*)"
    r"[\U0001F912\U0001F922\U0001F92E\U0001F927\U0001F637]+",
    re.I,
)
"""A sick face where the state goes, after "is" or "feeling" ("my mom is 🤒 again", "im 🤒"):
the face is the word."""
_LANDED = gated(r"\U0001F6EC\s*(?=[A-Za-z\u00c0-\u024f])")
"""A plane landing before a place ("🛬 lisbon"): landed there."""
_FLYING_TO = gated(r"\u2708\uFE0F?\s*(?=to\s)", re.I)
"""A plane before "to" ("✈️ to nyc tmrw"): flying there."""
_FLYING_BARE = gated(
    r"(?:^|(?<=[.!?,]\s))\u2708\uFE0F?\s*(?!to\s)(?=[\U0001F1E6-\U0001F1FF]{2}|[a-z\u00c0-\u024f]+\s+"
    r"(?:tmrw|tomorrow|tonight|today|on|this|next|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"mon|tue|tues|wed|thu|thurs|fri|sat|sun)\b)",
    re.I,
)
"""A plane before a flag or before a place and its day ("✈️ 🇯🇵 tmrw", "✈️ lisbon fri"):
flying there, the "to" left out."""
_RIDING_TO = {
    "driving": "\U0001f697\U0001f699\U0001f698",
    "taking the train": "\U0001f686\U0001f684\U0001f685\U0001f683\U0001f688",
    "taking the bus": "\U0001f68c\U0001f68d",
    "taking the ferry": "\u26f4\U0001f6a2",
}
_RIDE_TO = gated("[" + "".join(_RIDING_TO.values()) + "]\ufe0f?\\s*(?=to\\s)", re.I)
"""A car, a train, a bus or a ferry before "to" ("🚗 to vegas sat", "🚆 to london tmrw")."""
_HOSPITAL = gated(r"^\s*\U0001F3E5\uFE0F?\s*(?=with\b|w/?\s)", re.I)
"""A hospital opening the message before whom the writer is with ("🏥 with my dad")."""
_HOME = gated(r"^\s*\U0001F3E0\uFE0F?\s*(?=$|[,.!]|finally\b|safe\b|at\s+last\b|again\b)", re.I)
"""A house opening the message ("🏠 finally", "🏠 safe"): home."""

_LEADING_PICTURE = gated(
    r"^\s*(?:(?!\U0001F4CD)[\U0001F300-\U0001F5FF\U0001F600-\U0001F64F\U0001F680-\U0001F6FF\U0001F900-\U0001FAFF"
    r"\u2600-\u27BF\u2B50]\uFE0F?\u200D?\s*)+(?=[A-Za-z])"
)
"""Pictures opening the message before its words ("🏔️ day 3 in banff", "😭 flights cancelled"):
a decoration, read after the signs that stand for words, so the words open the message as
typed without it (a map pin is read as where the writer is, by ``list_lines``)."""


_FACE_BREAK = gated(
    r"(?<=[\w.!?])\s*(?:[\U0001F600-\U0001F64F\U0001F90C-\U0001F9FF\U0001F493-\U0001F49F"
    r"\U0001F480\U0001F525\U0001F389\U0001F44D-\U0001F44F\u2764"
    # Pictures of things between two clauses too: a plane, a beach, the sun ("at the airport
    # rn ✈️ see u in miami"); what a ridden or landing sign stands for is read before this.
    r"\U0001F300-\U0001F5FF\U0001F680-\U0001F6FF\U0001FA70-\U0001FAFF\u2600-\u26FF\u2708\u2728\u2B50]"
    r"\uFE0F?\u200D?\s*)+\s(?=[a-z])"
)
"""A face, a heart, a hand, a skull or a picture between two clauses typed without a full stop
("home safe ❤️ the drive back was insane", "flight cancelled 🙃 stuck in atl"): it ends the
first; so does one joined of several ("home from the ski trip 😮‍💨 so dead", "🤦‍♀️")."""


def _ridden(emoji: str) -> str:
    return next(way for way, signs in _RIDING_TO.items() if emoji in signs)


def emoji_states(text: str) -> str:
    """``text`` with a sick face after someone read as "is poorly" (after "is", as "sick"), a
    plane landing or flying and a house read as the words, and a line's tick or cross
    between words left out."""
    if text.isascii():
        return text  # the cheap test first: every sign read here is outside ASCII
    text = _SICK_FACE.sub(lambda m: f"{m.group('who')} is poorly", flags_named(text))
    if any(c in text for c in "\U0001f912\U0001f922\U0001f92e\U0001f927\U0001f637"):
        text = _IS_SICK_FACE.sub(lambda m: f"{m.group('be')}sick", text)
    text = _LANDED.sub("landed in ", _FLYING_TO.sub("flying ", text))
    text = _FLYING_BARE.sub("flying to ", text)
    text = _RIDE_TO.sub(lambda m: f"{_ridden(m.group()[0])} ", text)
    text = _HOSPITAL.sub("at the hospital ", text)
    text = _HOME.sub("home ", text)
    text = _LEADING_PICTURE.sub("", text)
    return _FACE_BREAK.sub(". ", _MARK.sub("", text))
