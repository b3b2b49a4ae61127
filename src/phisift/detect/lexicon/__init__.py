"""Lexicon and context detector for names, places, institutions and professions.

Names and places are the PHI that rules cannot see from shape alone: "Grace" is a
patient in one note and a prayer in another. This detector decides from three kinds
of evidence, strongest first:

1. a cue around the word: a title (Dr., Mrs.), a clinician suffix (", MD", "RN"), a
   header ("Patient:", "cc:"), a phrase ("seen by", "his daughter", "lives in");
2. a pattern of lexicon words: "First Last", "Last, First", "City, ST",
   "<capitalised words> Hospital";
3. a lone lexicon word (a first name, a large city, a country), scored lower.

Notes typed in lowercase get their own cues: "mrs. novais", "his wife (megan walker)",
"kylie is a 63 yo lady", "born in haiti", "lives in north brandon, ct", "at st. joseph's
hospital". Letterheads and signature blocks name institutions by position ("Name, MD" then
"Fenway Health"), and insurers are a list of their own (``payers.txt``).

The allowlist rule
------------------
A word of ``clinical_allow.txt`` (frequent English words, eponyms, drugs, devices,
scores: "May", "Grace", "Foley", "Parkinson", "Glasgow") is never tagged on lexicon
evidence alone. It is tagged only with context: a title, a cue, a clinician suffix,
or a neighbouring name word that is not itself allowlisted ("Grace Kowalski").
Independently, a capitalised run followed by an eponym head word ("catheter",
"disease", "test", "sign", ...) is not a name or place unless a title or cue says so
("Foley catheter", "Allen test", "Glasgow Coma Scale"); a known place is no place when
a term's name runs on from it to such a head ("Epworth Sleepiness Scale", "Philadelphia
chromosome", "Kentucky bluegrass").

Repeated names
--------------
Notes repeat names. :func:`~.detector.names_in_document` takes the names found with good
evidence (score >= 0.8) and tags every other capitalised occurrence of their words
in the same text with the same label; the detector runs it as its last pass.

Speed
-----
One regex scan yields the word tokens (letters with inner apostrophes and hyphens,
so "O'Brien" and "Smith-Jones" are one token); every decision is a set lookup of a
normalised token (lowercase, accents folded, possessive "'s" dropped) or a look at
the few characters between two tokens. The scan uses its own word pattern rather
than :func:`phisift.text.tokenize` because names need whole apostrophe and hyphen
words and because the detector only ever needs words, not punctuation tokens.

Where things are
----------------
``detector``      :class:`LexiconDetector` and :func:`names_in_document` (import them from here)
``passes``        the ordered pass list: which pass runs when, what it reads, and why
``wordlists``     the word lists of ``phisift/data/lexicons`` loaded and normalised (:func:`load_lexicons`)
``cues``          the cue tables: titles, credentials, cue phrases, stop words, eponym heads
``labels``        the labels this detector emits
``casing``        whole-note case (lowercase, capitals, mixed) and the recased copy a caseless note is read through
``english``       general English word frequencies (``data/english_words.tsv.gz``, from wordfreq): ``zipf(word)``
``plainwords``    ordinary English words no name list vouches for ("retail", "kiln", "dig"): no place or name
                  in a note typed in one case without a cue
``tokens``        one text as word tokens with their lookup keys, and the views passes share
``state``         :class:`PassState`: the tokens taken and spans found, the one thing a pass changes
``name_runs``     where a name that starts at a token ends
``names_cued``    people after a title, a credential or a cue phrase
``names_placed``  people by position: the subject of an age, a name alone on a line
``names_listed``  people from the word lists: pairs, lists, lone first names
``names_roles``   people after a role or credential in any case, bare first names by their verb
``names_questions`` given names in questions about someone's care, by the grammar around them
``names_scripts`` names and towns written in another script (Cyrillic, Arabic, CJK...) in a note in Latin letters
``repeats``       later mentions of the names found, and their labels
``places``        streets, addresses, cities, states, countries, named locations, towns typed in lower case
                  by their ending ("in clarkbury")
``specific``      whether a run of words names one particular place or body
``institutions``  hospitals and other bodies by head word, acronym, letterhead
``institutions_cued`` institutions without a head word: slots, known short names, saints, letterhead
                  lines (also typed in lower case), company suffixes, lower-case acronyms in a slot
``institutions_caseless`` the words of a strong slot to the clause end: in notes typed in one case, and
                  a name typed in lower case (or a run in capitals with a head) in a mixed-case note
``organisations`` insurers, employers and schools
``generic_orgs``  programmes, national bodies and figures that name no one ("Alcoholics Anonymous",
                  "Job Corps", "Hannah Montana"), claimed untagged before any other pass
``professions``   occupations after a job cue
``legal_bodies``  courts, prosecutors' offices, ministries, police, prisons and governments of court judgments
                  ("the Diyarbakır State Security Court", "the Court of Cassation", "the Ministry of Justice")
``legal_people``  judges by title or post-nominal ("Lord Justice Elias", "Jackson J") and parties of cited cases
``legal_places``  settlements and districts by their kind word ("the village of Çukurca", "the Lice district")
``court_forms``   more judgment forms: "v. GREECE", "Prison no. 7", "the Volos police station", "P.S. Ranchi",
                  "the Security Service of Ukraine", "the Social Security Institution", "the Movement for
                  Rights (MFR)", "the Yeşilköy village", "practising in Patras"
"""
