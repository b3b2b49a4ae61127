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
``dates``           every date form (ISO date-times, "jan 5", "the 20th of May"), seasons,
                    holidays with their year, weekdays joined to a date
``ages``            "45 y/o", "aged 45", "a ninety-seven-year-old", "in his 60s", "Sister (53)"
``contact``         phone, fax, pager (national and international layouts, extensions),
                    e-mail, URL, IPv4/IPv6
``ids``             SSN, cue-word IDs (MRN, Acct #, plate ...), DEA, VIN, bare numbers
``shaped_ids``      IDs by their make-up alone: letter-and-digit codes, MAC addresses,
                    IBANs (checksum), coordinates, photo files and DICOM UIDs
``legal_ids``       case, application, file and docket numbers of judgments ("application
                    (no. 31716/07)", "Case No. 2:19-cv-01234"), neutral citations ("[2019] EWCA Civ 123")
``court_people``    judges and registrars of a bench list ("composed of: Jean-Paul Costa, President, ...")
                    and judges signing "H. Sundaram, J."
``court_dates``     leading days of a day list before one month ("between 3 and 5 June")
``court_orgs``      firms and newspapers by a quoted name or a legal form before it ('OOO "Romashka"')
``plates``          licence plates without a plate cue: three hyphen-joined groups
                    ("AM-XG-27"), two groups after "Reference"
``addresses``       US streets (with flat and suite parts), P.O. boxes, ZIPs, cities, states
                    and territories
``intl_addresses``  addresses of other countries: street, postcode and town, country;
                    a town before a country ("born in Hue, Vietnam")
``postcodes``       UK and Canadian postcodes inside a sentence ("we live in Leeds LS6 2QT on
                    3rd feb"), with the town and street before them
``places``          long country names; streets named after "lives on" and the town after them
``fields``          form-field values ("Patient Name:", "Attending:", "Address:")
``columns``         record print-outs: values under a header row (census, CSV, vaccine
                    tables), "PT NAME<tab>value", "Entered By= jdoe", "Age.... 69"
``print_forms``     claim-form boxes ("ZIP CODE L9B 7J2"), boxed dates ("From 06 25 17"),
                    HL7 caret names ("Jones^Rodney^T"), "mrn=123 (DOE, JANE)"
``segments``        HL7 v2 segment fields by their place (IN1-4 insurer, GT1-16 employer, PID-19 SSN)
                    and '^'-joined addresses; masked SSNs ("XXX-XX-1234"); GS1 UDIs ("(01)...(21)...")
``pharmacies``      a chain's pharmacy with its store number ("Rite Aid #18754")
``names``           names after titles and signatures, officers by rank; the field-value name cleaner
``usernames``       login names in audit lines and brackets, after account cues,
                    "steven.green83" and @handles
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
