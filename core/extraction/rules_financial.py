"""Financial fields: amount, currency, status and merchant of purchases and bills.

"paid rent, $2,100" -> financial.rent.{status=paid, amount=2100, currency=USD};
"bought a standing desk from IKEA for 349 euros" adds the merchant; "the Amazon
return is still pending" -> financial.amazon_return.status=pending. A return of goods
is "due" while it still has to go back ("- [ ] Return Amazon package") and "pending"
once it went back ("I returned the Amazon package", or the box ticked).
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from core.domain.fields import slugify
from core.extraction.amounts import AMOUNT_AND_RATE, bare_amount_at
from core.extraction.amounts import WORD_AMOUNT as _WORD_AMOUNT
from core.extraction.amounts import amount_in as _amount_in
from core.extraction.bill_amounts import bill_now as _bill_now
from core.extraction.bill_comes_to import BILL as _BILL
from core.extraction.bill_comes_to import BILL_IN, BILL_PRICED
from core.extraction.bill_comes_to import BILL_IS as _BILL_IS
from core.extraction.bill_comes_to import CAME as _CAME
from core.extraction.bill_names import bill_name, without_arrival
from core.extraction.billers import is_biller
from core.extraction.called_off import listeners, not_bought
from core.extraction.clause import Candidate, Clause
from core.extraction.debts_to_people import debt_to_person
from core.extraction.financial_statuses import COVERED, TAKEN_ON_ITS_DAY
from core.extraction.financial_statuses import SUBJECT_STATUS as _SUBJECT_STATUS
from core.extraction.financial_statuses import VERB_STATUS as _VERB_STATUS
from core.extraction.gazetteer import key_of, lookup
from core.extraction.goods_returns import (
    ADJ,
    FINANCIAL_WORDS,
    RETURN_WORDS,
    TO_DO_LINE,
    goods_return,
    still_to_go_back,
)
from core.extraction.item_in_a_place import item_before
from core.extraction.money_back import money_back
from core.extraction.money_in import money_in
from core.extraction.owed_kinds import OWED as _OWED
from core.extraction.paid_items import ACQUIRED as _ACQUIRED
from core.extraction.paid_items import DATED as _DATED
from core.extraction.paid_items import NOT_ITEMS as _NOT_ITEMS
from core.extraction.paid_items import demanded as _demanded
from core.extraction.paid_items import item_after as _item_after
from core.extraction.paid_or_owed import (
    NET_OF,
    OF_AMOUNT,
    OF_BARE_NUMBER,
    bare_after,
    bare_of_amount,
    days_ahead,
    nearest_day,
    not_paid,
    trailing_amount,
)
from core.extraction.paired_bills import BOTH, paired_bills
from core.extraction.paying_for import paying_for
from core.extraction.refunds import refund_in
from core.extraction.rent_said import rent_said
from core.extraction.timewords import MONTHS, WEEKDAYS
from core.extraction.types import ObservationIntent
from core.extraction.word_gates import gated

_MERCHANT = gated(r"\b(?:from|at|on|with|to)\s+(?P<m>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)")


_GATE = frozenset(
    [
        "paid",
        "pay",
        "bought",
        "purchased",
        "ordered",
        "got",
        "received",
        "refund",
        "refunded",
        "pending",
        "waiting",  # "still waiting for my bond": money owed back (money_back)
        "due",
        "charged",
        "cancelled",
        "canceled",
        "settled",
        "covered",  # "I've covered the school shoes, £45": paid, with its amount
        "sorted",  # "rent's sorted", "electric bill's been taken care of": paid
        "taken",
        "cleared",
        "splurged",
        "picked",
        "return",
        "return's",
        "returned",
        "returning",
        "back",
        "off",
        "renew",
        "renewed",
        "subscription",
        "order",
        "bill",
        "rent",
        "processed",
        "came",
        "went",
        "gone",  # "our council tax has gone out by direct debit"
        *("behind", "arrears", "sent", "transferred", "wired"),  # owed late; money sent
        *(
            "deducted",
            "debited",
            "auto-debited",
            "credited",
            "paying",
        ),  # taken from or put in the account
        *("salary", "wages", "loan", "overdraft"),  # "my salary is 12k", "loan is at 9k"
        "renews",
        "hit",
        "arrived",
        "landed",
        "owe",
        *("overdue", "unpaid", "outstanding", "owing"),  # "invoice 114 still unpaid"
        "late",
        "goes",
        "comes",
    ]
)
_MONEY_CHARS = gated(r"[\d$€£¥]")


_JOINED_IS = gated(r"['\u2019]s$")

_WILL = gated(r"\b(?:will|gonna|going\s+to)\b|'ll\b")


_UTILITY = gated(
    r"(?:the\s+)?(?:internet|wifi|wi-fi|broadband|electric|electricity|power|lights?|water|gas|"
    r"phone|cable|utilities|gym|trash|sewer|heating|aircon)"
)
"""A utility or a service called without "bill": "I paid the internet, you do the water",
"paid the gym and the phone". Only with "pay" and its kin (paid, owe, due): "got the
water" is no payment."""
_PAID_VERB = gated(r"\b(?:paid|pay|owe|owed|due|settled|cleared|cancell?ed|canceled)\b")


_EMPTY_BRACKETS = gated(r"\(\s*\)")


def _a_bill(name: str) -> bool:
    """A bill by its own name: "rent", "electricity", "phone bill"."""
    return FINANCIAL_WORDS.search(name) is not None or _UTILITY.fullmatch(name) is not None


def extract_financial(clause: Clause) -> list[Candidate]:
    """Financial candidates in one clause."""
    if clause.words.isdisjoint(_GATE) and _MONEY_CHARS.search(clause.low) is None:
        return []
    if now := _bill_now(clause) or rent_said(clause) or paying_for(clause):
        return now
    if settled := refund_in(clause) or money_back(clause) or debt_to_person(clause):
        return settled
    if came_in := money_in(clause):
        return came_in
    amount = _amount_in(clause.low)
    if amount is None:
        amount = bare_of_amount(clause.low, _OWED)
    # Amounts are blanked out so "the bill is $120 due Friday" reads "the bill is due Friday".
    # "the electricity bill of $96 was paid": the bill is the item, not what follows.
    text = OF_BARE_NUMBER.sub(lambda m: " " * len(m.group()), clause.text)
    text = OF_AMOUNT.sub(lambda m: " " * len(m.group()), text)
    text = AMOUNT_AND_RATE.sub(lambda m: " " * len(m.group()), text)
    text = _WORD_AMOUNT.sub(lambda m: " " * len(m.group()), text)
    text = _DATED.sub(lambda m: " " * len(m.group()), text)
    text = NET_OF.sub(lambda m: " " * len(m.group()), text)
    text = BOTH.sub(lambda m: " " * len(m.group()), text)  # "rent and gas both paid"
    # "the Fenn invoice (£1,400) is overdue": the brackets left empty by the amount go too.
    text = _EMPTY_BRACKETS.sub(lambda m: " " * len(m.group()), text)
    low = text.lower()
    item, status = "", ""
    came = ordered = False  # came: the clause's day is when it came (a fine, a bill)
    for rx, st in _SUBJECT_STATUS:
        m = rx.search(low)
        if m:
            item, status = ADJ.sub("", item_before(text, m.start())), st
            if "for" in rx.groupindex and m.group("for"):
                item = re.sub(
                    r"^\s+for\s+(?:the|my|our)?\s*", "", text[m.start("for") : m.end("for")]
                )
            break
    if not item:
        for rx, st in _VERB_STATUS:
            m = rx.search(low)
            if m and re.match(r"got\s+[a-z]{2,}ed\b", low[m.start() :]):
                continue  # "got called off", "got cancelled": a passive, nothing bought
            if m and rx is COVERED and amount is None:
                continue  # "I covered the 9am shift": no money said, no cost paid
            if m and st == "paid" and (unpaid := not_paid(low, m.start())) is not None:
                if not unpaid:
                    return []  # "i never paid the gas bill", "didn't pay it": a story
                st = "due"  # "still haven't paid the credit card": it is owed now
            if m:
                item, status = _item_after(clause, m.end()), st
                # "canceled the amazon prime trial": what the user cancels, by the
                # lookahead of its verb, is a subscription, a plan or an order.
                ordered = st == "cancelled"
                if st == "refunded" and (mm := _MERCHANT.search(clause.text, m.start())):
                    item = mm.group("m") + " refund"
                elif _ACQUIRED.match(low, m.start()) and _demanded(clause, m.end(), item):
                    # "got a speeding ticket", "received the invoice": owed, not paid.
                    if amount is None:
                        return []
                    status, came = "due", True
                break
    bill = (
        _BILL_IS.search(clause.low) or BILL_PRICED.search(clause.low) or BILL_IN.search(clause.low)
    )
    bare = None if amount is not None or bill is None else bare_amount_at(clause.low, bill.end())
    if bare is not None and bare >= 10:
        # "the hospital bill is 1200": no currency written, none assumed ("rent is 1 of our
        # biggest costs" counts, it costs nothing).
        amount = (bare, "")
    if amount is not None and (m := bill) is not None:
        # "the gas bill is $84 this month": a bill and what it comes to, not yet paid.
        if not item:
            item, status = m.group("item"), "due"
            # "the electric bill came today": the day it came, not the day it is due.
            came = _CAME.search(m.group()) is not None
        elif _BILL.search(item.lower()) is None or m.group("item").endswith(
            f" {without_arrival(item).lower()}"
        ):
            # "electric bill at the new place is $140, due the 18th"; "Water bill 55 euros.
            # Due the 12th": the bill by its whole name.
            item = m.group("item")
    shop: str | None = None
    returned = False
    if (still := still_to_go_back(clause)) is not None:
        # "the amazon thing has to go back by friday": the goods, whatever a verb read.
        item, status, shop = still
        returned = True
    elif not item and not clause.words.isdisjoint(RETURN_WORDS):
        item, status, shop = goods_return(clause, text, amount is not None)
        returned = bool(item)
    if clause.markdown and not item and (m := TO_DO_LINE.match(low)):
        # A to-do line: "- [ ] Pay rent by Friday" is due, "- [x] Pay rent" is paid.
        item = _item_after(clause, m.end())
        status = "paid" if clause.done else "due"
    # "my rent's due": the "'s" is "is", joined to the bill it follows, not part of its name.
    item = _JOINED_IS.sub("", item.strip(" ,.$"))
    if not item and status == "due" and (named := _BILL.search(low)) is not None:
        item = named.group()  # "Bills split three ways: £64 each, due Friday": the bills
    if not item or item.lower() in _NOT_ITEMS or any(c.isdigit() for c in item[:1]):
        return []
    if (status == "cancelled" and not_bought(item, clause.low)) or listeners(item, clause.low):
        return []
    if amount is None and status in ("paid", "due"):
        item, amount = bare_after(item, clause.low)
        if item.lower() in _NOT_ITEMS:
            return []  # "it's 120 due on the 15th": the bill named before, not one called "it"
    if amount is None and status in ("paid", "due"):
        amount = trailing_amount(clause)
    merchant_m = None if returned else _MERCHANT.search(clause.text)
    merchant = shop if returned else merchant_m.group("m") if merchant_m else None
    if merchant is not None and merchant.lower() in WEEKDAYS.keys() | MONTHS.keys():
        merchant = None  # "on Saturday" says when, not who was paid
    if merchant is not None and lookup(key_of(merchant)) is not None:
        merchant = None  # "our trip to Tahoe is cancelled": a place goes to, no one is paid
    # "got a new bike" is a purchase only when money or a shop is named; a bill word
    # ("rent", "invoice") is financial by itself.
    # A subscription that renews, money back that arrived: financial by their verb.
    renewed = status == "due" and "renews" in clause.words
    refund = status == "refunded" and "refund" in clause.words
    paid_verb = _PAID_VERB.search(clause.low) is not None
    if (
        amount is None
        and merchant is None
        and not (renewed or refund or ordered)
        and not FINANCIAL_WORDS.search(item.lower())
        and not (paid_verb and (_UTILITY.fullmatch(item.lower()) or is_biller(item)))
    ):
        return []
    if status == "paid" and clause.intent == "planning":
        status = "due"
    slug = f"financial.{slugify(bill_name(item))}"
    forced: ObservationIntent | None = (
        "assertive" if status in ("paid", "refunded", "cancelled") else None
    )
    out = [Candidate(f"{slug}.status", status, 0.9, forced)]
    for other in paired_bills(clause.low, item.lower(), _a_bill):
        # "rent and electricity paid", "paid the rent and the phone bill": both bills
        # share the status.
        out.append(Candidate(f"financial.{slugify(bill_name(other))}.status", status, 0.9, forced))
    if amount is not None:
        # "the gas bill is $84, due on the 15th": what a bill comes to is known now; only
        # its day is ahead ("the rent will be $2200" is still to come).
        owed = (
            status == "due"
            # "your credit card payment of $412 is due 03/21": owed, as "due" says.
            and (
                renewed
                or _BILL.search(item.lower())
                or not clause.words.isdisjoint({"owe", "due"})
                # "student loan installment of 310 goes out monday": its sum, taken that day.
                or TAKEN_ON_ITS_DAY.search(clause.low)
            )
            and not _WILL.search(clause.low)
        )
        priced: ObservationIntent | None = "assertive" if owed else forced
        out.append(Candidate(f"{slug}.amount", amount[0], 0.9, priced))
        if amount[1]:
            out.append(Candidate(f"{slug}.currency", amount[1], 0.9, priced))
    if merchant is not None:
        out.append(Candidate(f"{slug}.merchant", merchant, 0.85, forced))
    ahead = days_ahead(clause)
    due = nearest_day(ahead, clause.low.find("due" if "due" in clause.words else item.lower()))
    if came:
        # "got a speeding ticket this morning", "the bill came today": when it came, not
        # when it is due, which only "due" says ("…, due friday").
        due = nearest_day(ahead, clause.low.find("due")) if "due" in clause.words else None
    if status == "due" and due is None and clause.intent == "planning" and clause.times:
        out[0] = Candidate(out[0].field, status, 0.9, "historical")  # "…of last month"
    if status == "due" and due is not None:
        until = datetime.combine(due.day + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)
        out = [Candidate(c.field, c.value, c.confidence, c.intent, until) for c in out]
        out.append(Candidate(f"{slug}.due_date", due.day.isoformat(), 0.9, None, until))
    return out
