"""The engine, Canon's only writer, and the services that act through it.

``engine`` validates, resolves and persists; the services above it (answers,
dead letters, corrections, conflicts, bootstrap, notices, review) decide what to
ask or record and write only through Engine methods.
"""
