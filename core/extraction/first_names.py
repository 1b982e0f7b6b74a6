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
"""

from __future__ import annotations

from functools import lru_cache

from core.extraction.linguistics.model import load


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
    from spacy.lang.en.stop_words import STOP_WORDS

    index = load().get_pipe("lemmatizer").lookups.get_table("lemma_index")  # type: ignore[attr-defined]
    words = frozenset(w for pos in index.values() for w in pos)
    adverbs = frozenset(index.get("adv", ())) | STOP_WORDS
    return words | STOP_WORDS, adverbs


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
