"""The linguistic layer under the field rules: spaCy's parse of each clause.

``model`` finds, verifies and loads the English pipeline; ``reading`` turns a
parsed clause into the facts the rules need (tense, aspect, mood, subject,
negation, modality, the places and organisations named).
"""
