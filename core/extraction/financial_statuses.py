"""What a clause's verb says became of a purchase, a bill or a refund: the tables
``rules_financial`` reads, in order, the first that matches deciding.

``VERB_STATUS``: a verb before the thing ("paid the rent", "need to pay the water bill",
"got my refund from Delta"); ``SUBJECT_STATUS``: a verb after it ("the rent's paid", "the
phone bill is due fri", "rent paid ✅").
"""

from __future__ import annotations

from core.extraction.word_gates import WordGated, gated

COVERED = gated(
    r"\b(?:i|we|i've|we've|ive)\s+(?:(?:just|already|also|now)\s+)*(?:covered|sorted|"
    r"forked\s+out\s+for|shelled\s+out\s+for|stumped\s+up\s+for|coughed\s+up\s+for|fronted)\s+"
)
"""A parent or a flatmate who "covered", "sorted" or "forked out for" a cost: paid, when the
clause says how much ("I've covered Lily's school shoes, £45"); without an amount, "covered
the 9am shift" is work and "sorted the forms" a chore (``rules_financial`` asks for one)."""

_HAS_A_BILL = (
    r"(?:shop|store|flat|house|home|office|apartment|unit|studio|place|premises|cars?|vans?|"
    r"bikes?|kids|son|daughter|boy|girl|month|year|quarter|term|semester|both)"
)
_FOR_WHAT = (
    rf"(?:for|on)\s+(?:the|both|my|our|this)\s+(?:{_HAS_A_BILL}|[a-z]+\s+{_HAS_A_BILL})"
    rf"(?:\s+and\s+(?:the|my|our)\s+{_HAS_A_BILL})?(?=\s*(?:$|[,.!;]))"
)
"""What a bill was paid for, ending its clause: "rent paid for the shop and the flat, thank
god", "insurance renewed on both cars." ("the rent paid for the flat is steep" goes on: a
noun and its description, no status; "the rent paid for the repairs": what the money went
on, not a place or a time a bill is for)."""

DEALT_WITH = r"(?:took\s+care\s+of|handled|sorted(?:\s+out)?)"
A_BILL_DEALT_WITH = (
    r"(?:the|my|our)\s+(?:[a-z&'-]+\s+){0,2}?(?:bill|rent|mortgage|invoice|premium|tuition)s?\b"
    r"(?!\s+(?:negotiations?|increases?|disputes?|questions?|issues?|problems?|thing|"
    r"situation|paperwork|forms?|conversation)\b)"
)
"""What was "taken care of", "handled" or "sorted out" when that is a bill paid ("took care
of the water bill"; not "handled the rent negotiation"): read here as a status, and by
``intent_tense`` as a result that holds now."""

TAKEN_ON_ITS_DAY = gated(
    r"\s+(?:(?:goes|comes)\s+out|gets\s+(?:auto-?)?(?:debited|deducted|taken))\s+"
    r"(?=on\b|the\b|[a-z]*day\b|tomorrow\b|\d)"
)
"""A payment the account gives on a day still to come: "the insurance premium goes out on
the 28th", "home loan emi of 22000 gets debited on 10th". What it comes to is known now."""

VERB_STATUS: tuple[tuple[WordGated, str], ...] = (
    (
        gated(
            r"\b(?:got|received)\s+(?:my\s+|a\s+|the\s+)?(?:\S*\d\S*\s+)?refund\s+"
            r"(?:from|for|on)\s+"
        ),
        "refunded",
    ),
    (
        gated(
            r"\b(?:cancell?ed|canceled)\s+(?=(?:[\w']+\s+){0,3}?(?:subscription|membership|"
            r"order|payment|plan|account|trial)\b)"
        ),
        "cancelled",
    ),
    # "we owe the IRS $3,100 by april 15", "still owe the dentist $200": owed by the speaker
    # (not "owe you one", "owe it to myself", nor "he owes me": someone else's debt).
    (
        gated(
            r"(?:^|\b(?:i|we)\s+)(?:still\s+|also\s+)?owe\s+"
            r"(?!(?:you|u|ya|him|her|them|me|us|it|everyone|anyone|myself|ourselves)\b)"
        ),
        "due",
    ),
    # "need to pay the water bill", "gotta pay rent before i leave": still owed.
    (
        gated(
            r"\b(?:need|needs|have|has|gotta|must|got\s+to|still\s+have\s+to|remember\s+to|"
            r"should|hafta|have\s+got\s+to)\s+(?:to\s+)?(?:pay\s+off|pay\s+for|pay)\s+"
        ),
        "due",
    ),
    # "I'm 3 months behind on rent": owed, and late.
    (gated(r"\b(?:behind|in\s+arrears)\s+(?:on|with)\s+(?:the\s+|my\s+|our\s+)?"), "due"),
    (gated(r"\b(?:paid\s+off|paid\s+for|paid|settled|renewed)\s+"), "paid"),
    (COVERED, "paid"),
    # "took care of the water bill", "handled the gas bill", "sorted out the rent": paid,
    # where a bill is what was dealt with (not "handled the rent negotiation").
    (gated(rf"\b{DEALT_WITH}\s+(?={A_BILL_DEALT_WITH})"), "paid"),
    # Irish English's perfect: "I'm after paying the bin charges" is "I have paid" them.
    (gated(r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+(?:just\s+)?after\s+paying\s+"), "paid"),
    # "sent the security deposit to the owner", "transferred the rent": money sent is paid.
    (
        gated(
            r"\b(?:sent|transferred|wired)\s+(?:(?:my|our)\s+(?:share|half|part|bit)\s+of\s+)?"
            r"(?=(?:the|my|our)\s+(?:\w+\s+)?(?:deposit|rent|payment|"
            r"fees?|instal+ment|balance|school\s+fees)\b)"
        ),
        "paid",
    ),
    # "just cleared my overdraft", "cleared the credit card": a debt paid off.
    (
        gated(
            r"\b(?:cleared|paid\s+down)\s+(?:off\s+)?(?=(?:my|our|the)\s+(?:\w+\s+)?(?:overdraft|"
            r"credit\s+card|card|debt|balance|loan|arrears|tab)\b)"
        ),
        "paid",
    ),
    # "got made redundant", "got laid off": what happened to the speaker, nothing bought; nor
    # "got the job at Nandos", "got a shift at Tesco": work that was given, not bought.
    (
        gated(
            r"\b(?:bought|purchased|ordered|splurged\s+on|picked\s+up|got(?!\s+(?:made|laid|fired|"
            r"sacked|hired|promoted|married|engaged|divorced|told|stuck|lost|sick|better|worse|"
            r"diagnosed|admitted|discharged|let\s+go|(?:(?:a|an|the|my)\s+)?(?:new\s+|extra\s+|"
            r"part[- ]time\s+|summer\s+)?(?:job|gig|position|role|offer|internship|shifts?|"
            r"promotion|interview|placement))\b))\s+"
        ),
        "paid",
    ),
)
SUBJECT_STATUS: tuple[tuple[WordGated, str], ...] = (
    # "tuition payment went through", "the mortgage payment cleared": money sent, not back.
    (
        gated(
            r"(?<=payment)\s+(?:finally\s+|just\s+|already\s+)?(?:went\s+through|came\s+out|"
            r"cleared|posted|(?:is|was|has\s+been)\s+(?:processed|received))\b"
        ),
        "paid",
    ),
    # "electric bill's been taken care of", "rent's sorted", "the phone bill has been
    # settled": dealt with, i.e. paid.
    (
        gated(
            r"(?:\s+(?:is|are|was|were|got|has\s+been|have\s+been)|(?<=\w)'s(?:\s+been)?)\s+"
            r"(?:all\s+|already\s+|finally\s+)?(?:taken\s+care\s+of|sorted(?:\s+out)?|settled|"
            r"cleared)\b(?!\s+(?:on|in|at|with|down|into)\b)"
        ),
        "paid",
    ),
    # "electric bill is overdue", "the card is past due": owed, and late (it "was past due"
    # before it was paid).
    (
        gated(
            r"\s+(?:is|are|'s)\s+(?:now\s+|still\s+|already\s+|way\s+|\w+\s+days\s+)?"
            r"(?:overdue|past\s+due)\b|"
            # "the Fenn invoice is 45 days late", "rent's two weeks late": owed, late by that
            # (a money sent that is paid late; a bill "3 days late" has not come yet).
            r"(?:(?<=rent)|(?<=invoice)|(?<=payment)|(?<=mortgage)|(?<=loan)|(?<=instalment)|(?<=installment))"
            r"\s+(?:is|are|'s)\s+(?:now\s+|still\s+|already\s+)?(?:\d+|a|one|two|three|four|five|six|"
            r"a\s+few|several)\s+(?:days?|weeks?|months?)\s+(?:late|overdue)\b"
        ),
        "due",
    ),
    # "insurance premium goes out on the 28th", "the EMI gets debited on 10th": a payment
    # taken on its day.
    (TAKEN_ON_ITS_DAY, "due"),
    # "phone bill autopay went thru", "my half of the rent went through": a bill or a payment
    # that went through is paid (a refund that went through came back, below).
    (
        gated(
            r"(?:(?<=bill)|(?<=rent)|(?<=payment)|(?<=autopay)|(?<=insurance)|(?<=mortgage)|"
            r"(?<=premium)|(?<=fees)|(?<=tuition)|(?<=emi)|(?<=tax)|(?<=rates)|(?<=deposit)|"
            r"(?<=transfer))"
            # "the deposit for the new flat has gone through": what it is for, between;
            # "the transfer to the builder went through": whom it went to.
            r"(?:\s+(?:for|to)\s+(?:the|my|our)\s+(?:new\s+|old\s+)?[a-z]+)?"
            # "our council tax (£168) has gone out by direct debit": the amount said aside.
            r"(?:\s*\([^)]{1,20}\))?(?:\s+|(?='s\s))(?:finally\s+|just\s+|already\s+)?"
            r"(?:went|has\s+gone|'s\s+gone|got|came|has\s+come)\s+(?:thr(?:ough|u)|out)\b"
        ),
        "paid",
    ),
    # "EMI of Rs 14,500 deducted today", "phone bill auto-debited": taken from the account.
    (
        gated(
            r"(?:\s+(?:is|was|got|has\s+been|have\s+been))?\s+(?:just\s+|already\s+)?"
            r"(?:auto-?)?(?:deducted|debited|direct\s+debited)\b"
        ),
        "paid",
    ),
    (gated(r"\s+(?:is|are|'s|was)\s+(?:still\s+|now\s+)?pending\b"), "pending"),
    # "the rent is late this month": owed past its day (a bill's lateness, not a train's).
    (
        gated(
            r"(?:(?<=rent)|(?<=bill)|(?<=payment)|(?<=mortgage)|(?<=invoice)|(?<=premium)|"
            r"(?<=fees)|(?<=tuition)|(?<=emi))(?:\s+(?:is|are|was)|'s)\s+(?:still\s+|already\s+|"
            r"a\s+(?:bit|little|few\s+days|week)\s+)?late\b(?!\s+(?:fee|charge|penalty)s?\b)"
        ),
        "due",
    ),
    (
        gated(
            r"\s+(?:is|are|'s|was|were|got|has\s+been)\s+(?:finally\s+|just\s+)?refunded\b|"
            # A status line without its verb: "deposit refunded finally", "fare refunded ✅".
            r"\s+(?:finally\s+|just\s+)?refunded(?:\s+(?:finally|at\s+last|in\s+full))?"
            r"(?=\s*(?:$|[,.!;]|\S*\s*$|(?:today|this)\b))|"
            r"\s+(?:came|went)\s+through\b|\s+(?:is|was)\s+processed\b|"
            # "tax refund came!!", "the refund hit my account": money back that arrived.
            # "the refund for the lamp finally hit my account": what it was for names it.
            r"(?<=refund)(?P<for>\s+for\s+(?:the\s+|my\s+|our\s+)?[a-z]+"
            r"(?:\s+(?!finally|just|already)[a-z]+)?)?"
            r"\s+(?:finally\s+|just\s+|already\s+)?(?:came(?:\s+in)?|arrived|landed|hit|"
            r"showed\s+up)\b"
        ),
        "refunded",
    ),
    (
        gated(
            # "the phone bill is due fri", "phone bill due fri" (not "due to the storm")
            r"\s+(?:is|are|'s|comes|will\s+be|falls|becomes)\s+(?:still\s+|now\s+|also\s+)?due\b|"
            # "the gym membership is $45 and due friday", "the hotel is €210 a night, due at
            # check-in": its sum (blanked), then its day.
            # "the passes were £85 each, due by Friday": what they came to, owed still.
            r"\s+(?:is|are|'s|was|were)\s+(?:and\s+(?:is\s+)?|,\s*)due\b(?!\s+to\b)|"
            # "my hulu renews on the 12th": a subscription charges again on its day.
            r"\s+(?:auto-?)?renews\b|"
            # "the amazon return has to happen before tahoe", "... needs to go out by friday"
            r"\s+(?:has|needs|must|have|need|gotta)\s+(?:to\s+)?(?:happen|be\s+done|get\s+done|"
            r"go\s+(?:out|back|in)|be\s+(?:sent|mailed|shipped|dropped\s+off|paid))\b|"
            # ("the water bill was due on the 3rd" is a story, its day gone)
            r"(?<!\bwas)(?<!\bwere)\s+(?:now\s+)?due\s+(?!to\b)(?=\w)"
        ),
        "due",
    ),
    # A note's bill still owed, the verb left out or put in: "invoice 114 still unpaid",
    # "school trip (£12) still not paid", "Acme invoice overdue", "the water bill is still
    # outstanding" (not "unpaid leave", "overdue library books" have no bill word anyway).
    (
        gated(
            r"(?:\s+(?:is|are|was|has\s+been|have\s+been)|(?<=\w)'s)?\s+"
            r"(?:(?:still|now|yet|currently|also|all)\s+)*(?:(?:not\s+(?:yet\s+)?|un)paid|"
            r"outstanding|owing|overdue|past\s+due)\b(?!\s+(?:leave|work|overtime|internship|"
            r"carer|volunteer|fines?\b))|"
            # "water bill still due (£38)": owed, the day unsaid.
            r"(?:\s+(?:is|are)|(?<=\w)'s)?\s+still\s+due\b(?!\s+to\b)"
        ),
        "due",
    ),
    # "rent isn't paid yet", "the rent's not paid": still owed.
    (
        gated(
            r"(?:\s+(?:still\s+)?(?:isn'?t|aren'?t|is\s+not|are\s+not|hasn'?t\s+been)|"
            r"(?<=\w)'s\s+(?:still\s+)?not)\s+(?:yet\s+|been\s+)?paid\b"
        ),
        "due",
    ),
    # "the rent's paid": the contraction leans on its noun.
    (
        gated(
            r"(?:\s+(?:is|are|'s|was|got|has\s+been)|(?<=\w)'s(?:\s+been)?)\s+"
            r"(?:already\s+|finally\s+|now\s+|all\s+|fully\s+)*paid\b"
        ),
        "paid",
    ),
    (
        gated(
            r"\s+(?:is|are|was|were|got|has\s+been|have\s+been|'s\s+been)\s+(?:now\s+|finally\s+)?"
            r"(?:cancell?ed|canceled)\b"
        ),
        "cancelled",
    ),
    # A labelled status line: "Gym: cancelled.", "Overdraft cleared.", "rent for march:
    # sorted ✅" (the bill, a colon or nothing, the word, then the line's end).
    (
        gated(r"\s*[:—–-]?\s+(?:cancell?ed|canceled)(?=\s*(?:as\s+of|today)\b|\W*$)"),
        "cancelled",
    ),
    (
        gated(r"\s*[:—–-]?\s+(?:all\s+)?(?:sorted|settled|cleared|paid\s+off)(?=\W*$)"),
        "paid",
    ),
    # A status line without its verb: "rent paid ✅", "car insurance renewed", "rent paid
    # for the shop and the flat" (what it was paid for, then the line's or clause's end).
    (
        gated(
            rf"\s+(?:already\s+)?(?:paid|renewed)(?:\s+(?:already|in\s+full))?"
            rf"(?=\s*(?:$|[,.!;]|\S*\s*$|(?:today|this|in\s+full)\b|{_FOR_WHAT}))"
        ),
        "paid",
    ),
)
