"""Whether a word typed in lower case is someone's first name ("my daughter emma").

A capital says "name" by itself; typed in lower case, a name right after a relation
("my son max is sick") looks like the possessive-less "my son teacher is sick" (his
teacher) or an adverb ("my son still has a fever"), and the small parser tags common
nouns as proper nouns there as often as names. So a lower-case word is a name when:

- it is a common first name (``_COMMON``; a short list of given names, many of them
  also English words the dictionary knows: "max", "grace", "jack", "lily"), or
- it is no English word at all (not in the pipeline's dictionary of nouns, verbs,
  adjectives and adverbs, nor a function word), not a chat abbreviation, and not
  one slip of the thumb away from a function word or an adverb ("stil", "realy",
  "jsut"): "kaylee", "jaxon", "priya".

The dictionary is read on first need from the pipeline's own files (its lemmatizer's
word index, checked against the SHA-256 manifest like the rest of the pipeline) and
spaCy's English stop words, without loading the pipeline or importing spaCy: a caller
that reads no message (``canon mcp``) does not pay a second and a half for a word list.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.errors import LanguageModelMissing
from core.extraction.linguistics.model import find_verified

LEMMA_INDEX = Path("lemmatizer", "lookups", "lookups.bin")
"""The lemmatizer's tables in the pipeline's data directory (in the manifest)."""
ADVERBS_KEY = 10054248821341768113
"""spaCy's string hash of "adv", the key of the adverbs in the lemma index (its tables
key their entries by hash; ``tests/extraction/test_first_names_dictionary.py`` checks it
against ``spacy.strings.hash_string``)."""


def _words(block: str) -> frozenset[str]:
    """The words of a block of text: the lists below read as prose, not as lists."""
    return frozenset(block.split())


_COMMON = _words(
    """
    aaron abby abigail adam addison aditi adrian aiden aisha al alan alana albert alex alexa
    alexander alexis ali alice alicia alina alison allison ally amanda amber amelia amir amy
    ana andrea andrew andy angela angie anika anita ann anna anne annie anthony april archie
    aria ariana arjun arthur asher ashley aubrey audrey austin ava avery bailey barbara becca
    becky bella ben benjamin beth betty bianca bill billy blake bob bobby brad brady brandon
    brenda brian brianna brooke brooklyn bruce bryce caleb cameron camila carl carla carlos
    carmen carol caroline carter casey cathy charles charlie charlotte chase chelsea chloe
    chris christian christina christine christopher cindy claire clara cody cole colin connor
    cooper craig dan dana daniel danny dave david dawn dean debbie deb elena eli elijah
    elisa eliza elizabeth ella ellie emily emma eric erica erin ethan eva evan evelyn ezra
    faith fatima finn fiona frank freddie freya gabe gabriel gabby gary gavin george gina grace
    greg hailey hannah harper harry hazel heather helen henry holly hope hudson hunter ian
    isaac isabel isabella isla ivy jack jackson jacob jade jake james jamie jan jane janet
    jasmine jason jay jen jenna jenny jeremy jess jessica jill jim jimmy jo joe joey john
    johnny jon jonah jordan jose josh joshua josie joy juan jude julia julie june justin kai
    karen kate katie kay kayla keith kelly ken kevin kim kyle laura lauren layla leah lee leo
    leon liam lily linda lisa liz lola lucas lucy luke luna lydia maddie madison maggie maria
    mark mary mason matt matthew max maya megan mel mia michael michelle mike mila miles molly
    nancy natalie nate nathan nick nicole noah nora oliver olivia oscar owen paige pam pat
    patrick paul penny peter phoebe priya rachel rahul raj ray rebecca riley rob robert
    robin rose ruby ryan sam samantha sandra sara sarah scarlett sean seb sophia sophie stella
    steve steven sue susan theo thomas tim timmy toby tom tommy tony tyler val vicky violet
    will willow wyatt zach zack zara zoe zoey
    anil asha bea deepa dylan lena mei nia nina rico rosa sami sofia tara
    """
)
_NOT_NAMES = _words(
    """
    lol omg btw idk imo tbh ngl smh jk fr rn tn tmr tmrw prob prolly def deff defo ofc obv
    obvs srsly rly tho thru cuz coz bc pls plz asap fyi gonna wanna gotta finna kinda sorta
    lowkey highkey ya yall ur u im ive dont cant wont didnt doesnt isnt hasnt wasnt ok okay
    lmao haha hahaha yep yup nope yeah
    """
)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=1)
def _dictionary() -> tuple[frozenset[str], frozenset[str]]:
    """Every English word the pipeline's lemmatizer knows, and the ones that are easy to
    mistype in a name's place (function words and adverbs)."""
    index = lemma_index()
    stop_words = english_stop_words()
    words = frozenset(w for pos in index.values() for w in pos)
    adverbs = frozenset(index.get(ADVERBS_KEY, ())) | stop_words
    return words | stop_words, adverbs


def lemma_index() -> dict[int, list[str]]:
    """The lemmatizer's base forms by part of speech (keyed by spaCy's string hash), read
    from the verified pipeline's files. srsly (spaCy's serialiser) reads them without
    spaCy."""
    import srsly  # type: ignore[import-untyped]

    tables: Any = srsly.read_msgpack(find_verified().data_dir / LEMMA_INDEX)
    index: dict[int, list[str]] = tables["lemma_index"]
    return index


def english_stop_words() -> frozenset[str]:
    """spaCy's English stop words, read from spaCy's own ``stop_words.py`` by its path: a
    module of one set literal and no imports, where importing it through spaCy would
    import spaCy, most of a second."""
    spacy = importlib.util.find_spec("spacy")
    if spacy is None or spacy.origin is None:
        raise LanguageModelMissing("spaCy is not installed, so neither is its word list")
    path = Path(spacy.origin).parent / "lang" / "en" / "stop_words.py"
    spec = importlib.util.spec_from_file_location("canon_spacy_english_stop_words", path)
    if not path.is_file() or spec is None or spec.loader is None:
        raise LanguageModelMissing(f"spaCy's English stop words are not at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(module.STOP_WORDS)


def _one_slip(word: str) -> set[str]:
    """The words one dropped, added, changed or swapped letter away from ``word``."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    out |= {a + c + b for a, b in splits for c in _LETTERS}
    return out


def is_common_first_name(word: str) -> bool:
    """Whether ``word`` (lower case) is on the list of common given names ("jordan",
    "florence"): a name even where a town of that name would fit."""
    return word in _COMMON


@lru_cache(maxsize=4096)
def is_first_name(word: str) -> bool:
    """Whether ``word`` (lower case) reads as a first name (see the module's doc)."""
    if word in _COMMON:
        return True
    if len(word) < 3 or word in _NOT_NAMES or not word.isalpha():
        return False
    words, slips = _dictionary()
    if word in words or any(stem in words for stem in _stems(word)):
        return False
    return not (_one_slip(word) & slips)


_SUFFIXES = ("s", "es", "ed", "d", "ing", "ly", "er", "est")


def _stems(word: str) -> list[str]:
    """What ``word`` may be an inflection of ("called" -> "call", "friends" -> "friend",
    "driving" -> "drive", "stopped" -> "stop"): the dictionary holds base forms."""
    out = []
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            stem = word[: -len(suffix)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "stopped"
            if stem.endswith("i"):
                out.append(stem[:-1] + "y")  # "carried", "happily"
    return out
