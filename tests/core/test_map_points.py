"""A map point names the town it is in or near, offline (``core.signals.map_points``)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.signals.map_points import MAX_KM, nearest_place


@pytest.mark.parametrize(
    ("latitude", "longitude", "town", "region", "within"),
    [
        (39.3280, -120.1833, "Truckee", "California", True),
        (39.5296, -119.8138, "Reno", "Nevada", True),
        (38.9400, -119.9800, "South Lake Tahoe", "California", True),
        (39.1000, -120.0300, "South Lake Tahoe", "California", False),  # on the lake
        (53.8000, -1.5500, "Leeds", "United Kingdom", True),
        (35.6800, 139.6900, "Tokyo", "Japan", True),  # in Yoyogi: the city, not its district
        (-33.8600, 151.2000, "Sydney", "Australia", True),
        (64.1000, -21.9000, "Reykjavík", "Iceland", True),  # from Kópavogur, a suburb
        (34.0200, -118.4900, "Santa Monica", "California", True),  # a city of its own
    ],
)
def test_a_point_names_the_town_it_is_in_or_near(
    latitude: float, longitude: float, town: str, region: str, within: bool
) -> None:
    place = nearest_place(latitude, longitude)
    assert place is not None
    assert (place.name, place.region, place.within) == (town, region, within)
    assert place.shown == f"{town}, {region}"


@pytest.mark.parametrize(
    ("latitude", "longitude"),
    [(0.0, -140.0), (89.9, 179.9), (-75.0, 0.0), (math.nan, 0.0), (91.0, 0.0), (0.0, 181.0)],
)
def test_the_open_sea_the_poles_and_no_point_name_no_town(
    latitude: float, longitude: float
) -> None:
    assert nearest_place(latitude, longitude) is None


@given(st.floats(-90, 90), st.floats(-180, 180))
def test_a_town_named_is_never_farther_than_a_drive(latitude: float, longitude: float) -> None:
    place = nearest_place(latitude, longitude)
    assert place is None or 0.0 <= place.km <= MAX_KM
