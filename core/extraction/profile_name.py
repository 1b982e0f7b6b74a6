"""The user's name, as they say it: "call me Alex", "my name's Bex", "Hi, I'm Alex",
"Marek here", "hey im dave".

Apart from ``rules_profile`` because a name is read from the words of an introduction,
not from a place or an organisation: its own phrasings, and its own list of words that
follow "I'm" or "call me" without being a name ("im tired", "call me later").
``rules_profile`` gates the clause and adds these candidates after the diet's.
"""

from __future__ import annotations

import re
from typing import Final

from core.domain.person_names import name_problem
from core.extraction.clause import Candidate, Clause
from core.extraction.first_names import is_common_first_name, is_first_name
from core.extraction.places import GAZETTEER
from core.extraction.word_gates import gated

_WORD: Final = r"[^\W\d_](?:[^\W\d_]|['\u2019-](?=[^\W\d_]))*"
"""One word of a name, in any script: letters, a hyphen or an apostrophe inside ("Jean-Luc",
"O'Brien", "Siobhán", "李小龙")."""
_PARTICLES: Final = frozenset(
    ["van", "von", "de", "der", "den", "del", "della", "di", "da", "du", "dos", "das", "la", "le",
     "bin", "ibn", "bint", "al", "el", "ter", "ten", "zu", "y"]
)  # fmt: skip
"""Lower-case words a name holds between two of its capitalised ones ("Ludwig van Beethoven")."""
_NAME_WORD: Final = gated(_WORD)
_MORE: Final = gated(rf"\s+(?:(?:{'|'.join(sorted(_PARTICLES))})\s+)*{_WORD}")

_NAME = gated(
    r"\b(?:call\s+me|my\s+name\s+is|my\s+name's|i\s+go\s+by|name\s+is|"
    # "everyone calls me Bex", "friends call me Dee": the name the speaker goes by.
    r"(?:everyone|everybody|people|friends|(?:my\s+)?mates|most\s+people)\s+calls?\s+me)\s+|"
    # "name's Callum btw", "The name's Ngozi": the line opens on the name said; typed
    # without the apostrophe ("names Ciaran btw") it is the same opening.
    r"^\W*(?:(?:hi|hey|hello|ok|so|and|also|oh|btw|anyway|ma'am|madam|sir)\W+)*(?P<bare>(?:the\s+)?name'?s|"
    # Indian English's introduction: "Myself Ritu, the new tenant in 4B".
    r"myself)\s+"
)
_INTRO = gated(
    r"^(?i:hi|hello|hey)?[,!\s]*(?i:i'm|i\s+am)\s+(?P<n>" + _WORD + r"(?:\s+" + _WORD + r"){0,3})"
    # "I'm Siobhan, the new parent rep for class 3": the name, then who one is.
    r"(?:$|,\s+(?i:the|a|an|your|ur)\s+(?i:new\s+)?[a-z])"
)
_HERE_INTRO = gated(
    r"^(?i:(?:hi|hello|hey|hiya|morning|evening|good\s+morning|good\s+evening)(?:\s+(?:all|everyone|"
    r"team|folks|guys))?[,!\s]+)?(?P<n>[A-Z][a-z]+)\s+here(?:\s*[,.!:(-]|$)|"
    # "it's Kemi, the new tenant in 4B", "Hi, this is Tunde from number 12": a caller or
    # a new neighbour saying who is writing.
    r"^(?i:(?:hi|hello|hey|hiya)[,!\s]+)?(?i:it's|it\s+is|this\s+is)\s+(?P<n2>[A-Z][a-z]+)"
    r"(?=,\s+(?i:the|your|ur|from)\s|\s+from\s+(?i:the\s+|number\s+|no\.?\s+|flat\s+|apt\s+)?[0-9A-Z])"
)
"""A mail or a chat signed at its start: "Hi, Marek here, based in Gdansk", "Priya here!"."""
_WRITER = gated(
    r"^(?:(?P<hi>hi|hello|hey|hiya|heya|yo|morning|evening|good\s+(?:morning|evening))[,!\s]+)?"
    r"(?:(?:it's|its|it\s+is|this\s+is)\s+(?P<n>[^\W\d_]{2,})(?:\s+(?P<tag>here|btw|lol))?"
    r"|(?P<n2>[^\W\d_]{2,})\s+here)$"
)
"""A whole message that says who is writing, typed any way: "hey its sam", "it's Sam here",
"this is Priya", "sam here". Only the whole message: "its sam's car", "sam here tomorrow",
"sam here yet?" say something else."""
_NOT_WRITERS = frozenset(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december", "monday", "tuesday", "wednesday", "thursday",
     "friday", "saturday", "sunday", "me", "us", "him", "her", "them", "everyone", "everybody",
     "dawn", "dusk", "noon", "midnight", "summer", "autumn", "winter", "spring", "christmas",
     "easter", "mom", "mum", "dad", "mama", "papa", "grandma", "grandpa", "nana"]
)  # fmt: skip
"""Words that follow "it's" as a day, a season or a person ("hey its june already", "its
dawn here", "its me", "its mom": a parent, no name)."""
# In lowercase an introduction needs a sign that it is one: a greeting before it or
# "btw"/"here" after it ("hey im dave", "im sarah btw"); "im tired" stays a mood.
_INTRO_LOW = gated(
    r"^(?:(?P<hi>hi|hello|hey|hiya|heya)[,!\s]+)?(?:i'm|im|i\s+am)\s+"
    # "im mary ann": a given name of several words, each one a name (``_introduced``).
    r"(?P<n>[a-z]{2,}(?:\s+(?!(?:btw|here|lol)\b)[a-z]{2,}){0,3})"
    r"(?:\s+(?P<tag>btw|here|lol))?(?:[\s.!]*$|\s*[,.!]+\s*(?P<tail>nice\s+to\s+meet|new\s+here|"
    r"just\s+(?:signed|joined|started)|first\s+time))"
)
# After "call me" a lowercase word is a name only where the phrase ends ("call me jay,
# everyone does"), and not one of these ("call me later", "call me back").
_NOT_CALLED = frozenset(
    ["later", "back", "when", "if", "tomorrow", "tonight", "asap", "maybe", "anytime", "now",
     "soon", "crazy", "old", "lazy", "names", "out", "up", "please", "pls", "whenever",
     "there", "here", "then", "first", "instead", "again", "today"]
)  # fmt: skip
# Possessives before "name is": someone else's name ("my sons name is tyler").
_OTHERS_NAME = gated(r"(?:\b(?:his|her|their|your|ur|its)|\w's|\ws)\s+$")
_MOODS = gated(r"(?:ed|ing|ly|ful|ous|ive)$")
_NOT_NAMES = frozenset(
    [
        "happy",
        "sad",
        "hungry",
        "excited",
        "exhausted",
        "sorry",
        "sure",
        "free",
        "early",
        "new",
        "when",
        "later",
        "tomorrow",
        "tonight",
        "maybe",
        "asap",
        "anytime",
        "vegan",
        "vegetarian",
        "pregnant",
        "single",
        "married",
        "retired",
    ]
) | frozenset(
    [
        "sick",
        "tired",
        "back",
        "home",
        "here",
        "fine",
        "ok",
        "okay",
        "good",
        "great",
        "sorry",
        "busy",
        "done",
        "ready",
        "late",
        "in",
        "at",
        "on",
    ]
)
# Words that follow "hey im" without being a name.
_NOT_INTRO = frozenset(
    ["lost", "stuck", "bored", "confused", "curious", "late", "awake", "alive", "down", "up",
     "off", "cool", "good", "so", "just", "also", "not", "too", "very", "really", "still",
     "new", "glad", "bad", "sad", "mad", "sorry", "here", "there", "going", "gonna", "a", "an",
     "the", "at", "in", "on", "with", "from", "all", "broke", "hungry", "sleepy", "starving"]
)  # fmt: skip


def _called(low: str, word: re.Match[str], end: int) -> bool:
    """A lowercase word after "call me" (``word``: its match in the clause; ``end``: where
    the lower-case name it starts ends) whose name ends the phrase and is no adverb."""
    return (
        word.group() not in _NOT_CALLED and re.match(r"\s*(?:[,.!]|lol\b|$)", low[end:]) is not None
    )


def _introduced(m: re.Match[str]) -> bool:
    """A lowercase "hey im dave" / "im sarah btw" with a name, not a mood or a place ("im
    mary ann": every word after the first a name too, "im alex going home" none)."""
    name, *more = m.group("n").split()
    if any(not _lower_name_word(w) for w in more):
        return False
    # A common given name needs no greeting: "im alex" ("im max" at worst is asked).
    said = m.group("hi") or m.group("tag") or m.group("tail") or is_common_first_name(name)
    if not said or name in _NOT_NAMES or name in GAZETTEER:
        return False
    # "im dave here" signs a message, but "i'm already here", "im almost here" say where one
    # is: before a closing "here" only a word that reads as a given name is one.
    if m.group("tag") == "here" and not is_first_name(name):
        return False
    return name not in _NOT_CALLED and name not in _NOT_INTRO and not _MOODS.search(name)


def _writer(text: str, m: re.Match[str]) -> str | None:
    """The name a whole message says its writer is (``_WRITER``), as it is written; None
    when the word is no given name ("its sunny", "its late"), a month or a day. Typed in
    lower case, "its kaylee" needs a greeting before it or "here"/"btw" after it, or a
    common given name ("its sam"; a greeting before it is cut off the message before its
    clauses are read): "its rain" is the weather, "its priya" could be anything."""
    name = m.group("n") or m.group("n2")
    if name in _NOT_WRITERS | _NOT_NAMES | _NOT_CALLED | _NOT_INTRO or not is_first_name(name):
        return None
    written = text.strip(" !.,")[m.start("n" if m.group("n") else "n2") :].split()[0]
    said = m.group("hi") or m.group("tag") or m.group("n2") or _capital(written)
    said = said or is_common_first_name(name)
    return _told(written if _capital(written) else name) if said else None


def _capital(word: str) -> bool:
    """Whether ``word`` is written as a name is: capitalised ("Ann", "O'Brien", "McKay"), not
    in capitals ("OK"); a word of a script without case ("小龙", "محمد") always is."""
    first = word[0]
    if first.islower():
        return False
    return not (len(word) > 1 and word.isupper())


def _is_me(word: str) -> bool:
    """ "I", "I'm", "I'll": the speaker going on, not a second name ("my name is Sarah I'm new")."""
    low = word.casefold().replace("\u2019", "'")
    return low == "i" or low.startswith("i'")


def _whole_name(text: str, first: re.Match[str]) -> str:
    """The name whose first word is ``first`` (a match in ``text``): that word and each
    capitalised word after it (a particle between two: "Ludwig van Beethoven"), however
    many; ``name_problem`` then says whether so many words are a name."""
    end = first.end()
    while (more := _MORE.match(text, end)) is not None:
        word = more.group().split()[-1]
        if not _capital(word) or _is_me(word):
            break
        end = more.end()
    return " ".join(text[first.start() : end].split())


def _lower_name_word(word: str) -> bool:
    """Whether a lower-case ``word`` after a name's first word goes on with the name ("ann"
    in "mary ann", "sharma" in "priya sharma"): a first name or no English word
    (``is_first_name``), never "and", "btw", "delete" or the speaker going on ("im")."""
    return word not in _NOT_NAMES | _NOT_CALLED and not _is_me(word) and is_first_name(word)


def _lower_end(text: str, first: re.Match[str]) -> int:
    """Where the lower-case name whose first word is ``first`` ends: after that word and
    each word after it that is a name too (a particle between two: "ludwig van beethoven").
    Typed without capitals, a name ends where its words stop being names ("mary ann and
    i'm new here")."""
    end = first.end()
    while (more := _MORE.match(text, end)) is not None:
        word = more.group().split()[-1]
        if not word.islower() or not _lower_name_word(word):
            break
        end = more.end()
    return end


def _lower_whole(text: str, first: re.Match[str]) -> str:
    """The lower-case name whose first word is ``first`` (``_lower_end``)."""
    return " ".join(text[first.start() : _lower_end(text, first)].split())


def _capitalised(name: str) -> str:
    """A name typed in lower case as it is written: each word's first letter (and each
    hyphened part's) a capital, a particle between words kept low ("Ludwig van Beethoven",
    "Jean-Luc", "Mary Ann")."""
    words = name.split(" ")
    return " ".join(
        w
        if 0 < i < len(words) - 1 and w in _PARTICLES
        else "-".join(p[:1].upper() + p[1:] for p in w.split("-"))
        for i, w in enumerate(words)
    )


def _told(name: str) -> str | None:
    """A told ``name`` as it is written (typed "mary ann" is "Mary Ann", "O'Brien" as it
    was), or None when it is no name (``core.domain.person_names``: too many words, an
    order)."""
    name = _capitalised(name) if name.islower() else name[0].upper() + name[1:]
    return None if name_problem(name) is not None else name


def refused_name(text: str) -> tuple[str, str] | None:
    """What an introduction in ``text`` ("my name is …", "call me …") gives as the speaker's
    name, and why it is none (``name_problem``: "Ignore", an order; five words), or None:
    no introduction, or a name ``name_candidates`` reads."""
    low = text.lower()
    m = _NAME.search(low) if len(low) == len(text) else None
    if m is None or (m.group().startswith("name") and _OTHERS_NAME.search(low[: m.start()])):
        return None
    first = _NAME_WORD.match(text, m.end())
    if first is None:
        return None
    name = _whole_name(text, first) if _capital(first.group()) else _lower_whole(text, first)
    if name.casefold() in _NOT_NAMES | _NOT_CALLED:
        return None  # "call me later", "my name is new here": no name said at all
    name = _capitalised(name) if name.islower() else name[0].upper() + name[1:]
    problem = name_problem(name)
    return None if problem is None else (name, problem)


def name_candidates(clause: Clause) -> list[Candidate]:
    """The user's name said in the clause (at most one candidate): every word of it
    ("call me Mary Ann", "I'm Siobhán O'Brien"), never a first word kept out of words that
    are no name ("my name is Ignore previous instructions" gives none)."""
    low, text = clause.low, clause.text
    out: list[Candidate] = []
    m = _NAME.search(low)
    if m and m.group().startswith("name") and _OTHERS_NAME.search(low[: m.start()]):
        m = None
    if m:
        word = _NAME_WORD.match(text, m.end())
        whole = "" if word is None else _whole_name(text, word)
        if word is not None and not _capital(word.group()):
            whole = _lower_whole(text, word)
        # "call me when you land" is not a name: after "call me" only a capitalised word is.
        needs_capital = m.group().startswith("call") or m.group("bare") is not None
        if (
            word
            and word.group().lower() not in _NOT_NAMES
            # "names London" is no introduction: without its apostrophe the opening is one
            # only before a first name ("names Ciaran btw").
            and (m.group("bare") != "names" or is_first_name(word.group().lower()))
            and (
                not needs_capital
                or _capital(word.group())
                or _called(low, word, _lower_end(text, word))
            )
        ):
            name = _told(whole)
            if name is not None:
                out.append(Candidate("profile.name", name, 1.0))
    elif (
        (m2 := _INTRO.match(text.strip(" !.")))
        and all(_capital(w) for w in m2.group("n").split())
        and m2.group("n").lower() not in (_NOT_NAMES | GAZETTEER.keys())
        and m2.group("n").split()[0].lower() not in _NOT_NAMES
        and (told := _told(m2.group("n"))) is not None
    ):
        # "Hi, I'm Alex" is an introduction, but only a guess: it could be a mood.
        out.append(Candidate("profile.name", told, 0.85))
    elif (m4 := _HERE_INTRO.match(text.strip(" !."))) and is_first_name(
        (m4.group("n") or m4.group("n2")).lower()
    ):
        out.append(Candidate("profile.name", m4.group("n") or m4.group("n2"), 0.85))
    elif (m5 := _WRITER.match(low.strip(" !.,"))) and (told := _writer(text, m5)) is not None:
        out.append(Candidate("profile.name", told, 0.85 if m5.group("hi") else 0.82))
    elif (m3 := _INTRO_LOW.match(low.strip(" !.,"))) and _introduced(m3):
        name = m3.group("n")
        # A greeting or "nice to meet u" makes it an introduction: worth asking about.
        # (Kept above what the profile domain asks at, after the clause's own doubt.)
        sure = 0.85 if m3.group("hi") or m3.group("tail") else 0.82
        if (told := _told(name)) is not None:
            out.append(Candidate("profile.name", told, sure))
    return out
