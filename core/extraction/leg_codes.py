"""Airport codes as itineraries write them on either side of a leg ("SFO->JFK", "Tue:
LIS→OPO 09:40"): the gazetteer's codes, and those it leaves out because they are English
words or read only in capitals, where a leg is the only thing they can be.
"""

from __future__ import annotations

from core.extraction.gazetteer import key_of, lookup

_WORD_CODES = {"LAX": "Los Angeles", "SEA": "Seattle", "DEN": "Denver", "OAK": "Oakland"}
_WORD_CODES |= {"MIA": "Miami", "SAN": "San Diego", "AUS": "Austin", "LAS": "Las Vegas"}
_WORD_CODES |= {"MAD": "Madrid"}
"""Airport codes that are English words ("at sea", "lax"), which the gazetteer leaves out:
in capitals on either side of a leg they can only be the airport."""
_LEG_CODES = dict(
    LIS="Lisbon",
    OPO="Porto",
    BCN="Barcelona",
    AMS="Amsterdam",
    CPH="Copenhagen",
    ARN="Stockholm",
    OSL="Oslo",
    HEL="Helsinki",
    DUB="Dublin",
    EDI="Edinburgh",
    MAN="Manchester",
    BER="Berlin",
    FRA="Frankfurt",
    VIE="Vienna",
    PRG="Prague",
    BUD="Budapest",
    WAW="Warsaw",
    ATH="Athens",
    IST="Istanbul",
    DOH="Doha",
    SIN="Singapore",
    KUL="Kuala Lumpur",
    SGN="Ho Chi Minh City",
    HAN="Hanoi",
    CNX="Chiang Mai",
    HKT="Phuket",
    DEL="Delhi",
    SYD="Sydney",
    MEL="Melbourne",
    BNE="Brisbane",
    PER="Perth",
    GRU="São Paulo",
    EZE="Buenos Aires",
    MEX="Mexico City",
    CUN="Cancún",
    BOG="Bogotá",
    LIM="Lima",
    JNB="Johannesburg",
    CPT="Cape Town",
    LOS="Lagos",
    ACC="Accra",
    CAI="Cairo",
    RAK="Marrakech",
    TLV="Tel Aviv",
    KIX="Osaka",
    TPE="Taipei",
    NCE="Nice",
    MXP="Milan",
    VCE="Venice",
    NAP="Naples",
    GVA="Geneva",
    BRU="Brussels",
    AGP="Málaga",
    PMI="Palma",
    ORY="Paris",
    STN="London",
    BHX="Birmingham",
    GLA="Glasgow",
    BFS="Belfast",
    TBS="Tbilisi",
    EVN="Yerevan",
    CMB="Colombo",
    KTM="Kathmandu",
    DAD="Da Nang",
    REP="Siem Reap",
    PNH="Phnom Penh",
    ZNZ="Zanzibar",
    FNC="Funchal",
    KEF="Reykjavik",
    TFS="Tenerife",
    SPU="Split",
    DBV="Dubrovnik",
    JTR="Santorini",
    HER="Heraklion",
    SOF="Sofia",
    OTP="Bucharest",
    RIX="Riga",
    VNO="Vilnius",
    TLL="Tallinn",
    KRK="Kraków",
    BGO="Bergen",
    HAM="Hamburg",
    LYS="Lyon",
    MRS="Marseille",
    BIO="Bilbao",
    VLC="Valencia",
    FAO="Faro",
    IBZ="Ibiza",
    CUZ="Cusco",
    GIG="Rio de Janeiro",
    ADD="Addis Ababa",
    ABV="Abuja",
    AUH="Abu Dhabi",
    GOI="Goa",
    CEB="Cebu",
    PEN="Penang",
    CGK="Jakarta",
    CHC="Christchurch",
    ZQN="Queenstown",
    HBA="Hobart",
)
"""European, Asian, African and Latin American airports by code, read only in capitals on
either side of a leg ("Tue: LIS→OPO 09:40"), where no English word ("per", "sin", "bog")
can stand."""


def city_of_word_code(word: str) -> str | None:
    """The city an airport code that is also an English word serves, when written in
    capitals where a place must stand ("i fly into LAX on the 11th"); "MAD" is left out,
    being as often a shouted word."""
    return None if word == "MAD" else _WORD_CODES.get(word)


def city_of_code(code: str) -> str | None:
    """The city an airport code in capitals serves, on either side of a leg."""
    known = lookup(key_of(code))
    if known is not None:
        return known.name
    return _WORD_CODES.get(code) or _LEG_CODES.get(code)
