"""Which mail senders the user trusts: a receipt is transaction evidence only from them.

Anyone can send a mail that looks like a receipt (or carries a schema.org
``Order`` in JSON-LD), so looking like one proves nothing. A mail counts as
``transactions_email`` (high reliability, may auto-commit) only when its From
address is trusted: configured (``trusted_senders``, an exact address or
``@domain``; the domain must match exactly, ``amazon.com.evil.net`` is not
``amazon.com``), or learned (the user once confirmed a question raised by a mail
from that exact address). Every other mail is plain ``email``, which the policy
believes too little to commit alone: the user is asked.

From can be forged. ``core.sources.mailparse`` reads the receiving server's
``Authentication-Results`` header (the topmost one: a sender can add its own
below it, never above it) into ``auth``: ``pass`` when DMARC passed or a DKIM
signature of the From domain (or a parent domain) verified, ``fail`` otherwise.
A mail whose header says ``fail`` is never trusted, whoever it claims to be
from. A mail without the header (a server that does not check, a local
delivery) is judged on From alone: that is the remaining risk, documented in
the README.
"""

from __future__ import annotations

import email.utils
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from core.errors import ConfigError

_ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def address_key(text: str) -> str:
    """A mail address as compared: its ASCII letters lowercased, nothing else changed.
    ``str.lower`` would also fold a few look-alikes into ASCII (the Kelvin sign K into k,
    the Angstrom sign into å): a stranger's own ``orders@boo\u212aing.com``, which DMARC
    passes for them, would then be ``@booking.com``, a trusted sender."""
    return text.translate(_ASCII_LOWER)


def sender_address(from_header: str) -> str | None:
    """The lowercased address of a From header, or None when there is no usable one."""
    _, address = email.utils.parseaddr(from_header)
    address = address_key(address.strip())
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain or "." not in domain:
        return None
    return address


def _domain(address: str) -> str:
    return address.rpartition("@")[2]


def normalized_pattern(pattern: str) -> str | None:
    """A configured ``trusted_senders`` entry, lowercased; None when it is neither form."""
    text = address_key(pattern.strip())
    if text.startswith("@"):
        domain = text[1:]
        ok = "." in domain and "@" not in domain and all(domain.split("."))
        return text if ok else None
    return text if sender_address(text) == text else None


def matches(address: str, pattern: str) -> bool:
    """``pattern`` is an exact address or ``@domain`` (the same domain, not a look-alike)."""
    if pattern.startswith("@"):
        return _domain(address) == pattern[1:]
    return address == pattern


@dataclass(frozen=True)
class SenderTrust:
    """The senders whose receipts and bookings count as transaction evidence."""

    configured: tuple[str, ...] = ()
    """Normalized ``trusted_senders`` entries: addresses and ``@domains``."""
    learned: frozenset[str] = frozenset()
    """Addresses the user vouched for by confirming a question one of their mails raised."""
    own: frozenset[str] = frozenset()
    """The mailbox owner's own addresses (``mailbox_addresses``): never a trusted sender,
    learned or by domain. Every sender knows them (they write to one), and a mail "from
    yourself" with no DKIM result is exactly what a forger sends; the user's Yes to a
    booking they forwarded to themselves vouches for that mail, not for their From."""

    def trusts(self, mail: dict[str, Any]) -> bool:
        """Whether ``mail`` (an ``email`` SignalEvent payload) is from a trusted sender."""
        if mail.get("auth") == "fail":
            return False  # the receiving server says From is not who sent it
        address = sender_address(str(mail.get("from", "")))
        if address is None:
            return False
        if address in self.own:
            return address in self.configured  # only when the user listed it themselves
        return address in self.learned or any(matches(address, p) for p in self.configured)

    def may_learn(self, address: str) -> bool:
        """Whether a Yes to a question ``address``'s mail raised may make it trusted."""
        return address not in self.own


def mailbox_addresses(login: str | None, configured: Iterable[str] = ()) -> frozenset[str]:
    """The owner's own addresses of a mailbox: its login when that is an address (Gmail,
    Fastmail, iCloud, most hosted servers), and the ``owner_addresses`` configured for it
    (aliases, a login that is no address: ``parse_owner_addresses``)."""
    found = (sender_address(a) for a in (login or "", *configured))
    return frozenset(a for a in found if a)


def parse_owner_addresses(raw: Any, where: str) -> tuple[str, ...]:
    """A mail source's ``owner_addresses``: the owner's own addresses besides the login,
    exact and lowercased. They are recognised as the owner's, which makes them less
    trusted, never more: a mail "from" one is trusted only when ``trusted_senders`` lists
    that very address (``SenderTrust.own``)."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise ConfigError(f"{where}: owner_addresses must be a list of mail addresses")
    out: list[str] = []
    for entry in raw:
        address = sender_address(entry)
        if address is None or address != address_key(entry.strip()):
            raise ConfigError(
                f"{where}: owner_addresses entry {entry!r} must be a mail address (me@example.com)"
            )
        out.append(address)
    return tuple(dict.fromkeys(out))


NOBODY: Final = SenderTrust()
"""No sender trusted: every receipt is asked about."""


def parse_trusted_senders(raw: Any, where: str) -> tuple[str, ...]:
    """A ``trusted_senders`` list: exact addresses or ``@domain``s, lowercased."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise ConfigError(f"{where}: trusted_senders must be a list of strings")
    out: list[str] = []
    for entry in raw:
        pattern = normalized_pattern(entry)
        if pattern is None:
            raise ConfigError(
                f"{where}: trusted_senders entry {entry!r} must be an address "
                "(receipts@shop.com) or a domain (@shop.com)"
            )
        out.append(pattern)
    return tuple(dict.fromkeys(out))
