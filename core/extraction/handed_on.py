"""Words handed on from a relative: 'from mom: "landed in phoenix"', 'my wife texted "im
stuck at O'Hare"', 'Dad's message: "I'm in Boise"'.

Inside the quote "I" is the relative, not the user: the quote is read as said of them
("my mom landed in phoenix"), so the relative's status comes from the family rules and the
user's own location, trip or bill stays as it was. A quote that opens on its verb, its
subject left out as in a text ("landed in phoenix", "home from the hospital", "fever's
gone"), is given the relative as subject. Only a relative the family rules know is named;
a friend's or a company's words ("my friend sent this: …", "Quoting the hotel: …") are
left as they are.
"""

from __future__ import annotations

import re

from core.extraction.first_names import is_first_name
from core.extraction.word_gates import gated

_RELATIVE = (
    r"mom|mum|mother|dad|father|wife|husband|hubby|partner|son|daughter|sister|brother|grandma|"
    r"grandpa|grandmother|grandfather|nana|grandad|granddad|granny|gran|nan|aunt|uncle|cousin|kids?|"
    r"fianc[eé]e?"
)
_OTHERS = (
    r"friend|boss|roommate|flatmate|coworker|co-worker|colleague|neighbou?r|landlord|landlady|"
    r"buddy|bestie|bff|teammate|manager"
)
_WHO = (
    rf"(?:my\s+|our\s+)?(?:(?P<rel{{0}}>{_RELATIVE})|(?P<oth{{0}}>{_OTHERS}))\b|"
    # "from Sam:", "Priya texted": a first name, with its capital.
    r"(?P<title{0}>(?-i:Mrs|Mr|Ms|Miss|Dr)\.?\s+)?"
    r"(?P<name{0}>(?-i:(?!(?:The|My|Our|Your|This|That|Me|Us|It|We|You|They|He|She|From|Fwd|Fw|Re|Note|Reminder|"
    r"Update|Subject|Subj|Quote|Quoting|Notice)\b)[A-Z][a-z]+))"
)
_HEADER = gated(
    r"^\s*(?:(?:fwd?|fw)\s*:?\s*)?(?:(?:relaying|relayed|forwarding|forwarded|pasting|copying|"
    r"msg|message|text|voicemail|note)\s+){0,2}(?:from|by)\s+(?:" + _WHO.format("a") + r")"
    # "note from dad's care home: he has a cough": those who look after the relative.
    r"(?P<carers>'s\s+(?:care\s+home|nursing\s+home|carers?|nurses?|ward|hospital|school|nursery|"
    r"teacher|doctor|gp|day\s+centre|day\s+center))?"
    # "text from my son just now:": when it came, before the colon.
    r"(?:\s+(?:just\s+now|today|this\s+morning|last\s+night))?"
    r"(?:\s*\([^)]*\))?\s*(?:[:,]|-+|–|—)\s*|"
    # "pasting what my brother sent:", "here's what mum wrote:": the words below are theirs.
    # (a relative's only: "what my landlord sent: rent is due" is the writer's rent)
    r"^\s*(?:(?:pasting|copying|forwarding|sharing|here'?s|heres)\s+)?what\s+(?:my\s+|our\s+)?"
    r"(?P<rele>"
    + _RELATIVE
    + r")\s+(?:just\s+)?(?:sent|texted|wrote|messaged|said|replied)(?:\s+(?:me|us))?\s*[:,-]\s*|"
    r"^\s*(?:(?:pasting|copying|forwarding|sharing)\s+)?(?:" + _WHO.format("b") + r")(?:'s|s)?\s+"
    r"(?:message|msg|text|voicemail|"
    # "Gran's voicemail, more or less: …": how closely the user retells it, between.
    r"voice\s+note|note|email|reply)(?:,\s*\w+(?:\s+\w+){0,2})?\s*[:,-]\s*|"
    r"^\s*(?:" + _WHO.format("c") + r")\s+(?:just\s+)?(?:texted|wrote|messaged|"
    r"replied|sent|says|said|forwarded|shared|posted)(?:\s+(?:me|us))?(?:\s+this)?(?:\s*[:,-]?\s*(?=[\"“'‘])|\s*:\s*)|"
    # "Dad (via text): 'made it to Denver'": how it came, in brackets.
    r"^\s*(?:" + _WHO.format("d") + r")(?:\s*\([^)]*\))?\s*:\s*(?=[\"“'‘])|"
    # "Fwd: Re: offsite", "Subject: FW: …": a mail handed on whole, its sender unnamed.
    r"^\s*(?:subject\s*:\s*)?(?P<fwd>fwd?|fw)\s*:\s*",
    re.IGNORECASE,
)
_QUOTE = gated(
    r"^(?:[\"“](?P<q>[^\"”]+)[\"”]?"
    # 'kids are at my mom's': a single quote closes where no letter follows it, so the
    # apostrophes inside the quoted words stay in them.
    r"|['‘](?P<sq>.+?)(?:['’](?![a-z])|$))(?P<after>.*)$",
    re.DOTALL | re.IGNORECASE,
)
_FIRST_PERSON = gated(
    r"\b(?P<w>i'm|im|i am|i've|i'll|i(?!')|my|me|we're|we are|we've|we'll|we(?!')|our|us)\b", re.I
)
_AS_SAID_OF = {"i'm": "{who} is", "im": "{who} is", "i am": "{who} is", "i've": "{who} has",
               "i'll": "{who} will", "i": "{who}", "my": "{whose}", "me": "{them}",
               # "we" in their message is them and theirs, never the user who reads it.
               "we're": "{who} is", "we are": "{who} is", "we've": "{who} has",
               "we'll": "{who} will", "we": "{who}", "our": "{whose}", "us": "{them}"}  # fmt: skip
_GREETING = gated(
    # 'Hey! Flying out…', 'Hi all, I'm in…': a greeting opens the message; what follows it is
    # the message, its subject still left out when the text leaves it out.
    r"^(?:hey|hi|hiya|hello|morning)\b(?:\s+(?:all|everyone|team|folks|guys|there))?\s*[!,.:-]*\s*",
    re.I,
)


def _sender(word: str) -> str:
    """A forwarded mail's first person said of its unnamed sender."""
    return _AS_SAID_OF[" ".join(word.lower().split())].format(
        who="the sender", whose="their", them="them"
    )


_SUBJECT_FIRST = gated(
    r"^(?:i|i'm|im|i've|i'll|i'd|we|we're|we've|we'll|you|u|ur|you're|the|my|our|your|it|it's|its|"
    r"this|that|there|they|they're|he|he's|she|she's|kids|a|an|if|when|can|could|would|will|"
    r"call|tell|text|please|pls|don't|dont|do|did|are|is|was|ok|okay|yes|yeah|yep|no|nope|hi|"
    r"hey|hello|love|thanks|thank|lol|haha|what|where|who|how|why|mom|dad|"
    # A relative named first is the subject: "mum's been taken in", "grandad is home".
    r"mum|mummy|mama|daddy|papa|nan|nana|gran|granny|grandma|grandpa|grandad|hubby|baby|"
    r"twins|your|ur|[A-Z][a-z]+\s+"
    r"(?:is|was|has|will|and))\b",
)
"""What a quote with its subject opens on; any other opening leaves the subject out, as a
text does ("landed in phoenix", "home from the hospital", "got the job")."""
_BE_LED = gated(
    r"^(?:just\s+|finally\s+|still\s+|safely\s+)?(?:home|back|at|in|stuck|staying|going|heading|leaving|"
    r"flying|driving|boarding|feeling|out|off|on|safe|here|fine|sick|better|almost|nearly|"
    r"running|about|waiting|away)\b",
    re.IGNORECASE,
)
_ADDRESS = gated(
    # "mum, landed safe": whom the quote calls out to; not "mum's been taken in", "mum is…".
    r"^(?:dad|mom|mum|honey|babe|sweetie|love|hon|hun)\b(?![\'’])"
    r"(?!\s+(?:is|was|has|had|got|and|says|said|will)\b)[,\s]*",
    re.I,
)


def handed_on(text: str) -> str:
    """``text`` with a relative's quoted words read as said of the relative."""
    m = _HEADER.match(text)
    if m is None:
        return text
    rel = next((m.group(g) for g in ("rela", "relb", "relc", "reld", "rele") if m.group(g)), None)
    other = next((m.group(g) for g in ("otha", "othb", "othc", "othd") if m.group(g)), None)
    name = next((m.group(g) for g in ("namea", "nameb", "namec", "named") if m.group(g)), None)
    titled = any(m.group(g) for g in ("titlea", "titleb", "titlec", "titled"))
    if m.group("fwd"):
        # The mail's "I" and "we" are whoever sent it first, never the user who passes it on.
        # (with no first person it is the user's own mail: "Fwd: your flight to Miami…")
        said = text[m.end() :]
        if _FIRST_PERSON.search(said) is None:
            return text
        return _FIRST_PERSON.sub(lambda w: _sender(w.group("w")), said).strip()
    if (
        rel is None
        and other is None
        and name is not None
        and not titled
        and not is_first_name(name.lower())
    ):
        # "Handover note: I'm away…", "Quick note: …": a capitalised word before "note" that
        # is an English word labels the note; it names no one who wrote it.
        return text
    rest = text[m.end() :].strip()
    q = _QUOTE.match(rest)
    quote, after = (q.group("q") or q.group("sq"), q.group("after")) if q else (rest, "")
    if q is not None and q.group("sq") is not None and rel is None and other is None:
        # Single quotes after a bare first name stay as typed ("from Jen: 'I'm off sick…'": a
        # colleague, no household member); a relative's or a boss's, a friend's are theirs.
        return text
    if rel is not None:
        who = f"my {rel.lower()}"
        female = _FEMALE.search(rel.lower()) is not None
        pronoun = "their" if rel.lower().startswith("kid") else "her" if female else "his"
    else:
        who, pronoun = f"my {other.lower()}" if other else str(name), "their"
    them = {"her": "her", "his": "him"}.get(pronoun, "them")
    said = _ADDRESS.sub("", _GREETING.sub("", quote.strip()))
    if rel is not None and m.group("carers"):
        # Their carers write of the relative: "he", "she" is the relative, not a sender.
        return (_CARED_FOR.sub(who, said, count=1) + after).strip()
    if rel is not None and (told := _TOLD_OF.match(said)) and _pronoun_is(told, pronoun):
        # "Mom's voicemail, roughly: she's at Aunt Rita's": the user retells it, and "she" is
        # the one whose message it was.
        return (who + said[told.end("p") :] + after).strip()
    said = _PASS_ON.sub("", said, count=1)
    subjectless = _SUBJECT_FIRST.match(said) is None and _SUBJECT_FIRST.match(said.lower()) is None
    here_now = rel is not None and _WHERE_I_AM.search(said) is not None
    said = _FIRST_PERSON.sub(
        lambda w: _AS_SAID_OF[" ".join(w.group("w").lower().split())].format(
            who=who, whose=pronoun, them=them
        ),
        said,
    )
    if here_now:
        # 'Dad: "I'm in Boise"': a message says where its writer is as it is sent, for now
        # (a parent "in Boise" may live there; one writing from there is away).
        said = re.sub(rf"\b{re.escape(who)} is (?=in\s+[A-Z])", f"{who} is currently ", said)
    if subjectless:
        # "landed in phoenix", "home from the hospital", "fever's gone", "got the job": the
        # one who wrote it is the subject the text leaves out.
        # ("Landed in Berlin": the phone's capital is no name's)
        said = said[:1].lower() + said[1:]
        if _SYMPTOM.match(said):
            said = f"{who}'s {said}"
        elif _BE_LED.match(said):
            said = f"{who} is {said}"
        else:
            said = f"{who} {said}"
    # Anyone writing to the user: "your gran", "your son" are the user's own.
    said = _YOUR.sub("my", said)
    return f"{said}{after}".strip()


_YOUR = gated(
    r"\b(?:your|ur)\b(?=\s+(?:" + _RELATIVE + r"|gran|granny|nan|nana|grandad|"
    r"mum|mom|dad|brother|sister|aunt|uncle)\b)",
    re.IGNORECASE,
)


_PASS_ON = gated(
    r"^(?:tell|let)\s+(?:(?:your|ur|my)\s+\w+|him|her|them|everyone|every1|the\s+kids)\s+"
    r"(?:know\s+)?(?:that\s+)?",
    re.IGNORECASE,
)
"""'tell your mother I'm in Boise': the words to pass on are the message."""
_WHERE_I_AM = gated(r"\b(?i:i'm|im|i\s+am)\s+(?=in\s+[A-Z])")
"""'I'm in Boise': a town by its capital (not 'I'm in hospital', 'in bed')."""


_TOLD_OF = gated(r"^(?P<p>she|he|they)(?='|’|\s)", re.IGNORECASE)


def _pronoun_is(told: re.Match[str], pronoun: str) -> bool:
    """Whether the retold quote's opening pronoun is the relative's own."""
    said = told.group("p").lower()
    return {"her": "she", "his": "he", "their": "they"}[pronoun] == said


_CARED_FOR = gated(r"^(?:he|she)\b", re.IGNORECASE)
_FEMALE = gated(
    r"mom|mum|mother|wife|daughter|sister|grandma|grandmother|nana|aunt|^gran(?:ny)?$|^nan$|"
    r"fianc[eé]e$"
)
_SYMPTOM = gated(r"^(?:fever|cough|temperature)\b", re.IGNORECASE)
