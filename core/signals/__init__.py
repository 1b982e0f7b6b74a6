"""Signals: what calendar events and mails are evidence of, as observation payloads.

A pure layer under the engine: ``mapping`` reads events and mails (with the
user's ``rules``), ``reservations`` reads their structured data, ``trust``
decides whose receipts count as transactions, and ``intake`` turns chat,
Markdown, calendar and mail input into StateObservation payloads. Nothing here
does I/O or knows where a signal came from: fetching is ``core.sources``'.
"""
