"""Organisation names after "work at/for", "joined", "got a job at": who employs the user.

People write employers in every case: "I work at a UPS store", "i work at walmart",
"I work for google". The name is found this way, in order:

1. a well-known organisation, in any case, with its usual spelling ("ups" -> "UPS",
   "mcdonalds" -> "McDonald's", "home depot" -> "Home Depot");
2. capitalised words, a proper noun the user typed ("Mercy Hospital", "Acme Corp"); an
   acronym stays upper case, and a generic noun after it is not part of the name
   ("a UPS store" -> "UPS");
3. lowercase words before an institution's head noun ("i teach at lincoln elementary",
   "mercy hospital"), in title case;
4. one lowercase word right before the clause ends ("i work at kroger"), in title case,
   unless it is a generic workplace or an everyday word ("at night", "for myself").

A generic workplace ("a hospital", "a restaurant", "the bank", "from home") names no
employer: nothing in the field catalogue records a kind of workplace.
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz.distance import OSA

from core.extraction.word_gates import gated


def _words(block: str) -> frozenset[str]:
    """The words of a block of text: word lists below read as prose, not as lists."""
    return frozenset(block.split())


_KNOWN = [
    "Google", "Amazon", "Apple", "Microsoft", "Meta", "Facebook", "Netflix", "Stripe", "Shopify",
    "Airbnb", "Uber", "Lyft", "IBM", "Oracle", "Salesforce", "Spotify", "Tesla", "Nvidia",
    "Intel", "Adobe", "OpenAI", "Anthropic", "Twitter", "LinkedIn", "Dropbox", "Slack",
    "Atlassian", "Deloitte", "Accenture", "McKinsey", "Walmart", "Target", "Costco", "Starbucks",
    "Nike", "Disney", "UPS", "FedEx", "USPS", "DHL", "CVS", "Walgreens", "Kroger", "Safeway",
    "Publix", "Home Depot", "Lowe's", "Best Buy", "Whole Foods", "Trader Joe's", "McDonald's",
    "Chipotle", "KFC", "Wells Fargo", "JPMorgan", "Goldman Sachs", "Bank of America", "Citi",
    "PwC", "EY", "KPMG", "Boeing", "NASA", "Pfizer", "Verizon", "AT&T", "Comcast", "T-Mobile",
    "Sony", "Samsung", "Toyota", "Ford", "GM", "Pinterest", "Reddit", "Zoom", "Intuit", "Cisco",
    "Dell", "HP", "IKEA", "Aldi", "Lidl", "Tesco", "Sainsbury's", "H&M", "Zara", "Uniqlo",
    "Etsy", "eBay", "PayPal", "Visa", "Mastercard", "Kaiser", "Mayo Clinic", "NHS", "BBC",
    "Bloomberg", "Capital One", "Chick-fil-A", "Dunkin'", "Panera", "In-N-Out", "Wayfair",
    "DoorDash", "Instacart", "GitHub", "GitLab", "Cloudflare", "Datadog", "Snowflake",
    # Shops and deliveries people return to and get refunds from, typed in lower case as
    # often as not ("sent it back to asos", "ocado refunded me"); no everyday word among
    # them ("Next", "Boots", "Wish" and "Gap" are left out: "to next week").
    "ASOS", "Argos", "Ocado", "Deliveroo", "Just Eat", "Uber Eats", "Zalando", "Shein", "Temu",
    "Primark", "Currys", "John Lewis", "Asda", "Morrisons", "Waitrose", "Selfridges",
    "Flipkart", "Myntra", "Jumia", "Takealot", "Lazada", "Shopee", "Bunnings", "JB Hi-Fi",
    "Woolworths", "Coles", "Kmart", "Zappos", "Nordstrom", "Macy's", "Sephora", "Chewy",
    "Rakuten", "Mercado Libre", "Decathlon", "Fnac", "MediaMarkt", "Otto", "Bol.com",
]  # fmt: skip
_MAX_KNOWN_WORDS = 3


def _key(text: str) -> str:
    return " ".join(text.lower().replace("'", "").replace("\u2019", "").split())


_CANON = {_key(name): name for name in _KNOWN}
# Words that say what kind of place, never whose ("a UPS store", "a Starbucks downtown").
_GENERIC = _words(
    """
    hospital restaurant school store shop bank cafe bar hotel office factory warehouse company
    startup firm agency nonprofit university college clinic pharmacy lab library gym daycare
    church home bakery diner supermarket grocery mall farm plant branch location site
    department call center centre hospice nursing law practice salon store's franchise
    """
)
# Everyday words after "work at/for" that are no organisation ("at night", "for myself").
_NOT_ORGS = _GENERIC | _words(
    """
    night nights night's noon midnight weekends home myself yourself ourselves them him her us it me
    least all least times least once this that these those now there here least lunch
    living free minimum scale same best most work works bed war peace risk ease rest
    """
)
_DETERMINERS = frozenset({"a", "an", "the", "my", "our", "this", "that", "some"})
_END_WORDS = _words(
    """
    now since as and but so in on for with until till today currently still again too
    anymore though right full part
    rn tmrw tomorrow tonight next from starting lol monday tuesday wednesday thursday friday
    saturday sunday mon tues thurs fri
    """
)
"""Words that may follow a lone name and end it: "i work at kroger now", and the day a
placement or a job starts, typed in chat ("starting my apprenticeship at bmw monday")."""
_WORD = gated(r"[A-Za-z0-9][\w&.'-]*")
_INSTITUTIONS = _words("elementary school hospital university college clinic academy library")
"""Head nouns that end an institution's name typed in lower case ("lincoln elementary")."""


def is_known_organisation(name: str) -> bool:
    """Whether ``name`` is a well-known organisation ("Costco", "Trader Joe's")."""
    return _key(name) in _CANON


def known_organisation(name: str) -> str | None:
    """A well-known organisation's name as it is written ("amazon" -> "Amazon"), or None."""
    return _CANON.get(_key(name))


_SLIP_SHORTEST = 5
"""Shortest word read through a slip as a shop's name: "amzon", "walmrt"; shorter ones
("tagret" aside) lie a letter from too many words."""


def organisation_slip(word: str) -> str | None:
    """The one well-known one-word organisation ``word`` is a slip of the thumb for (a
    letter added, dropped or changed, two neighbours swapped: "amzon" -> "Amazon",
    "costoc" -> "Costco"), or None. The first letter must agree, and a word that only
    adds or drops letters at the end of a name is another word ("targets", "costs").
    For a thing named beside an errand of goods only, where a shop is what is meant."""
    low = word.lower()
    if len(low) < _SLIP_SHORTEST or not low.isalpha() or low in _CANON:
        return None
    near = {
        name
        for key, name in _CANON.items()
        if " " not in key
        and len(key) > _SLIP_SHORTEST - 1
        and key[0] == low[0]
        and not key.startswith(low)
        and not low.startswith(key)
        and OSA.distance(low, key, score_cutoff=1) <= 1
    }
    return next(iter(near)) if len(near) == 1 else None


@dataclass(frozen=True)
class Organisation:
    """An employer's name and how sure the reading is."""

    name: str
    confidence: float


_KINDS = frozenset(
    [
        "startup",
        "start-up",
        "company",
        "firm",
        "agency",
        "bank",
        "consultancy",
        "studio",
        "charity",
        "nonprofit",
        "business",
        "school",
        "hospital",
        "university",
        "college",
        "practice",
        "shop",
        "brand",
        "outfit",
    ]
)
"""Kinds of workplace a place name or an adjective may stand before ("a Berlin startup")."""


_SPEAKER_WORDS = frozenset({"I", "I'm", "I've", "I'd", "I'll"})
"""The speaker's next clause run on after the name, without a comma."""


def organisation_at(text: str, pos: int) -> Organisation | None:
    """The organisation named at ``text[pos:]`` (after "work at", "joined" ...), if any."""
    words: list[str] = []
    last = pos
    for m in _WORD.finditer(text, pos):
        if text[last : m.start()].strip():
            break  # punctuation ends the name
        words.append(m.group().rstrip(".'") if not m.group().endswith("s'") else m.group())
        last = m.end()
        if len(words) > _MAX_KNOWN_WORDS + 2:
            break
    article = bool(words) and words[0].lower() in _DETERMINERS
    indefinite = article and words[0].lower() in ("a", "an")
    if article:
        words = words[1:]
    if not words:
        return None
    for n in range(min(_MAX_KNOWN_WORDS, len(words)), 0, -1):
        known = _CANON.get(_key(" ".join(words[:n])))
        if known is not None:
            return Organisation(known, 1.0)
    run: list[str] = []
    for w in words:
        # "the job at Boots I start on the 16th": the pronoun "I" opens the next clause.
        if not (w[0].isupper() or (w[0].isdigit() and run)) or len(run) >= 4 or w in ("I", "I'm"):
            break
        if run and w in _SPEAKER_WORDS:
            break  # "since I started at Greggs I've stopped …": the speaker goes on

        run.append(w)
    if run:
        if all(w.lower() in _GENERIC for w in run):
            return None  # "a Hospital" is still no name
        if indefinite and len(words) > len(run) and words[len(run)].lower() in _KINDS:
            return None  # "for a Berlin startup", "at a UK agency": where it is, no name
        return Organisation(" ".join(run), 0.9)
    named = _institution(words)
    if named is not None:
        return named
    first = words[0]
    lone = len(words) == 1 or words[1].lower() in _END_WORDS
    if article or not lone or not first.isalpha() or first.lower() in _NOT_ORGS:
        return None
    return Organisation(first[0].upper() + first[1:], 0.8)


def _institution(words: list[str]) -> Organisation | None:
    """ "lincoln elementary", "ohio state university": one or two name words, then the
    institution's head noun (not "night school", "the hospital")."""
    for n in (2, 3):
        run = words[:n]
        if len(run) < n or run[-1].lower() not in _INSTITUTIONS:
            continue
        names = run[:-1]
        if any(not w.isalpha() or w.lower() in _NOT_ORGS | _END_WORDS for w in names):
            return None
        return Organisation(" ".join(w[0].upper() + w[1:] for w in run), 0.8)
    return None
