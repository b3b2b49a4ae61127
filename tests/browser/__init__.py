"""Headless Chromium helpers for the review page tests and the docs screenshot."""
