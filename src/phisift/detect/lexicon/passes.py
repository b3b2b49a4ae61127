"""The lexicon passes, in the order they run, and why in that order.

Every pass looks at the same :class:`~.tokens.Tokens` and changes only the
:class:`~.state.PassState`: a token claimed by one pass is never looked at again by a
later one. So the order below *is* the precedence: patterns with strong evidence
(addresses, titles, credentials, institution heads, cues) come first, lone lexicon
words last. Moving a pass changes the output.

Each entry says what the pass reads from the state beyond ``taken`` (most read nothing
else) and why it stands where it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .generic_orgs import pass_generic_orgs
from .institutions import pass_hospital_acronyms, pass_institutions, pass_letterhead, pass_lower_institutions
from .institutions_cued import (
    pass_after_name, pass_block_lines, pass_company_suffix, pass_institution_slots, pass_known_hospitals,
    pass_late_signatures, pass_lower_acronyms, pass_saint_slots, pass_saints,
)
from .institutions_caseless import pass_caseless_slots
from .companies import pass_company_heads, pass_firm_lists
from .towns import pass_firm_towns, pass_hometowns, pass_town_connectors, pass_towns_before_countries
from .names_cued import pass_credentials, pass_lower_titles, pass_name_cues, pass_titles
from .names_initials import pass_initial_names
from .names_listed import (
    pass_lone_names, pass_lower_slot_names, pass_name_lists, pass_name_pairs, pass_surname_lists,
)
from .names_roles import (
    pass_bare_first_names, pass_cues_any_case, pass_header_name, pass_lower_credentials, pass_names_after_and,
    pass_role_names, pass_title_lower,
)
from .names_kin import pass_kin_names
from .names_prose import pass_prose_names
from .names_general import pass_general_names
from .names_questions import pass_question_names
from .names_texted import (
    pass_introduced_names, pass_its_name_here, pass_kin_name_before_age, pass_named_through_kin,
    pass_names_before_bracketed_age, pass_possessed_full_names,
    pass_texted_possessives,
)
from .names_scripts import pass_other_scripts
from .names_slots import pass_caps_last_first, pass_slot_names
from .names_placed import pass_age_subjects, pass_name_lines, pass_names_over_cc, pass_signature_blocks
from .organisations import pass_org_cues, pass_payers
from .places import (
    pass_addresses, pass_cued_locations, pass_lower_places, pass_multiword_places, pass_places, pass_streets,
    pass_streets_head_first, pass_town_shapes,
)
from .legal_bodies import pass_legal_bodies, pass_named_groups
from .legal_people import pass_judge_postnominals, pass_legal_people
from .legal_places import pass_legal_places
from .court_names import pass_place_pairs, pass_surname_shapes
from .court_forms import pass_court_forms, pass_group_acronyms, pass_public_bodies
from .professions import pass_aged_professions, pass_professions
from .repeats import pass_repeats, relabel_from_strong
from .state import PassState
from .tokens import Tokens
from .usernames import pass_shaped_logins


@dataclass(frozen=True)
class Pass:
    """One pass: the function, what it reads from the state besides ``taken``, and why it stands here."""

    run: Callable[[Tokens, PassState], None]
    reads: str
    why: str


PASSES: tuple[Pass, ...] = (
    Pass(pass_public_bodies, "", "'the Social Security Institution': a public body's first word and head, before 'Social Security' is claimed as a programme"),
    Pass(pass_generic_orgs, "", "'Alcoholics Anonymous', 'Job Corps': programmes that name no one, claimed untagged first"),
    Pass(pass_legal_bodies, "", "'the Court of Cassation', 'Ministry of Justice': courts and ministries before names read 'Justice', and before streets read '4 District Court'"),
    Pass(pass_streets, "", "a house number and a street suffix are the surest shape: take them before any name"),
    Pass(pass_streets_head_first, "", "'Calle Carmen Romero, 23': street words must not become a person"),
    Pass(pass_addresses, "found STREET", "the city after a street or before ', ST 12345', before names claim it"),
    Pass(pass_legal_people, "", "'Lord Justice Elias', 'Hadley v Baxendale': judges and parties before titles read 'Lord'"),
    Pass(pass_legal_places, "", "'the village of Çukurca', 'the Lice district': a kind word makes any name a place, before names"),
    Pass(pass_court_forms, "", "'v. GREECE', 'Prison no. 7', 'the Volos police station', 'the Yeşilköy village': judgment forms, before names"),
    Pass(pass_shaped_logins, "", "'briansmith', 'hknudsen8': names run together into one login, before names see them"),
    Pass(pass_credentials, "", "'Name, MD' is a clinician whatever the words are"),
    Pass(pass_titles, "", "'Dr./Mrs. Name': a title beats every lexicon guess"),
    Pass(pass_lower_titles, "", "titles in notes typed in lowercase, with the same strength"),
    Pass(pass_title_lower, "", "'Mrs adalberto barajas': a capitalised title before a lowercase name"),
    Pass(pass_lower_credentials, "", "'adam castro, DPM', 'jorge g., MD': lowercase names before a credential"),
    Pass(pass_role_names, "", "'scribe Sandra H.', 'RN holly cook': a role before a name, before cue phrases"),
    Pass(pass_payers, "", "insurers are a closed list; 'Harvard Pilgrim' must not become a name"),
    Pass(pass_institutions, "", "'<words> Hospital': a head word claims its run before names and places do"),
    Pass(pass_cued_locations, "", "'at Walden Pond': heads that are also surnames, only after a place word"),
    Pass(pass_lower_institutions, "", "'at st. joseph's hospital' in lowercase notes"),
    Pass(pass_caseless_slots, "", "'employed by meyer imaging.' in a note typed in one case: the slot to the clause end"),
    Pass(pass_company_suffix, "", "'Freudenberger Hermann KG': a company suffix makes the run before it a firm"),
    Pass(pass_company_heads, "", "'Innovest Systems', 'Liquid Robotics': a head word of trade makes the run before it a firm"),
    Pass(pass_saints, "", "'St. Luke's': a saint in the possessive is a hospital, not a person"),
    Pass(pass_saint_slots, "", "'seen at St. Jude': a saint in a hospital's slot, before places read a town"),
    Pass(pass_known_hospitals, "", "'Johns Hopkins', 'NYU Langone': known short names before names see them"),
    Pass(pass_named_groups, "", "'the People's Democracy Party (HADEP)', 'newspaper Özgür Gündem': after the heads, before names"),
    Pass(pass_group_acronyms, "", "'the Movement for Rights (MFR)': initials that spell the acronym, after the named groups"),
    Pass(pass_org_cues, "", "'works at X', 'Insurance: X': the employer before the name cues see it"),
    Pass(pass_institution_slots, "", "'transferred from X', 'a second opinion at X': the slot before names"),
    Pass(pass_firm_lists, "found ORGANIZATION", "'Ceiba Solutions, Seeclickfix and Hubbard-Thomas': a firm's list neighbours"),
    Pass(pass_firm_towns, "found ORGANIZATION", "'at Citigroup in Échirolles,': a firm's town, before names take it"),
    Pass(pass_kin_name_before_age, "", "'my mum juan short (16)': a relative's full name closed by their bracketed age, before the cue pass takes the given name alone"),
    Pass(pass_names_before_bracketed_age, "", "'called about Sky (5 months)': a capitalised word before a bracketed age, after the relatives' full names"),
    Pass(pass_name_cues, "", "'seen by X', 'his daughter X', 'Patient: X': context before word lists"),
    Pass(pass_cues_any_case, "", "'To: sofia duarte', 'RE: F.P. Cisneros': what the cue pass leaves for case"),
    Pass(pass_header_name, "", "'Rusty Swan, 2020-01-26' on a note's first line"),
    Pass(pass_names_after_and, "found names", "'with Mariane W., FRCS and polly butler': a name's partner"),
    Pass(pass_name_lines, "", "a name alone at a line start (header, signature) after the cued ones"),
    Pass(pass_names_over_cc, "", "'Dolian Wade\\ncc: Dr. Burnett': the writer's name over the copies line"),
    Pass(pass_signature_blocks, "", "'S. Fritsch\\nBNCH\\nPhone': a name opening a signature block, before its institution line"),
    Pass(pass_letterhead, "found DOCTOR", "the institution below a signature needs the signature's name found"),
    Pass(pass_block_lines, "found names", "the line between a name and a 'Phone' or address line"),
    Pass(pass_after_name, "found names", "'cc: Adam Glover, NYU Langone': the rest of a name's line"),
    Pass(pass_age_subjects, "", "'Kylie is a 63 yo lady': the subject of an age, before lexicon pairs"),
    Pass(pass_multiword_places, "", "'New Haven', 'Salt Lake City' before a first name takes their first word"),
    Pass(pass_name_pairs, "", "'First Last' from the word lists, once every cued name is out"),
    Pass(pass_initial_names, "", "'L.N. Guclu', 'Lucy T.': initials make a name without a cue, after the pairs"),
    Pass(pass_surname_shapes, "", "'Zurab Adeishvili', 'the applicant's brother, Said-Magomed Imakayev,': judgment names no list holds, after the listed ones"),
    Pass(pass_judge_postnominals, "", "'Jackson J', 'Arden LJ': after the initials, so 'Garry J.' stays a name with its initial"),
    Pass(pass_lower_slot_names, "", "'login for sonia gollum?': a lowercase name in a slot, after the capitalised ones"),
    Pass(pass_slot_names, "", "'records for Mathiesen.', 'PCP for r. nguyen (': the slot's other shapes, after the listed ones"),
    Pass(pass_caps_last_first, "", "'Could MENDES, FAITH see': LAST, FIRST in capitals in a text that is not"),
    Pass(pass_places, "", "single-word places after the pairs, so 'Florence Nightingale' stays a name"),
    Pass(pass_lower_places, "", "'born in haiti' in lowercase notes"),
    Pass(pass_town_shapes, "", "'in clarkbury', 'from north maryshire': unknown lowercase towns by their ending"),
    Pass(pass_town_connectors, "found CITY/COUNTRY", "'Paterna del Madera': the connectors of a town found in parts"),
    Pass(pass_towns_before_countries, "found COUNTRY", "'in Reading, the Czech Republic': the words after a preposition and before a country found, after the places"),
    Pass(pass_place_pairs, "found CITY/STATE/COUNTRY", "'the hospitals of Tunceli and Ankara': a listed place beside a found one, after the places"),
    Pass(pass_bare_first_names, "", "'Sandy states', 'Called Iris back': a first name by its verb"),
    Pass(pass_question_names, "", "'buck fainted', 'can Chase go', 'for Mark, she is 24': a given name by a question's grammar"),
    Pass(pass_texted_possessives, "", "'if Carols temp goes over 39': a possessive typed without its apostrophe, after the question names"),
    Pass(pass_its_name_here, "", "'It's Benjamin De here, DOB ...': the writer's name before 'here', after the question names"),
    Pass(pass_introduced_names, "", "'I am Honey Methavorakul from Durban': a writer's full name after 'I am' / 'this is', after the question names"),
    Pass(pass_hometowns, "", "'I am Savannah Fischer from Grayborough.': where a writer is from, after the places and the introduced names"),
    Pass(pass_possessed_full_names, "", "'for Rodel Villanueva's physio': a full name owning a service, after the question names"),
    Pass(pass_named_through_kin, "", "'this is Hope's mom', 'Nirja De DOB ...': a patient by the writer's kinship or a birth date, after the question names"),
    Pass(pass_kin_names, "", "'My daughter Honor has', 'Zhang Wei denies': a name by its clause, listed or not, after the listed forms"),
    Pass(pass_prose_names, "", "'Gregorina's address', 'says Vedzizhev.', 'Vittore, can I': a person by what only a person has or does"),
    Pass(pass_general_names, "", "'Kowalczyk said', 'told Marguerite', 'the CEO of Brightwave': a role in a clause, after the cued names"),
    Pass(pass_lone_names, "", "a lone common first name: the weakest name evidence, so late"),
    Pass(pass_name_lists, "found names", "'Malon, Mark and Kaylee': list neighbours of every name found"),
    Pass(pass_surname_lists, "", "'Novosel, Robinson and Holmes': a list of names no other name vouches for"),
    Pass(pass_late_signatures, "found names", "signature lines again, for the names found since ('cc: fellow T. Mall, FCMH')"),
    Pass(pass_professions, "", "'works as a nurse': after names, so a cue word is not taken as one"),
    Pass(pass_aged_professions, "", "'a 45-year-old electrician': an occupation after an age adjective, as after a cue"),
    Pass(pass_hospital_acronyms, "", "'seen at SMH': all-caps words left over after everything else"),
    Pass(pass_lower_acronyms, "", "'referral to gi at cch.': the same typed in lower case, closing its clause"),
    Pass(pass_other_scripts, "", "'Patient 张伟 was seen': words in another script, whatever no pass above took"),
    Pass(relabel_from_strong, "found names (rewrites labels)", "needs every name found to pick the strongest label"),
)

#: Run after :data:`PASSES` when the detector repeats names: it seeds from every name found.
REPEAT_PASS = Pass(pass_repeats, "found names", "further mentions of the names found by all the passes above")


def run_passes(doc: Tokens, state: PassState, *, repeat: bool) -> None:
    """Run every pass over one text, in order; then the repeat pass when ``repeat``."""
    for step in PASSES:
        step.run(doc, state)
    if repeat:
        REPEAT_PASS.run(doc, state)
