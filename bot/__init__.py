"""Canons Telegram front end (see issue 5)."""
