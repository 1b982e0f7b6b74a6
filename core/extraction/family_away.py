"""A family member away by what they are doing elsewhere: at camp, on a business trip,
gone to university, visiting someone. Read by ``family_status.member_status`` (and
``VISITING`` by ``rules_family``, which checks who is visited), beside the states said with
a place ("is in Leeds till Friday").
"""

from __future__ import annotations

from core.extraction.family_members import PRE as _PRE
from core.extraction.word_gates import gated

AWAY_DOING = gated(
    _PRE + r"(?:is|are|'s|has\s+been|have\s+been|'s\s+been)\s+(?:still\s+|now\s+)?(?:"
    # "son's off at camp until the 20th", "she's away at uni"
    r"(?:off|away)\s+(?:at|to)\s+(?:[a-z]+\s+)?(?:camp|college|uni|university|boarding\s+school)|"
    # "my husband is on a business trip till thursday", "is away on business"
    # "my sister is on a cruise round the Caribbean", "on her honeymoon": away on a holiday.
    r"(?:away\s+|off\s+)?on\s+(?:(?:a|an|his|her|their)\s+(?:[a-z]+\s+)?(?:trip|cruise|holiday|"
    r"vacation|honeymoon|retreat)|business|tour|"
    r"deployment)|deployed)\b|"
    # "my daughter just started at uni in Glasgow", "has gone off to college": living away
    # at a place of study now (not "started at a new school", which is home every night).
    + _PRE
    + r"(?:(?:has|'s|have)\s+)?(?:just\s+|now\s+)?(?:started|gone\s+off|went\s+off|left)\s+(?:at|to|for)\s+"
    r"(?:uni|university|college|boarding\s+school)\b|"
    # "dad's gone to stay with my brother in Galway", "gran's gone down to Devon to stay with
    # her sister": gone to live at someone else's for a while (not "come to stay with us").
     + _PRE + r"(?:(?:has|'s|have)\s+)?(?:just\s+)?gone\s+(?:off\s+|down\s+|up\s+|over\s+|back\s+)?"
    r"(?:to\s+(?!stay\b)[\w']+(?:\s+[\w']+)?\s+)?to\s+(?:stay|live)\s+(?:with|at)\s+(?!(?:us|me|mine|ours)\b)"
)
"""Away by what the member is doing elsewhere: at camp, on a trip, gone to university, gone
to stay with someone."""
VISITING = gated(
    _PRE + r"(?:is|are|'s|has\s+been|have\s+been|'s\s+been)\s+(?:still\s+|now\s+)?"
    r"(?:off\s+|away\s+)?visiting\s+(?!(?:us|me|here|from|for|with\s+us)\b)(?=[a-z])"
)
"""A member of the household visiting someone is away: "my wife is visiting her parents in
Ohio" (not "mom is visiting us", "visiting from Ohio"; ``rules_family`` checks who)."""
