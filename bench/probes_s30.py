"""Hand-written probe sentences of session 30 (issue 15: people, addresses, professions, institutions).

    python bench/probes_s30.py            # the default pipeline
    python bench/probes_s30.py -v         # every probe, found or not

A third batch after bench/probes_s29.py and bench/probes_s29b.py, written before any fix of this round,
in the style of clinical notes, patient messages and letters from many English-speaking places (United
States, Canada, United Kingdom, Ireland, Australia, New Zealand, South Africa, Nigeria, India, Singapore):
(p) people's names of 15+ origins, hyphenated, with particles (van der, bin, al-, O', Ní, da, dela),
initials, nicknames, names that are English words, one-case names inside a mixed-case note; (s) staff
after a credential or a role; (a) addresses without a house number, with flats and units, rural routes,
PO boxes, postcodes abroad, streets that look like names, countries with "and"; (w) employers, firm names
in one case; (j) professions in context; (n) institutions by acronym or short name. Negatives: eponyms,
drugs, devices, measurements, section headers, staff roles and common words that are also names or
places. Every probe runs as written, in capitals and in lower case (issue 15.3): a positive is found when
every character of its PHI (spaces and ".,'" aside) is covered by a span of its label group; a negative is
clean when no span outside its allowed labels touches its words. No PHI: every name, firm and place is
invented or public (public institutions and firms only).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import phisift

PERSON = frozenset({"PATIENT", "DOCTOR"})
PLACE = frozenset({"STREET", "CITY", "STATE", "ZIP", "COUNTRY", "LOCATION-OTHER"})
COUNTRY = frozenset({"COUNTRY"})
PROF = frozenset({"PROFESSION"})
INST = frozenset({"HOSPITAL", "ORGANIZATION"})
NONE: frozenset = frozenset()
DATE = frozenset({"DATE"})

POS = [
 # p. people: origins, particles, hyphens, initials, nicknames, word-names, one-case names
 ("p", "Pt is Siobhán O'Sullivan, 54, seen for knee pain.", "Siobhán O'Sullivan", PERSON),
 ("p", "Spoke with her son, Declan O'Neill, by phone.", "Declan O'Neill", PERSON),
 ("p", "Mrs van der Berg was reviewed on the ward round.", "van der Berg", PERSON),
 ("p", "Pieter van der Merwe, a 61-year-old, presented with haematuria.", "Pieter van der Merwe", PERSON),
 ("p", "Ahmad bin Abdullah was brought in by his wife.", "Ahmad bin Abdullah", PERSON),
 ("p", "Nur Aisyah binti Ismail attended with her mother.", "Nur Aisyah binti Ismail", PERSON),
 ("p", "Mr Khalid al-Rashid reports three days of fever.", "Khalid al-Rashid", PERSON),
 ("p", "Faisal Al-Harbi was reviewed in the renal clinic.", "Faisal Al-Harbi", PERSON),
 ("p", "Oluwaseun Adeyemi, 33, presents with headache.", "Oluwaseun Adeyemi", PERSON),
 ("p", "Chukwuemeka Okafor's mother called about his results.", "Chukwuemeka Okafor", PERSON),
 ("p", "Kwame Mensah-Bonsu was seen in the diabetes clinic.", "Kwame Mensah-Bonsu", PERSON),
 ("p", "Sipho Dlamini attended with his brother Thabo.", "Sipho Dlamini", PERSON),
 ("p", "Sipho Dlamini attended with his brother Thabo.", "Thabo", PERSON),
 ("p", "Ms Priyanka Venkataraman is a 28-year-old G1P0.", "Priyanka Venkataraman", PERSON),
 ("p", "Harpreet Kaur Gill declined the flu vaccine.", "Harpreet Kaur Gill", PERSON),
 ("p", "Dr Kim Min-jun reviewed the films.", "Kim Min-jun", PERSON),
 ("p", "Patient NGUYEN THI LAN was admitted overnight with pneumonia.", "NGUYEN THI LAN", PERSON),
 ("p", "Wong Ka-wai's daughter interpreted for him.", "Wong Ka-wai", PERSON),
 ("p", "Takahashi Emi reports intermittent palpitations.", "Takahashi Emi", PERSON),
 ("p", "Mr Tomasz Wojciechowski presented after a fall from a ladder.", "Tomasz Wojciechowski", PERSON),
 ("p", "Eleni Papadopoulou is accompanied by her husband Giorgos.", "Eleni Papadopoulou", PERSON),
 ("p", "Eleni Papadopoulou is accompanied by her husband Giorgos.", "Giorgos", PERSON),
 ("p", "Aroha Ngata, a 45-year-old woman from Rotorua, was seen today.", "Aroha Ngata", PERSON),
 ("p", "María José García-López prefers to be called Majo.", "María José García-López", PERSON),
 ("p", "María José García-López prefers to be called Majo.", "Majo", PERSON),
 ("p", "João da Silva Santos was transferred from the ward.", "João da Silva Santos", PERSON),
 ("p", "Mr Luca Di Stefano attended for his colonoscopy.", "Luca Di Stefano", PERSON),
 ("p", "Svetlana Ivanova, 71, lives with her son.", "Svetlana Ivanova", PERSON),
 ("p", "Mehmet Yılmaz was referred by his GP for dyspepsia.", "Mehmet Yılmaz", PERSON),
 ("p", "Abdi Warsame Farah presents with cough and night sweats.", "Abdi Warsame Farah", PERSON),
 ("p", "Maria Cristina dela Cruz works nights and sleeps days.", "Maria Cristina dela Cruz", PERSON),
 ("p", "Keala Kahananui was seen for a wound check.", "Keala Kahananui", PERSON),
 ("p", "Yael Ben-David called to reschedule.", "Yael Ben-David", PERSON),
 ("p", "Jean-Luc Moreau was reviewed by the team.", "Jean-Luc Moreau", PERSON),
 ("p", "Mehrdad Farahani reports his sugars are high.", "Mehrdad Farahani", PERSON),
 ("p", "Ms Ngozi Eze-Obi attended with her daughter Chiamaka.", "Ngozi Eze-Obi", PERSON),
 ("p", "Ms Ngozi Eze-Obi attended with her daughter Chiamaka.", "Chiamaka", PERSON),
 ("p", "J. R. Whitfield was discharged home today.", "J. R. Whitfield", PERSON),
 ("p", "Pt R.K. Nair reports improvement.", "R.K. Nair", PERSON),
 ("p", "Seen with her husband, T.J. McAllister.", "T.J. McAllister", PERSON),
 ("p", "Mrs. E. Fitzgerald-Hughes called the ward.", "E. Fitzgerald-Hughes", PERSON),
 ("p", "Robert \"Bobby\" Kowalski was seen in follow-up.", "Bobby", PERSON),
 ("p", "Margaret (Peggy) Doyle would like a call back.", "Peggy", PERSON),
 ("p", "He goes by Bubba and lives with his mother.", "Bubba", PERSON),
 ("p", "Patient prefers to be called Liz.", "Liz", PERSON),
 ("p", "Her daughter Hope visits every Sunday.", "Hope", PERSON),
 ("p", "Spoke to Will, her grandson, about transport.", "Will", PERSON),
 ("p", "Mr Grant Young attended alone.", "Grant Young", PERSON),
 ("p", "Faith Baker, 62, presents with dyspnoea.", "Faith Baker", PERSON),
 ("p", "Her husband Bill Cook is the main carer.", "Bill Cook", PERSON),
 ("p", "Daisy Hill was seen in the antenatal clinic.", "Daisy Hill", PERSON),
 ("p", "Called Sunny back with the biopsy results.", "Sunny", PERSON),
 ("p", "Rusty Marsh is a 70-year-old retired miner.", "Rusty Marsh", PERSON),
 ("p", "Mrs Pearl Brown was visited at home.", "Pearl Brown", PERSON),
 ("p", "OKONKWO, CHIDI A. was seen for follow-up.", "OKONKWO, CHIDI", PERSON),
 ("p", "Patient jessica tremblay, 41, seen for migraines.", "jessica tremblay", PERSON),
 ("p", "Message from liam o'brien asking about his referral.", "liam o'brien", PERSON),
 ("p", "Her partner, Aiyana Running Bear, brought her in.", "Aiyana Running Bear", PERSON),
 ("p", "Mr Seán Ó Briain was reviewed with an interpreter.", "Seán Ó Briain", PERSON),
 ("p", "Mr MacLeod was seen in the stroke unit.", "MacLeod", PERSON),
 ("p", "Mrs Ní Dhomhnaill declined admission.", "Ní Dhomhnaill", PERSON),
 ("p", "Ms Nomvula Khumalo-Ndlovu reports lower back pain.", "Nomvula Khumalo-Ndlovu", PERSON),
 ("p", "Mr Aditya Ramaswamy's wife called.", "Aditya Ramaswamy", PERSON),
 ("p", "Ms Lim Hui Min attended the eye clinic.", "Lim Hui Min", PERSON),
 ("p", "Tan Wei Ling, 36, was referred for thyroid nodules.", "Tan Wei Ling", PERSON),
 ("p", "Mr de Villiers was seen in the pre-op clinic.", "de Villiers", PERSON),
 ("p", "Hi Dr. Ramos, this is Carmen Ortiz, I had my bloodwork done Tuesday.", "Carmen Ortiz", PERSON),
 ("p", "Kia ora, it's Mere Tawhiri again about my mum.", "Mere Tawhiri", PERSON),
 # s. staff after a credential or a role
 ("s", "Discussed with Priya Raman, NP, who agrees with the plan.", "Priya Raman", PERSON),
 ("s", "Charge nurse Tomasz Kowalczyk was informed.", "Tomasz Kowalczyk", PERSON),
 ("s", "Seen by PT: Ngaire Walker.", "Ngaire Walker", PERSON),
 ("s", "RN Keisha Brown administered the dose.", "Keisha Brown", PERSON),
 ("s", "Per pharmacist Hamid Qureshi, renally dose the vancomycin.", "Hamid Qureshi", PERSON),
 ("s", "Social worker Bronwyn Ellis arranged respite care.", "Bronwyn Ellis", PERSON),
 ("s", "Attending: Dr. Oyelaran", "Oyelaran", PERSON),
 ("s", "Case discussed with registrar Dr Sinead Byrne.", "Sinead Byrne", PERSON),
 ("s", "Scribed by L. Fairweather for Dr. Patel.", "L. Fairweather", PERSON),
 ("s", "cc: Mr R. Abernethy, Consultant Urologist", "R. Abernethy", PERSON),
 ("s", "Electronically signed: Anjali Deshpande, MD 03/14", "Anjali Deshpande", PERSON),
 ("s", "Midwife Rangi Parata completed the booking visit.", "Rangi Parata", PERSON),
 ("s", "Dietitian (Chloé Lefebvre, RD) reviewed intake.", "Chloé Lefebvre", PERSON),
 ("s", "Physio Cormac Doherty saw him twice today.", "Cormac Doherty", PERSON),
 ("s", "Wound care by Marisol Vega, LPN.", "Marisol Vega", PERSON),
 ("s", "Paged the on-call resident, Dr. Adebayo, at 0200.", "Adebayo", PERSON),
 ("s", "Interpreter Farida Haidari (Dari) present throughout.", "Farida Haidari", PERSON),
 ("s", "OT Jarrah Williams assessed the home.", "Jarrah Williams", PERSON),
 ("s", "Reviewed with Sister Mary-Kate Dunne on the ward.", "Mary-Kate Dunne", PERSON),
 ("s", "Case manager: Tyrone Jackson, BSW", "Tyrone Jackson", PERSON),
 ("s", "Dr. Hyun-woo Park, PGY-2, placed the line.", "Hyun-woo Park", PERSON),
 ("s", "Prof. Olumide Bankole was consulted.", "Olumide Bankole", PERSON),
 ("s", "Seen by dr. katarzyna nowak (neurology).", "katarzyna nowak", PERSON),
 # a. addresses
 ("a", "Patient lives at 41 orchard lane, apt 3b, with her son.", "41 orchard lane, apt 3b", PLACE),
 ("a", "Moved to 7 Aspen Close, flat 9, last spring.", "7 Aspen Close, flat 9", PLACE),
 ("a", "Her mum lives on Walter Terrace near the shops.", "Walter Terrace", PLACE),
 ("a", "Home is Flat 2/14 Ponsonby Road, Auckland 1011.", "Flat 2/14 Ponsonby Road", PLACE),
 ("a", "Home is Flat 2/14 Ponsonby Road, Auckland 1011.", "1011", PLACE),
 ("a", "Address: Unit 4, 17 Smith St, Parramatta NSW 2150", "Unit 4, 17 Smith St", PLACE),
 ("a", "Address: Unit 4, 17 Smith St, Parramatta NSW 2150", "NSW 2150", PLACE),
 ("a", "Mailing address RR 2, Box 45, Hazel Green, WI 53811.", "RR 2, Box 45", PLACE),
 ("a", "Lives out on Rural Route 3 outside of town.", "Rural Route 3", PLACE),
 ("a", "Send correspondence to PO Box 1123, Alice Springs NT 0871.", "PO Box 1123", PLACE),
 ("a", "Send correspondence to PO Box 1123, Alice Springs NT 0871.", "NT 0871", PLACE),
 ("a", "Correspondence: P.O. Box 552, Whitehorse, YT Y1A 2C6", "P.O. Box 552", PLACE),
 ("a", "Correspondence: P.O. Box 552, Whitehorse, YT Y1A 2C6", "Y1A 2C6", PLACE),
 ("a", "Lives at 3 Cherry Orchard Grove, Dublin D10 X2K4.", "D10 X2K4", PLACE),
 ("a", "Daughter at 19 Albert Mews, London N1 7QP.", "19 Albert Mews", PLACE),
 ("a", "Daughter at 19 Albert Mews, London N1 7QP.", "N1 7QP", PLACE),
 ("a", "Lives on Kowhai Street with her whanau.", "Kowhai Street", PLACE),
 ("a", "Family home is off Victoria Parade in town.", "Victoria Parade", PLACE),
 ("a", "Address: 221 Long Street, Cape Town 8001, South Africa", "221 Long Street", PLACE),
 ("a", "Address: 221 Long Street, Cape Town 8001, South Africa", "8001", PLACE),
 ("a", "Address: Blk 54 Lorong 4 Toa Payoh #08-112, Singapore 310054", "310054", PLACE),
 ("a", "Apartment 12C, 1400 Lakeshore Blvd W, Toronto", "Apartment 12C", PLACE),
 ("a", "Mail goes to HC 64 Box 12, Ely, NV 89301.", "HC 64 Box 12", PLACE),
 ("a", "She lives at Lot 14, Kurrajong Road, Narrabri.", "Lot 14, Kurrajong Road", PLACE),
 ("a", "Discharge to 56 Rue Principale, Gatineau, QC J8X 2B3.", "J8X 2B3", PLACE),
 ("a", "Address 8/22 Beach Rd, Bondi NSW 2026", "8/22 Beach Rd", PLACE),
 ("a", "Home address: 5 The Paddocks, Little Wittenham, Oxon OX14 4RA", "5 The Paddocks", PLACE),
 ("a", "Home address: 5 The Paddocks, Little Wittenham, Oxon OX14 4RA", "OX14 4RA", PLACE),
 ("a", "Currently staying at 12 Marine Parade, Napier 4110.", "12 Marine Parade", PLACE),
 ("a", "Lives at Ste 300, 45 Bay St, Toronto ON M5J 2X2.", "M5J 2X2", PLACE),
 ("a", "Home: 2207 W Division St #3R, Chicago, IL 60622", "2207 W Division St #3R", PLACE),
 ("a", "Address: Plot 12, Kampala Road, Kampala.", "Plot 12, Kampala Road", PLACE),
 ("a", "Her address: 15 Adeola Odeku Street, Victoria Island, Lagos.", "15 Adeola Odeku Street", PLACE),
 ("a", "She moved from france in 2019.", "france", COUNTRY),
 ("a", "Family is from Sao Tome and Principe.", "Sao Tome and Principe", COUNTRY),
 ("a", "He visited Antigua and Barbuda last month.", "Antigua and Barbuda", COUNTRY),
 ("a", "Lives at 10 Downing Cres, Apt. 2, Moncton, NB E1C 4P2", "10 Downing Cres, Apt. 2", PLACE),
 ("a", "Lives at 10 Downing Cres, Apt. 2, Moncton, NB E1C 4P2", "E1C 4P2", PLACE),
 ("a", "Address: 14 Saint Patrick St, Cork T12 YX56", "T12 YX56", PLACE),
 ("a", "Second-floor flat at 9 Gordon Street, Glasgow G1 3PW.", "9 Gordon Street", PLACE),
 ("a", "Second-floor flat at 9 Gordon Street, Glasgow G1 3PW.", "G1 3PW", PLACE),
 # w. employers
 ("w", "She is a teller at Chase.", "Chase", INST),
 ("w", "He stacks shelves at Woolworths.", "Woolworths", INST),
 ("w", "Works part-time at Tesco on the tills.", "Tesco", INST),
 ("w", "He works for Fonterra at the Hamilton plant.", "Fonterra", INST),
 ("w", "She is an auditor with Deloitte.", "Deloitte", INST),
 ("w", "He drives for Uber most evenings.", "Uber", INST),
 ("w", "Employed by Canadian Tire as a mechanic.", "Canadian Tire", INST),
 ("w", "Works as a cleaner at Sainsbury's.", "Sainsbury's", INST),
 ("w", "She works at COSTCO in the bakery.", "COSTCO", INST),
 ("w", "He is employed by telstra as a technician.", "telstra", INST),
 ("w", "Employer: Brightwater Plumbing Ltd", "Brightwater Plumbing Ltd", INST),
 ("w", "She does the books for Ngata Builders.", "Ngata Builders", INST),
 ("w", "He was laid off from Alcoa last year.", "Alcoa", INST),
 ("w", "She is a receptionist at Harcourts Real Estate.", "Harcourts Real Estate", INST),
 ("w", "He works at Infosys in Bengaluru.", "Infosys", INST),
 # j. professions
 ("j", "She is a high school chemistry teacher.", "chemistry teacher", PROF),
 ("j", "He is a teller at a local bank.", "teller", PROF),
 ("j", "Occupation: panel beater", "panel beater", PROF),
 ("j", "Works as a boilermaker in the shipyard.", "boilermaker", PROF),
 ("j", "She is a dairy farmer near Morrinsville.", "dairy farmer", PROF),
 ("j", "He is a retired coal miner with COPD.", "coal miner", PROF),
 ("j", "She works as a nanny for two families.", "nanny", PROF),
 ("j", "He is a chartered accountant.", "chartered accountant", PROF),
 ("j", "She is a phlebotomist at the hospital lab.", "phlebotomist", PROF),
 ("j", "He is a stevedore at the port.", "stevedore", PROF),
 ("j", "Former merchant seaman, now retired.", "merchant seaman", PROF),
 ("j", "She is an early childhood educator.", "early childhood educator", PROF),
 ("j", "Works as a scaffolder.", "scaffolder", PROF),
 ("j", "He is a line cook at a diner.", "line cook", PROF),
 ("j", "She is a Year 6 teacher at the local primary.", "teacher", PROF),
 ("j", "He is a plasterer by trade.", "plasterer", PROF),
 ("j", "She is a community health worker.", "community health worker", PROF),
 ("j", "He is a sous chef.", "sous chef", PROF),
 ("j", "Works as an Uber Eats courier.", "courier", PROF),
 ("j", "She is a veterinary nurse.", "veterinary nurse", PROF),
 ("j", "He is an Anglican priest.", "priest", PROF),
 # n. institutions by acronym or short name
 ("n", "Transferred to MGH for ECMO.", "MGH", INST),
 ("n", "She had her surgery at UCSF in 2021.", "UCSF", INST),
 ("n", "Follow-up with oncology at Sloan Kettering.", "Sloan Kettering", INST),
 ("n", "He was born at Addenbrooke's.", "Addenbrooke's", INST),
 ("n", "Retrieved to the Alfred after the crash.", "Alfred", INST),
 ("n", "Seen at RPA last year for gallstones.", "RPA", INST),
 ("n", "Referred to Groote Schuur for cardiology.", "Groote Schuur", INST),
 ("n", "She was treated at AIIMS Delhi.", "AIIMS", INST),
 ("n", "Admitted to Tan Tock Seng with dengue.", "Tan Tock Seng", INST),
 ("n", "Her baby was transferred to Starship.", "Starship", INST),
 ("n", "Reviewed at SickKids in 2018.", "SickKids", INST),
 ("n", "Outpatient MRI at Sunnybrook.", "Sunnybrook", INST),
 ("n", "Records from the Mater have been requested.", "Mater", INST),
 ("n", "He had a CABG at Mayo in 2015.", "Mayo", INST),
 ("n", "She was seen at CHOP for her asthma.", "CHOP", INST),
 ("n", "Followed by hepatology at Mass General.", "Mass General", INST),
 ("n", "Discharged from Middlemore on Friday.", "Middlemore", INST),
 ("n", "Had chemo at Peter Mac.", "Peter Mac", INST),
 ("n", "Transferred from Tygerberg last night.", "Tygerberg", INST),
 ("n", "Her bloods were done at LabCorp.", "LabCorp", INST),
 ("n", "He studies at UCLA.", "UCLA", INST),
 ("n", "She is studying at Monash.", "Monash", INST),
 ("n", "Seen at Barnes-Jewish for a second opinion.", "Barnes-Jewish", INST),
 ("n", "Previously under the care of Guy's renal team.", "Guy's", INST),
 ("n", "MRI done at Kaiser Roseville.", "Kaiser Roseville", INST),
 ("n", "Admitted to the Royal Free with jaundice.", "Royal Free", INST),
]

NEG = [
 # eponyms
 ("e", "Known Parkinson disease on Sinemet.", "Parkinson", NONE),
 ("e", "History of Crohn's disease with ileal resection.", "Crohn's", NONE),
 ("e", "Hodgkin lymphoma in remission.", "Hodgkin", NONE),
 ("e", "Foley catheter removed this morning.", "Foley", NONE),
 ("e", "Bell's palsy on the left, improving.", "Bell's", NONE),
 ("e", "Murphy's sign negative.", "Murphy's", NONE),
 ("e", "Tinel sign positive at the wrist.", "Tinel", NONE),
 ("e", "Screened for Wilson disease.", "Wilson", NONE),
 ("e", "Down syndrome with AV canal repair.", "Down", NONE),
 ("e", "Guillain-Barré syndrome ruled out.", "Guillain-Barré", NONE),
 ("e", "Whipple procedure in 2019.", "Whipple", NONE),
 ("e", "Swan-Ganz catheter placed.", "Swan-Ganz", NONE),
 ("e", "Baker's cyst on ultrasound.", "Baker's", NONE),
 ("e", "Addison's disease on hydrocortisone.", "Addison's", NONE),
 ("e", "Graves disease treated with radioiodine.", "Graves", NONE),
 ("e", "Babinski upgoing on the right.", "Babinski", NONE),
 ("e", "Cushing's triad absent.", "Cushing's", NONE),
 ("e", "Kaposi sarcoma lesions on the legs.", "Kaposi", NONE),
 ("e", "Hashimoto's thyroiditis on levothyroxine.", "Hashimoto's", NONE),
 ("e", "Barrett's oesophagus on surveillance.", "Barrett's", NONE),
 ("e", "Colles fracture of the left wrist.", "Colles", NONE),
 ("e", "Romberg negative, gait steady.", "Romberg", NONE),
 # drugs and devices
 ("d", "Continue Keppra 500 mg bd.", "Keppra", NONE),
 ("d", "On Eliquis for AF.", "Eliquis", NONE),
 ("d", "Lantus 20 units at night.", "Lantus", NONE),
 ("d", "Augmentin for 7 days.", "Augmentin", NONE),
 ("d", "Zofran PRN for nausea.", "Zofran", NONE),
 ("d", "Started Jardiance last month.", "Jardiance", NONE),
 ("d", "Xarelto held for surgery.", "Xarelto", NONE),
 ("d", "Ventolin 2 puffs PRN.", "Ventolin", NONE),
 ("d", "Panadol Osteo for knee pain.", "Panadol Osteo", NONE),
 ("d", "Dexcom G6 sensor changed.", "Dexcom", NONE),
 ("d", "Omnipod site rotated.", "Omnipod", NONE),
 ("d", "PICC line in right basilic.", "PICC", NONE),
 ("d", "Mirena inserted two years ago.", "Mirena", NONE),
 ("d", "Bair Hugger applied in recovery.", "Bair Hugger", NONE),
 ("d", "Uses a Zimmer frame at home.", "Zimmer", NONE),
 ("d", "Walks with a walker.", "walker", NONE),
 ("d", "PleurX drain in situ.", "PleurX", NONE),
 # measurements
 ("m", "Hb 102 g/L, plt 210.", "102", NONE),
 ("m", "SpO2 94% on RA.", "94%", NONE),
 ("m", "Wound 3 x 2 cm, clean.", "3 x 2 cm", NONE),
 ("m", "Temp 38.2, RR 22.", "38.2", NONE),
 ("m", "eGFR 45 mL/min/1.73m2.", "45", NONE),
 ("m", "Picked up from the pharmacy on Main St, 2000 units of vitamin D daily.", "2000 units", NONE),
 ("m", "Seen at 12 Elm Rd, 1000 units of heparin given.", "1000 units", NONE),
 # section headers
 ("h", "HISTORY OF PRESENT ILLNESS: 58-year-old with chest pain.", "HISTORY OF PRESENT ILLNESS", NONE),
 ("h", "Assessment and Plan: as below.", "Assessment and Plan", NONE),
 ("h", "Social History: nonsmoker.", "Social History", NONE),
 ("h", "Family History: father with MI.", "Family History", NONE),
 ("h", "Review of Systems: negative.", "Review of Systems", NONE),
 ("h", "Disposition: home with family.", "Disposition", NONE),
 ("h", "Chief Complaint: chest pain.", "Chief Complaint", NONE),
 # common words, roles and units that look like names, places, firms or jobs
 ("c", "Will follow up in two weeks.", "Will", NONE),
 ("c", "Patient seen in March for review.", "March", DATE),
 ("c", "Hope to wean oxygen tomorrow.", "Hope", NONE),
 ("c", "Brown discharge per vagina noted.", "Brown", NONE),
 ("c", "Grant application for home care submitted.", "Grant", NONE),
 ("c", "Bill sent to insurer.", "Bill", NONE),
 ("c", "Able to cook and clean independently.", "cook", NONE),
 ("c", "Mark on the left shin from the fall.", "Mark", NONE),
 ("c", "Close follow-up with GP.", "Close", NONE),
 ("c", "Flat T waves in V4-V6.", "Flat", NONE),
 ("c", "Back on the unit after CT.", "unit", NONE),
 ("c", "Court-ordered treatment under the Mental Health Act.", "Court", NONE),
 ("c", "Main concern is pain control.", "Main", NONE),
 ("c", "Faith is important to her; chaplain visited.", "Faith", NONE),
 ("c", "Terrace of the house has steps; uses a rail.", "Terrace", NONE),
 ("c", "Rose from chair without help.", "Rose", NONE),
 ("c", "Chase the potassium result later.", "Chase", NONE),
 ("c", "Nurse to check obs at 2200.", "Nurse", NONE),
 ("c", "Discussed at MDT on Tuesday.", "MDT", NONE),
 ("c", "Follow up with GP in 1 week.", "GP", NONE),
 ("c", "Referred to OT and PT.", "OT", NONE),
 ("c", "Booked for the ENT clinic.", "ENT", NONE),
 ("c", "Transferred to ICU overnight.", "ICU", NONE),
 ("c", "Lives with wife in a two-storey house.", "two-storey house", NONE),
 ("c", "Nil by mouth from midnight.", "Nil", NONE),
 ("c", "He works hard and sleeps poorly.", "hard", NONE),
 ("c", "Sunny disposition, engaged in the interview.", "Sunny", NONE),
 ("c", "Sister on the ward informed.", "Sister", NONE),
 ("c", "Seen in the Emergency Department overnight.", "Emergency Department", NONE),
 ("c", "Shelves of medication boxes at home.", "Shelves", NONE),
 ("c", "Young adult with asthma.", "Young", NONE),
]


def _copies(rows: list) -> list:
    """Every probe as written, in capitals and in lower case; the case is appended as the last field."""
    out = []
    for fam, text, sub, labels in rows:
        for case, fn in (("as written", str), ("upper", str.upper), ("lower", str.lower)):
            out.append((fam, fn(text), fn(sub), labels, case))
    return out


def covered(text: str, sub: str, spans: list, labels: frozenset) -> bool:
    """Every character of ``sub`` (spaces and ".,'" aside) lies in a span of one of ``labels``."""
    i = text.find(sub)
    return all(any(a <= k < b and lab in labels for a, b, lab in spans)
               for k in range(i, i + len(sub)) if not text[k].isspace() and text[k] not in ".,'")


def touching(text: str, sub: str, spans: list, allowed: frozenset) -> list:
    """The spans outside ``allowed`` that touch ``sub``."""
    i = text.find(sub)
    return [(text[a:b], lab) for a, b, lab in spans if a < i + len(sub) and b > i and lab not in allowed]


def _spans(text: str) -> list:
    return [(s.start, s.end, s.label) for s in phisift.detect(text)]


def score(pos: list, neg: list, verbose: bool) -> dict:
    """Per family and case: [positives found, positives, negatives clean, negatives]."""
    stat: dict = defaultdict(lambda: [0, 0, 0, 0])
    for fam, text, sub, labels, case in _copies(pos):
        spans = _spans(text)
        ok = covered(text, sub, spans, labels)
        stat[fam, case][0] += ok
        stat[fam, case][1] += 1
        if verbose or not ok:
            print("found" if ok else "MISS ", fam, repr(text), repr(sub), [(text[a:b], l) for a, b, l in spans])
    for fam, text, sub, allowed, case in _copies(neg):
        bad = touching(text, sub, _spans(text), allowed)
        stat[fam, case][2] += not bad
        stat[fam, case][3] += 1
        if verbose or bad:
            print("clean" if not bad else "FP   ", fam, repr(text), bad)
    return stat


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="print every probe")
    args = parser.parse_args(argv)
    stat = score(POS, NEG, args.verbose)
    cases = ("as written", "upper", "lower")
    for fam in sorted({f for f, _ in stat}):
        row = ", ".join(f"{case} {stat[fam, case][0]}/{stat[fam, case][1]} found "
                        f"{stat[fam, case][2]}/{stat[fam, case][3]} clean" for case in cases)
        print(f"family {fam}: {row}")
    for case in cases:
        tot = [sum(v[k] for (_, c), v in stat.items() if c == case) for k in range(4)]
        print(f"{case}: positives found {tot[0]}/{tot[1]}, negatives clean {tot[2]}/{tot[3]}")


if __name__ == "__main__":
    main()
