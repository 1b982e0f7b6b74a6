"""How a message reads before it is answered: texting spellings undone, and the shapes
of small talk, of questions about state and of statements nothing took up.

Pure patterns over ``normalised`` text; ``offline_replies`` decides what each gets.
"""

from __future__ import annotations

import re
from collections.abc import Callable

TEXTING = {
    "u": "you",
    "ya": "you",
    "r": "are",
    "ur": "your",
    "wat": "what",
    "wut": "what",
    "whats": "what's",
    "wheres": "where's",
    "hows": "how's",
    "im": "i'm",
    "abt": "about",
    "bout": "about",
    "pls": "please",
    "plz": "please",
    "rn": "right now",
}
"""Texting spellings, read as the words they stand for before a question is matched
("what do u know abt me", "wat r we doing"); statements never get here unread."""


def normalised(text: str) -> str:
    words = re.sub(r"[^\w' ]+", " ", text.casefold().replace("’", "'")).split()
    return " ".join(TEXTING.get(w, w) for w in words)


ASKS = re.compile(
    r"^((wait|ok|okay|so|and|hey|um|uh|oh|also|btw|quick q|quick question|sorry)\s+)*"
    # "whens", "whats": the apostrophe left out, as people type.
    r"(is|are|was|were|do|does|did|when|what|where|which|will|can|could|should|has|have|how"
    r"|whens|whats|wheres|hows)\b"
)
"""A question without its question mark ("is the amazon return before or after the trip")."""


def any_of(*patterns: str) -> Callable[[str], bool]:
    rx = re.compile("|".join(f"(?:{p})" for p in patterns))
    return lambda t: rx.search(t) is not None


GREETING = any_of(
    r"^(hi+|hello+|hey+|hiya|howdy|yo|heya|sup|greetings)( there| canon| again| you)?$",
    r"^(good )?(morning|afternoon|evening)( canon| there)?$",
)
THANKS = any_of(
    r"^(thanks?|thank you|thx|ty|tysm|cheers|much appreciated|appreciate it|thanks a lot"
    r"|thank you so much|many thanks|great thanks|ok thanks|perfect thanks)( canon)?$",
)
HOW_ARE_YOU = any_of(r"^how (are|r) (you|u)\b", r"^how'?s it going", r"^what'?s up$", r"^wassup$")
CHEER = any_of(r"^(omg |aw+ |yay |wow )?(congrats|congratulations|yay|aw+|omg|wow)( .*)?$")
"""A reaction said to Canon itself ("omg congrats!!"): answered in kind."""
SMALL = any_of(
    r"^(lol|lmao|haha+|hehe+|ha)$",
    r"^(ok|okay|k|kk|cool|nice|great|awesome|got it|alright|sounds good|ok cool|okay cool"
    r"|cool cool|neat|fine|good|perfect|sweet)$",
    r"^(bye|goodbye|good night|gn|see you|see ya|later|cya)$",
)
HELP = any_of(r"^(help|help me|\?|what can you do|how does this work|what do you do)$")
ABOUT_ME = any_of(
    r"what do you (know|believe|think you know|remember)( about me)?",
    r"what have you got on me",
    r"(tell me )?what you know about me",
    r"^(my state|summary|summarise|summarize)$",
)
STATEMENT = any_of(
    r"^((so|ok|okay|well|anyway|btw|lol|omg|ugh|and|but|like)\s+)*"
    r"(yesterday |last night |this morning |today |the other day )?"
    r"(i|i'm|im|i've|i'd|we|we're|we've|my|our|me and|mom|mum|mam|dad|nan|gran|grandma|grandpa)\b",
    # The "I" left out, as texted: "ugh failed my chem midterm", "just finished my shift".
    r"^((so|ok|okay|well|anyway|btw|lol|omg|ugh|and|but|welp|argh)\s+)*((just|finally|totally)\s+)?"
    r"(failed|passed|finished|started|lost|missed|forgot|aced|bombed|crashed|quit|spent|broke|"
    r"burned|burnt|dropped|locked|slept|overslept|woke|ran|spilled|cut|hurt)\b",
    # News about a thing: "ugh flight delayed 3 hrs", "the car's finally fixed", "traffic
    # was awful"; not a question ("where is alice") nor a request ("book a table").
    r"^((so|ok|okay|well|anyway|btw|lol|omg|ugh|and|but|oh|ah|argh|welp|fyi)\s+)*"
    r"(?!(what|where|when|how|who|whom|why|which|is|are|am|was|were|can|could|do|does|did|"
    r"should|would|will|shall|may|might|have|has|please|pls|remind|book|tell|show|add|set|"
    r"find|get|let|make|send|call|check|canon|you)\b)"
    r"(the |our |my |a |this |that )?([a-z]+ ){0,2}[a-z]+('s)? ((just|finally|still|now|totally|got) )?"
    r"(is|was|are|were|got|has|had|delayed|cancell?ed|canceled|moved|pushed|broke|fixed|"
    r"closed|late|over|done|here|gone|back|arrived|left|"
    # Someone else's news: "jake texted, landed safe", "the school rang about the trip".
    r"called|rang|phoned|texted|messaged|emailed|replied|facetimed|wrote|says|said)\b",
)
"""A statement about the speaker's life that no field rule took up: a story, a feeling,
news about a thing."""
CONDITION = any_of(
    r"^(if|unless|in case|assuming|provided|as long as)\b",
    r"\b(if|unless|in case)\b .*\b(will|'ll|would|'d)\b",
    r"\b(will|'ll|would|'d)\b .*\b(if|unless|in case)\b",
)
"""A condition with its consequence ("if the flight gets cancelled we'll stay"): a plan for
a case that has not happened, which sets nothing and is no riddle either."""
_DAYS = (
    r"(today|tonight|tomorrow|this (week|weekend|month)|next (week|weekend)|the weekend)( then)?"
)
"""A stretch of days a question about what is ahead may name."""
AGENDA = any_of(
    r"\bwhat'?s (coming up|next|ahead|up next|on (my|the|our) (plate|agenda|schedule|list|calendar))\b",
    r"\b(anything|what|what else|stuff) (do |have )?(i|we) ((still|even|actually|really) )?"
    r"(need|have|got|gotta|gonna have) to do\b",
    # "what's left to do?", "anything left on my list", "what have i got left"
    r"\b(what'?s|what is|anything|what else is|is there anything) (still )?(left|outstanding|open) "
    r"(to do|on (my|the|our) (list|plate|agenda))\b",
    r"\bwhat (do|have) (i|we) (got |have )?(left|still) to do\b|\bwhat (do|have) (i|we) (got )?left\b",
    r"\bwhat (do|have) (i|we) (got|have|got going) (on|coming up|planned|lined up)\b",
    r"\bwhat should (i|we) do (today|tomorrow|next|this week|first)\b",
    r"\bwhat are (my|our) plans\b|\b(my|our) (agenda|to-?do( list)?|todos)\b",
    r"\b(anything|something)( else)? (coming up|due|on the calendar)( soon| this week)?\b",
    r"^(agenda|upcoming|todo|to do|to-do|schedule|my schedule|whats next|what next)$",
    # A stretch of days asked about: "what's on this week", "anything this weekend?",
    # "what have we got tomorrow", "what does my week look like".
    rf"\bwhat'?s (on|happening|planned|going on)( for)? {_DAYS}$",
    rf"^((and|so|ok|okay|also)\s+)?(anything|something)( (on|happening|planned|going on|due))?"
    rf"( for)? {_DAYS}$",
    rf"\bwhat (do|have) (i|we) (got|have)( on| going on| planned)?( for)? {_DAYS}$",
    r"\bwhat(( does)|'?s) (my|our|the) (day|week|weekend) look(ing)? like\b",
)
"""What is ahead ("what's on my plate?", "anything i need to do"): the agenda."""
PENDING = any_of(r"\bpending\b", r"\bto confirm\b", r"\bwaiting for me\b", r"open questions?")


ABOUT_ASSISTANT = any_of(
    r"\b(who|what) are you\b",
    r"\bwhat('?s| is) your name\b",
    r"\bare you (a bot|an ai|human|real)\b",
    r"\bwho (made|built) you\b",
)

_ASKED_TO = (
    r"^((please|ok|okay|so|and|also|oh|hey|canon)\s+)*((can|could|would|will) you\s+)?(please\s+)?"
)
"""How a request opens: fillers, "can you", "please"."""
REQUEST = any_of(
    _ASKED_TO
    + r"(remind|book|reserve|order|schedule|text|email|buy|ping|wake)\s+(me|us|a|an|the|my|our)\b",
    # "call the dentist", not "call me alex" (a name).
    _ASKED_TO + r"call\s+(a|an|the|my|our)\b",
    _ASKED_TO + r"(set|add|create|make)\s+(me\s+)?(a|an|up a)\s+(reminder|alarm|timer|appointment|"
    r"booking|reservation|calendar event|event|meeting|call|note|todo|to do)\b",
)
"""Something to be done ("remind me to call the vet at 4", "can you book a table for 4"):
not a fact about how things are, and nothing Canon does itself."""
