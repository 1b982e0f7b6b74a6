"""Round 38, misses38: a job won now whose first day lies ahead ("got a job at Target
starting monday") is the speaker's employer already, though the clause reads as planning.
Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

EMPLOYER = "profile.employer"

ROWS: list[FieldRow] = [
    ("got a job at Target starting monday", EMPLOYER, "Target", "assertive"),
    ("got a job at Target starting next week", EMPLOYER, "Target", "assertive"),
    ("i got the job at Wipro from next month", EMPLOYER, "Wipro", "assertive"),
    ("just got hired at Infosys from next week", EMPLOYER, "Infosys", "assertive"),
    ("got a job at Woolworths from monday mate", EMPLOYER, "Woolworths", "assertive"),
    ("finally landed a job with Deloitte, joining on 1st april", EMPLOYER, "Deloitte", "assertive"),
    # Look-alikes: a job hoped for, someone else's, a condition, a question.
    ("hoping to get a job at Target next month", EMPLOYER, None, ""),
    ("my brother got a job at Target starting monday", EMPLOYER, None, ""),
    ("if i get a job at Amazon next week ill buy a car", EMPLOYER, None, ""),
    ("did you get the job at Infosys?", EMPLOYER, None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ROWS)
def test_job_won_ahead(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)
