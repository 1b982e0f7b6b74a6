"""Turning text into observations: intent classification and field extraction."""
