"""The pure domain: fields, observations, state, policy and the resolver.

Nothing here does I/O or reads a clock; everything is a function of its inputs
(and an explicit ``now``). Every other layer builds on this one.
"""
