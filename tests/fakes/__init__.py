"""Strict fakes of services Canon cannot reach from tests, served on loopback."""
