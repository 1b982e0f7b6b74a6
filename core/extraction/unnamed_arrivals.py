"""An arrival or a stay that does not name its place: "landed!!", "we're at the cabin now",
"just got here".

Each is the whole clause: the speaker is on a trip, somewhere the words do not name
(``rules_travel`` reads them beside the named arrivals of ``travel_presence``).
"""

from __future__ import annotations

from core.extraction.word_gates import gated

LODGING = (
    r"(?:hotel|motel|cabin|airbnb|hostel|resort|lodge|villa|campsite|campground|rental|condo|inn|"
    r"b&b|bnb|chalet|cottage|beach\s+house|lake\s+house|ski\s+lodge)"
)
"""A place to stay named by its kind ("the cabin", "our airbnb"), not by a name."""
GETAWAY = r"(?:lake|mountains|slopes|coast|seaside|ski\s+hill|cabin\s+up\s+north)"
"""Where a trip goes, named by its kind ("we're at the lake"): the trip's place, unnamed."""


BARE_ARRIVAL = gated(
    r"^(?:(?:we|i|we've|i've|have|just|finally|all|both|safely|ok|okay|so)\s+)*"
    r"(?:landed|touched\s+down|arrived|reached|made\s+it|checked\s+in|checked(?=\s+into\s))"
    r"(?:\s+(?:safe(?:ly)?|ok|okay|alive|in\s+one\s+piece|at\s+last|finally|just\s+now))*"
    # "made it to the cabin": a place to stay, named by its kind, not by a name.
    rf"(?:\s+(?:to|at|into)\s+(?:the|our|my)\s+{LODGING})?"
    # "babe landed 🛬 love u": a sign-off of love after it.
    r"(?:[\s!.]+(?:love\s+(?:u|you|ya)|ily|miss\s+(?:u|you)|xo+|x+))?"
    r"[\s!.]*$"
)
"""An arrival said without a place ("landed!!", "made it to the cabin", "touched down"):
the speaker is on a trip, somewhere the words do not name. Only the whole clause counts,
so "landed a job" or "made it to the gym" never match."""

AT_LODGING = gated(
    r"^(?:(?:ok|okay|so|and|well|yay|omg|phew)\s+)*"
    r"(?:(?:we're|we\s+are|were|i'm|i\s+am)\s+(?:(?:now|finally|already|all|both|safely)\s+)*|"
    r"(?:(?:finally|now|already|safely)\s+)+)"
    rf"(?:at|in)\s+(?:the|our|my)\s+(?:{LODGING}|{GETAWAY})"
    r"(?:\s+(?:now|finally|already|at\s+last|rn|lol|haha|yay))*[\s!.]*$"
)
"""Being at a place to stay, said as the whole clause ("we're at the cabin now", "finally at
the hotel", "were at the airbnb now lol"): on a trip, somewhere the words do not name. A
subject or a "now"/"finally" is needed ("at the hotel" alone may be a sign-post), and
nothing may follow ("we're at the hotel bar with Sam" is an evening, not a stay)."""


HERE_ARRIVAL = gated(
    r"^(?:(?:ok|okay|so|and|well|yay|omg|phew|lol|haha|yo|hey|guys)\s+)*"
    r"(?:"
    # "we're here", "we are finally here": a plural subject is a party on its way.
    r"(?:we're|we\s+are|were|we've|we\s+have)\s+(?:(?:now|finally|already|all|both|safely|"
    r"officially|just)\s+)*(?:here|arrived\s+here|made\s+it\s+here|got\s+here)|"
    # "just got here", "made it here safe", "got here at last": arriving, here.
    r"(?:(?:we|i|we've|i've|just|finally|all|both|safely|so|already)\s+)*"
    # "made it up here", "got down here at last": the way the map lies, then here.
    r"(?:got|made\s+it|arrived|rolled\s+in)\s+(?:(?:up|down|over|out)\s+)?here|"
    # "i'm here already", "i'm finally here": one person says it only with "already"/"finally",
    # since a bare "I'm here" is as often "I'm listening" or "at the café".
    r"(?:i'm|i\s+am|im)\s+(?:(?:now|safely|officially)\s+)*(?:finally|already)\s+here|"
    r"(?:i'm|i\s+am|im)\s+here\s+(?:already|at\s+last|finally)|"
    r"(?:finally|already)\s+here"
    r")"
    r"(?:\s+(?:safe(?:ly)?|ok|okay|already|at\s+last|finally|now|in\s+one\s+piece|"
    # "we got here yesterday", "made it here last night": arrived lately, here still.
    r"yesterday|last\s+night|late|this\s+(?:morning|afternoon|evening)|earlier(?:\s+today)?|"
    r"rn|lol|haha|yay|omg))*[\s!.]*$"
)
"""Arriving "here", said as the whole clause ("we're here already!!", "just got here",
"made it here safe"): on a trip, at a place the words point at but do not name. A lone
"I'm here" is left alone: it as often means "I'm listening" or "I'm at the café"."""


TRIP_BEGUN = gated(
    r"^(?:(?:ok|okay|so|and|well|yay|omg|fyi|btw|update)[:,]?\s+)*"
    r"(?:(?:the|our|my)\s+)?(?:(?!their\b|his\b|her\b|your\b)[a-z]+\s+)?"
    r"(?:trip|vacation|vacay|holiday|getaway)(?:'s|\s+has|\s+is)?\s+(?:officially\s+|finally\s+)?"
    r"(?:started|begun|began|kicked\s+off|under\s*way)"
    r"(?:\s+(?:early|already|today|now|a\s+day\s+early|last\s+night|yesterday|rn|lol|yay))*"
    r"[\s!.]*$"
)
"""A trip said to have begun ("fyi trip started early", "our vacation has officially begun"):
on it, somewhere the words do not name. Another's trip ("their trip started") and a trip
ahead ("the trip starts saturday") are not."""
