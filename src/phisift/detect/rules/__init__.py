"""Pattern detector for English and Spanish clinical notes: one recognizer module per PHI family.

Finds the PHI that has a shape: dates, ages, phone and fax numbers, e-mail and
web addresses, IP addresses, SSNs, identifiers after cue words (MRN, Acct #,
NHC, DEA, ...), ZIP codes, street addresses, cities and states in an address
line or letterhead block, the names and hospitals that form fields announce
("Patient Name:", "Attending:", "Signed by"), login names in audit lines
("Entered by: jdoe2"), and the dictation stamps of transcribed notes ("JH:kk").
Labels are i2b2 2014 subtypes.

Where each family is found (each module keeps its regexes beside their handlers):

==================  =============================================================
``dates``           every date form, seasons, holidays, weekdays joined to a date
``ages``            "45 y/o", "aged 45", "in his 60s", "Sister (53)"
``contact``         phone, fax, pager, e-mail, URL, IPv4/IPv6
``ids``             SSN, cue-word IDs (MRN, Acct #, plate ...), DEA, VIN, bare numbers
``addresses``       streets, P.O. boxes, ZIP/postcodes, cities, states
``fields``          form-field values ("Patient Name:", "Attending:", "Address:")
``names``           names after titles and signatures; the field-value name cleaner
``usernames``       login names in audit lines and brackets
``dictation``       dictation initials ("JH:kk")
``detector``        ``RuleDetector``, ``detect_rules``: the ordered recognizer lists and the run
``base``            the scan state, the recognizer kinds, overlap resolution
==================  =============================================================

How it stays fast (it runs over every character of every note): a note is
scanned by one combined regex for numeric tokens, one trie regex of trigger
words, and a few scans led by a literal (",", "@", "://", ".com") that only run
when the literal occurs. Each hit is then checked in Python with cheap
arithmetic (month 1-12, octet <= 255, DEA check digit) and a look at the few
words before it ("on 4/3" is a date, "BP 120/80" and "1/2 tab" are not).

Scores: 1.0 for unambiguous formats (e-mail, SSN shape, full dates), 0.8-0.9 for
cued or well-formed values, 0.4-0.7 for guesses (bare ID-looking numbers,
"on 4/3", "in 2015"), so the combiner and ``min_score`` can trade recall for
precision.

Nothing is imported here; use ``phisift.detect.rules.detector``.
"""
