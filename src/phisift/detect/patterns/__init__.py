"""Vocabulary, compiled regexes and arithmetic checks of the rule detector (``detect/rules.py``)."""
