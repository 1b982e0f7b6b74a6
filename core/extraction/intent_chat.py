"""Talk that claims nothing: back-channel words ("ok great thank you!!", "lol ok"), thanks,
good wishes and sign-offs ("Thanks everyone for the advice, it really helped").

A clause made only of these has intent "none" whatever else its words would say, so
``classify`` checks them first.
"""

from __future__ import annotations

from functools import lru_cache

from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

_CHITCHAT = gated(
    r"(?:hi|hello|hey|hiya|yo|howdy|sup|good\s+(?:morning|afternoon|evening|night)|gm|gn|"
    r"thanks?(?:\s+(?:you|again))?(?:\s+(?:so|very)\s+much|\s+a\s+(?:lot|ton|bunch))?|thx|ty|"
    r"tysm|cheers|ta|brill|brilliant|lovely|ace|fab|sorted|nice\s+one|spot\s+on|no\s+dramas|"
    r"legend|much\s+appreciated|appreciate\s+it|ok(?:ay)?|k|kk|cool|nice|great|awesome|"
    r"perfect|sure|yes|no|yep|yup|nope|nah|lol|lma+o+|lmfa+o+|haha+|hah|got\s+it|"
    # An order or a message taken ("noted with thanks", "understood", "copy that", "will
    # do", "can do"): it acknowledges, it tells nothing (nor plans: "will do" is a yes).
    r"noted(?:\s+with\s+thanks)?|understood|copy(?:\s+that)?|roger|wilco|(?:will|can)\s+do|"
    # Singlish particles and "see how" (we'll see) left on their own after a split.
    r"lah|lor|leh|sia|meh|see\s+how(?:\s+(?:lah|lor|first))?|stop(?:\s+it)?|"
    r"sounds\s+(?:good|great|perfect|fine|like\s+a\s+plan)(?:\s+to\s+(?:me|us))?|same|same\s+here|"
    r"\+?1|agreed|fair|bet|omg|eh|no\s+problem|(?:can|ok|okay|sure|never\s+mind|no\s+problem)\s+(?:lah|la|leh|lor)|"
    r""
    r"never\s*mind|no\s+worries|np|bye|goodbye|good\s*night|love\s+it|wow|"
    # Gamers' sign-offs: "gg wp everyone, see u tmrw", "glhf", "ttyl".
    # "signing off, see everyone monday", "see y'all next week": a sign-off with its day.
    r"see\s+(?:you|ya|u|everyone|everybody|y'all|you\s+all|u\s+all|all\s+of\s+you|you\s+guys|"
    r"u\s+guys)(?:\s+(?:on\s+)?(?:tomorrow|tmrw|later|soon|around|tonight|next\s+(?:time|week)|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|after\s+the\s+break|in\s+the\s+morning|"
    # "see you at the function", "see u at practice": where the two will meet.
    r"at\s+(?:the\s+)?[a-z]+))?|"
    r"gg|ggs|wp|glhf|ttyl|cya|gtg|g2g|signing\s+off|logging\s+off|heading\s+out|"
    # Not following the other party: "I don't understand", "sorry, I'm confused".
    r"(?:sorry\s+)?i\s+(?:don't|do\s+not|dont)\s+(?:understand|get\s+it|follow)|"
    r"(?:sorry\s+)?(?:i'm|im|i\s+am)\s+(?:a\s+bit\s+|so\s+)?confused|"
    r"hmm+|ah|oh|ugh|welcome|that\s+(?:helps|works)|(?:that|this|it)(?:'s|\s+is|\s+was)\s+"
    r"(?:great|helpful|perfect|awesome|fine|ok|okay|cool|nice|good|all|it|correct|right|wrong|"
    r"wonderful|amazing|useful|interesting|funny|true|brilliant|lovely|ace|fab|fantastic|"
    r"excellent|sorted|spot\s+on)|you(?:'re|\s+are)\s+(?:the\s+best|"
    r"awesome|great|welcome|right|amazing|a\s+star|a\s+legend))"
    r"(?:\s+(?:there|again|everyone|canon|buddy|friend|mate|love|hun|all))?"
)
_SOCIAL = branched(
    # Thanks with what for, and who: "thanks everyone for the advice", "thank you very
    # much for your help"; good wishes: "happy bday", "have the best day"; a sign-off:
    # "that's all for now"; and what the help did: "it really helped", "you are very kind".
    r"(?:many\s+|big\s+|huge\s+)?(?:thanks?|thank\s+(?:you|u)|thx|ty|tysm|cheers)"
    r"(?:\s+(?:so|very)\s+much|\s+a\s+(?:lot|ton|bunch|million))?"
    r"(?:\s+(?:again|everyone|everybody|all|y'all|guys|folks|so\s+much))*(?:\s+(?:for|to)\b.*)?|"
    r"(?:happy|merry)\s+(?:bday|birthday|b-day|anniversary|new\s+year|holidays|christmas|"
    r"xmas|easter|thanksgiving|mother's\s+day|father's\s+day|eid|diwali|hanukkah|"
    # "happy friday everyone", "happy weekend": the day greeted, nothing planned on it.
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|hump\s+day)\b.*|"
    r"(?:(?:and|so)\s+)?(?:have|enjoy)\s+(?:a|an|the|your)\s+(?:\w+\s+)?(?:day|weekend|week|trip|"
    r"time|evening|night|one|flight|holiday|holidays|christmas|xmas|break|birthday|stay|"
    r"summer|easter|meal|dinner|new\s+year|drive|journey|ride|crossing|move|first\s+day|"
    r"shift|interview|wedding|honeymoon|visit)\b.*|"
    # Luck wished to the listener, with what for: "best of luck with the new job Monday!!",
    # "good luck at the interview tmrw" (the listener's day, not the speaker's plan; "good
    # luck to us, we fly at 6" goes on to a fact of its own after the comma).
    r"(?:the\s+)?(?:(?:very\s+)?best\s+of|good)\s+luck(?:\s+to\s+(?:you|u|ya|y'all|you\s+(?:both|"
    r"all)|everyone|both\s+of\s+you))?(?:\s+(?:with|for|on|at|in|today|tonight|tomorrow|tmrw|"
    r"this|next)\b[^,.!?]*)?|"
    # A blessing or a wish of health for the listener or theirs: "God bless you all", "get
    # well soon grandma", "safe travels".
    r"god\s+bless(?:\s+(?:you|u|ya|y'all|you\s+all|us\s+all|everyone))?(?:\s+all)?|"
    r"wishing\s+(?:you|u|ya|y'all|you\s+all|everyone|you\s+both)\s+(?:a|an|all|every|the)\b.*|"
    # "safe trip to Boise tomorrow", "safe flight home": the listener's journey, wished well.
    r"get\s+well\s+soon|safe\s+(?:travels|trip|flight|journey|drive)(?:\s+(?:to|home|back|up|down|"
    r"out|over|tomorrow|tmrw|tonight|today|this|next|on)\b[^,.!?]*)?|(?:drive|travel|fly|ride|stay|get\s+home)\s+"
    r"safe(?:ly)?|ily|ilysm|love\s+(?:you|u|ya)(?:\s+(?:lots|loads|so\s+much|too|xx?))?|"
    # "thinking of you all in Tulsa", "thinking of your mum today": sympathy, not a plan.
    r"(?:(?:i'm|im|we're|were|i\s+am|we\s+are)\s+)?(?:thinking\s+of|praying\s+for)\s+(?:you|u|ya|"
    r"y'all|you\s+(?:all|both|guys)|all\s+of\s+you|your\s+\w+)\b[^,.!?]*|"
    # "Looking forward to hearing from you", "look forward to catching up when things calm
    # down": the close of a letter, what it hopes of the listener.
    r"(?:i\s+am\s+|i'm\s+|im\s+|we\s+are\s+|we're\s+|(?:i|we)\s+)?(?:really\s+)?look(?:ing)?\s+"
    r"forward\s+to\s+(?:hearing|your|catching\s+up|seeing\s+(?:you|u|y'all|everyone)|"
    r"speaking|chatting|working\s+with|meeting\s+(?:you|u)|it)\b.*|"
    # "hope all is well with you and Tom", "hope Aisha feels better soon", "hope Mum's
    # feeling better today": a good wish about how someone else is, not the speaker's own
    # hope for what is to happen.
    r"(?:i\s+)?(?:really\s+|do\s+)?hope\s+(?:that\s+)?(?:all|everything|everyone|all\s+of\s+you|"
    r"things)\s+(?:is|are|'s|went|goes)\s+(?:well|good|ok|okay|fine|great|alright)\b.*|"
    r"(?:i\s+)?(?:really\s+|do\s+)?hope\s+(?:that\s+)?(?:the\s+|your\s+|ur\s+|all\s+the\s+)?(?:little\s+ones|"
    r"kids|children|family|folks|boys|girls|grandkids|twins|baby|little\s+one)\s+(?:are|is|were|have|"
    r"had|enjoy|enjoyed|liked?|loved?)\b.*|"
    # An option turned down: "That's too late for us unfortunately", "it's a bit too far".
    r"(?:that|this|it)(?:'s|\s+is|\s+was|\s+would\s+be)\s+(?:a\s+bit\s+|a\s+little\s+|way\s+|far\s+|"
    r"much\s+)?too\s+(?:late|early|expensive|far|pricey|dear|much|small|big|long|short|soon)"
    r"(?:\s+for\s+(?:me|us))?(?:\s+(?:unfortunately|though|tbh|i'm\s+afraid|sadly))?|"
    r"(?:i\s+)?(?:really\s+|do\s+)?hope\s+(?!(?:i|we|i'm|we're|im|my|our)\b)(?:\S+\s+){1,3}?"
    r"(?:(?:is|'s|are)\s+)?(?:feels?|feeling|gets?|getting)\s+(?:better|well)\b.*|"
    r"(?:that's|that\s+is|thats)\s+(?:all|everything|it)(?:\s+(?:i\s+need(?:ed)?|for\s+now|"
    r"for\s+today|thanks?))*|"
    r"(?:it|that|this|you|your\s+\w+)\s+(?:really\s+|truly\s+|so\s+|all\s+)?(?:helped|"
    r"helps)(?:\s+(?:a\s+lot|so\s+much|loads|a\s+ton|me|us))*|"
    # Thanks put as praise of the asking: "it's so sweet of you to check in", "It is very
    # kind from you to ask about my family" (the learner's "from").
    r"(?:it|that|this)(?:'s|\s+is|\s+was|s)\s+(?:so\s+|very\s+|really\s+|too\s+|super\s+)?"
    r"(?:kind|nice|sweet|thoughtful|good|generous|lovely|cute)\s+(?:of|from)\s+(?:you|u|ya|y'all)\b.*|"
    # A compliment on the listener's things: "ur hair looks sooo good in that pic", "your
    # garden looks amazing" ("your parcel looks damaged" rates nothing).
    r"(?:your|ur|yr)\s+(?:\w+\s+){1,2}?(?:looks?|sounds?|smells?|seems?)\s+(?:so+\s+|really\s+|"
    r"very\s+|super\s+|absolutely\s+|soo+\s+)*(?:good|great|amazing|gorgeous|beautiful|lovely|"
    r"delicious|fab|fantastic|incredible|cute|awesome|stunning|perfect|fire|fun)\b.*|"
    r"(?:you(?:'re|\s+are|\s+r)|u\s+r|ur)\s+(?:so\s+|very\s+|too\s+|really\s+)?(?:kind|"
    r"helpful|sweet|amazing|a\s+lifesaver|the\s+best|wonderful|great)(?:\s+\w+)?|"
    # A good wish for the listener or theirs: "i hope ur mom feels better soon".
    r"(?:i\s+)?(?:really\s+)?hope\s+(?:you|u|ur|your|you're|ure)\b.*|"
    # Choosing among offers, or not minding: "any of those is fine", "I don't care about
    # the price", "either one works".
    r"(?:any|either|both|all|the\s+(?:first|second|third|last|other|cheaper|cheapest)(?:\s+one)?)"
    r"(?:\s+one)?(?:\s+of\s+(?:those|them|these))?\s+(?:is|are|would\s+be|works?|sounds?)\s+"
    r"(?:fine|ok|okay|good|great|perfect)|"
    # A debt of thanks, and a time proposed taken up: "i owe you one", "Sat works for me",
    # "2pm is fine by us" (not "the new meds work for me": only a time is taken up).
    r"(?:i\s+)?owe\s+(?:you|u|ya)(?:\s+(?:one|big|big\s+time|a\s+\w+))*|"
    r"(?:(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*|today|tonight|tomorrow|tmrw|"
    r"that|this|either|anytime|any\s+time|whenever|\d{1,2}(?::\d\d)?\s*(?:am|pm)?|"
    r"the\s+\d{1,2}(?:st|nd|rd|th))(?:\s+(?:morning|afternoon|evening|night|at\s+\S+))?\s+"
    r"(?:works|is\s+(?:fine|good|perfect|great)|'s\s+(?:fine|good|perfect|great))"
    r"(?:\s+(?:for|with|by)\s+(?:me|us))?|"
    r"(?:i|we)\s+(?:really\s+)?(?:don't|do\s+not|dont)\s+(?:really\s+)?(?:care|mind)(?:\s+(?:about|"
    r"which|what|where|when|how))?(?:\s+(?:the\s+)?(?:price|cost|area|rating|stars|time|location|"
    r"one|airline|seat))?|"
    # "Price doesn't really matter", "the area doesn't matter to us": a term let go.
    r"(?:the\s+)?(?:price|cost|area|location|rating|stars|time|airline|type\s+of\s+food|food|cuisine|"
    r"day|budget)\s+(?:doesn't|does\s+not|doesnt|don't)\s+(?:really\s+)?matter(?:\s+(?:to\s+(?:me|us)|"
    r"much|too\s+much|that\s+much))?"
)
"""Thanks, good wishes and sign-offs: social messages that claim nothing about the
speaker's world, however long ("Thanks everyone for the advice, it really helped")."""


_NOT_WORDS = gated(r"[^\w\s',.!?-]+")
_SOCIAL_RUN = gated(rf"(?:{_SOCIAL.pattern})(?:[\s,.!]+(?:{_SOCIAL.pattern}))*")


_CHITCHAT_RUN = gated(rf"(?:{_CHITCHAT.pattern})(?:[\s,.!]+(?:{_CHITCHAT.pattern}))*")


@lru_cache(maxsize=1024)
def is_chitchat(low: str) -> bool:
    """Back-channel words run together with or without commas, emoji aside: "ok great
    thank you!!", "k sounds good 👍", "lol ok". Each alone claims nothing, so neither
    does a run of them, nor a clause left empty (a greeting the letter reader took off)."""
    bare = " ".join(_NOT_WORDS.sub(" ", low).split()).strip(" ,.!")
    return not bare or _CHITCHAT_RUN.fullmatch(bare) is not None


@lru_cache(maxsize=1024)
def is_social(low: str) -> bool:
    """Thanks, good wishes and sign-offs, one or several, emoji aside."""
    bare = " ".join(_NOT_WORDS.sub(" ", low).split()).strip(" ,.!")
    return bool(bare) and _SOCIAL_RUN.fullmatch(bare) is not None
