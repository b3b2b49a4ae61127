"""Hand-written probe sentences of session 29, second helper (issue 15: PHI in text we did not write).

    python bench/probes_s29b.py            # the default pipeline
    python bench/probes_s29b.py -v         # every probe, found or not

The families of issue 15 that bench/probes_s29.py left out, our own sentences in clinical context
(discharge summaries, nurse notes, referral letters, patient messages): (h) addresses (apartment and
unit parts, a street without a house number, streets named like people, two-letter state codes that
are words, long country names, postcodes and multi-line addresses abroad), (i) ages in words and
dates (lower-case month abbreviations, "the 20th of May", ISO date-times, holidays and seasons with a
year), (j) numbers that must stay untouched (blood pressures, pain scores, acuity, gases, doses, lab
values, times, gestational ages, versions), (k) identifiers by their shape alone (letter-prefixed and
mixed IDs kept whole, handles, plates, MAC addresses, IBANs, coordinates, IPv6, VINs), (l) professions
in context. Every probe runs as written, in capitals and in lower case (issue 15.3): a positive is
found when every character of its PHI (spaces and ".," aside) is covered by a span of its label group;
a negative is clean when no span touches its words. No PHI: every name, number and place is invented.
"""

from __future__ import annotations

import argparse

from probe_harness import print_table, score

PLACE = frozenset({"STREET", "CITY", "STATE", "ZIP", "COUNTRY", "LOCATION", "LOCATION-OTHER"})
DATE = frozenset({"DATE"})
AGE = frozenset({"AGE"})
IDS = frozenset({"IDNUM", "MEDICALRECORD", "ACCOUNT", "LICENSE", "VEHICLE", "DEVICE", "BIOID",
                 "HEALTHPLAN", "SSN", "URL", "IPADDR", "USERNAME", "LOCATION", "LOCATION-OTHER"})
USER = frozenset({"USERNAME"})
PROF = frozenset({"PROFESSION"})

#: First batch, written before any fix (the figures in the commit that added this file are of main).
POS = [
 # h. addresses
 ("h", "Home address: 2837 Miller Dam Apt. 450, Lake Sarah, TX 75001.", "2837 Miller Dam Apt. 450", PLACE),
 ("h", "She moved to 41 Orchard Lane, Apt 3B last month.", "41 Orchard Lane, Apt 3B", PLACE),
 ("h", "Lives at 118 Harbour Road, Flat 2, with her daughter.", "118 Harbour Road, Flat 2", PLACE),
 ("h", "Mailing address is 900 Commerce Pkwy Suite 210, Dayton, OH 45402.", "900 Commerce Pkwy Suite 210", PLACE),
 ("h", "Patient lives at 77 Birch St Unit 12 with two roommates.", "77 Birch St Unit 12", PLACE),
 ("h", "He lives on Alex Curve with his wife.", "Alex Curve", PLACE),
 ("h", "She lives on Hawthorne Crescent near the school.", "Hawthorne Crescent", PLACE),
 ("h", "Social: lives at 14 Barbara Flat, Newtown, alone.", "14 Barbara Flat", PLACE),
 ("h", "Address: 52 Gregory Knolls, Port Annette, WA 98101", "52 Gregory Knolls", PLACE),
 ("h", "Forward records to 300 Main St, Fort Wayne, IN 46802.", "IN 46802", PLACE),
 ("h", "Her sister lives at 12 Elm Rd, Portland, ME 04101.", "ME 04101", PLACE),
 ("h", "Mail to 5 Bay Ct, Annapolis, MD 21401 please.", "MD 21401", PLACE),
 ("h", "Prior address 8 Pine Ave, Salem, OR 97301.", "OR 97301", PLACE),
 ("h", "He was born in Saint Vincent and the Grenadines and moved here at 20.", "Saint Vincent and the Grenadines", PLACE),
 ("h", "Family emigrated from Bosnia and Herzegovina in 1995.", "Bosnia and Herzegovina", PLACE),
 ("h", "She recently travelled to Trinidad and Tobago.", "Trinidad and Tobago", PLACE),
 ("h", "Referral from 22 Kingsway, Leeds LS6 2QB.", "LS6 2QB", PLACE),
 ("h", "Letter copied to her GP at 4 Mill Lane, Cambridge CB2 1RX, United Kingdom.", "CB2 1RX", PLACE),
 ("h", "Returning to 1450 Rue Sherbrooke, Montreal, QC H3G 1K5 after discharge.", "H3G 1K5", PLACE),
 ("h", "Daughter's address: 17 Wattle St, Fitzroy VIC 3065, Australia.", "VIC 3065", PLACE),
 ("h", "Brother lives at Hauptstraße 12, 10115 Berlin.", "Hauptstraße 12", PLACE),
 ("h", "Brother lives at Hauptstraße 12, 10115 Berlin.", "10115", PLACE),
 ("h", "Send report to Flat 3, 21 MG Road, Bengaluru 560001, India.", "560001", PLACE),
 ("h", "Next of kin:\nMrs A. Patel\n21 Church Street\nReading\nRG1 2AB\nUnited Kingdom", "RG1 2AB", PLACE),
 ("h", "Next of kin:\nMrs A. Patel\n21 Church Street\nReading\nRG1 2AB\nUnited Kingdom", "21 Church Street", PLACE),
 # i. ages in words and dates
 ("i", "She is a ninety-seven-year-old woman admitted with a fall.", "ninety-seven", AGE),
 ("i", "A seventy-two year old man presents with dyspnea.", "seventy-two", AGE),
 ("i", "Patient, aged seventy, lives alone.", "seventy", AGE),
 ("i", "My mum is eighty-four and keeps falling.", "eighty-four", AGE),
 ("i", "Last seen on 14 mar 2021 in clinic.", "14 mar 2021", DATE),
 ("i", "Colonoscopy done sept 3, 2019, normal.", "sept 3, 2019", DATE),
 ("i", "Her last period began on the 20th of May.", "20th of May", DATE),
 ("i", "Surgery was on the 3rd of January 2022.", "3rd of January 2022", DATE),
 ("i", "Message received 2026-02-09T22:50:00Z from the patient.", "2026-02-09T22:50:00Z", DATE),
 ("i", "Sample collected 2025-11-03T08:15 and sent to lab.", "2025-11-03T08:15", DATE),
 ("i", "He was last admitted around Christmas 2019.", "Christmas 2019", DATE),
 ("i", "Fell at home on Thanksgiving Day 2021 and broke her wrist.", "Thanksgiving Day 2021", DATE),
 ("i", "Started insulin in the spring of 2018.", "spring of 2018", DATE),
 ("i", "Symptoms began in summer 2020.", "summer 2020", DATE),
 ("i", "Diagnosed in fall 2017 after a screening.", "fall 2017", DATE),
 # k. identifiers by shape
 ("k", "Please quote Ref #W655-377-8207 when calling back.", "W655-377-8207", IDS),
 ("k", "Driver licence D123-4567-8901 was copied at registration.", "D123-4567-8901", IDS),
 ("k", "Biometric template BIO-FP-a3f8c2e1d5 was enrolled.", "BIO-FP-a3f8c2e1d5", IDS),
 ("k", "Claim reference CLM-2024-0098812 is pending.", "CLM-2024-0098812", IDS),
 ("k", "Messaged by johnsmith88 through the portal.", "johnsmith88", USER),
 ("k", "Her daughter posts as @katie_runs_42 on social media.", "@katie_runs_42", IDS),
 ("k", "Car with plate 7ABC123 was parked in the ambulance bay.", "7ABC123", IDS),
 ("k", "Pump MAC 00:1A:2B:3C:4D:5E lost connection.", "00:1A:2B:3C:4D:5E", IDS),
 ("k", "Refund to IBAN DE89 3704 0044 0532 0130 00 was approved.", "DE89 3704 0044 0532 0130 00", IDS),
 ("k", "Refund to GB29NWBK60161331926819 was approved.", "GB29NWBK60161331926819", IDS),
 ("k", "Found unresponsive at 40.7128, -74.0060 by EMS.", "40.7128, -74.0060", IDS),
 ("k", "Telehealth login from 2001:db8:85a3::8a2e:370:7334 failed.", "2001:db8:85a3::8a2e:370:7334", IDS),
 ("k", "Vehicle 1HGCM82633A004352 was involved in the collision.", "1HGCM82633A004352", IDS),
 # l. professions in context
 ("l", "She is an HR Specialist at a hospital network.", "HR Specialist", PROF),
 ("l", "He is a retired postal worker.", "postal worker", PROF),
 ("l", "Works as a paralegal downtown.", "paralegal", PROF),
 ("l", "She works as a dental hygienist.", "dental hygienist", PROF),
 ("l", "Former long-time bus driver, now on disability.", "bus driver", PROF),
 ("l", "He is a software engineer and works from home.", "software engineer", PROF),
 ("l", "Occupation: pharmacy technician.", "pharmacy technician", PROF),
 ("l", "Her husband is a firefighter.", "firefighter", PROF),
 ("h", "Discharged home to 9 Rosemary Gardens, Flat 14, Dundee DD1 4HN.", "Flat 14", PLACE),
 ("h", "Moved into unit 5, 230 Queen St, Brisbane QLD 4000 last year.", "QLD 4000", PLACE),
 ("h", "Her son lives on Margaret Way and visits daily.", "Margaret Way", PLACE),
 ("h", "Pt walked from Walter Terrace to the ED.", "Walter Terrace", PLACE),
 ("h", "New address 61 Dover Rd #4, Kolonia, FM 96941.", "FM 96941", PLACE),
 ("h", "Mother lives at PO Box 88, Majuro, MH 96960.", "MH 96960", PLACE),
 ("h", "Contact via 3 Ocean Dr, Koror, PW 96940.", "PW 96940", PLACE),
 ("h", "Originally from the Democratic Republic of the Congo.", "Democratic Republic of the Congo", PLACE),
 ("h", "Her parents live in Papua New Guinea.", "Papua New Guinea", PLACE),
 ("h", "Address on file:\n25 Maple Avenue\nToronto, ON M5V 2T6\nCanada", "M5V 2T6", PLACE),
 ("h", "Address on file:\n25 Maple Avenue\nToronto, ON M5V 2T6\nCanada", "25 Maple Avenue", PLACE),
 ("h", "Previously lived at Lindenweg 7, 80331 München, Germany.", "80331", PLACE),
 ("h", "Previously lived at Lindenweg 7, 80331 München, Germany.", "Lindenweg 7", PLACE),
 ("h", "Referred from 14/2 Park Street, Kolkata 700016.", "700016", PLACE),
 ("i", "At ninety-one she still lives independently.", "ninety-one", AGE),
 ("i", "My dad, who is seventy eight, fell last night.", "seventy eight", AGE),
 ("i", "Seen 03 feb 2022 and again 7 jun 2022.", "7 jun 2022", DATE),
 ("i", "Mammogram dec 2020 was normal.", "dec 2020", DATE),
 ("i", "Seen on Easter Sunday 2023 for chest pain.", "Easter Sunday 2023", DATE),
 ("i", "Admitted New Year's Eve 2018 with DKA.", "New Year's Eve 2018", DATE),
 ("i", "Hip fracture in winter of 2015.", "winter of 2015", DATE),
 ("i", "She wrote on the 2nd of March at night.", "2nd of March", DATE),
 ("i", "Event logged at 2024-06-30 14:22:05 UTC.", "2024-06-30 14:22:05", DATE),
 ("k", "Appointment ref AB-77421-X confirmed by text.", "AB-77421-X", IDS),
 ("k", "Member ID XKJ448210937 on the insurance card.", "XKJ448210937", IDS),
 ("k", "Message from user maria.gonzalez1987 in the portal.", "maria.gonzalez1987", USER),
 ("k", "His plate is KX19 ABC according to security.", "KX19 ABC", IDS),
 ("k", "Device MAC 3c-52-82-1f-9a-0b registered.", "3c-52-82-1f-9a-0b", IDS),
 ("k", "Pickup at 51.5074 N, 0.1278 W arranged.", "51.5074 N, 0.1278 W", IDS),
 ("k", "Access from fe80::1ff:fe23:4567:890a noted in audit.", "fe80::1ff:fe23:4567:890a", IDS),
 ("l", "He works as a long-haul truck driver.", "truck driver", PROF),
 ("l", "She is a Senior Account Manager at a bank.", "Account Manager", PROF),
 ("l", "Retired schoolteacher, lives with husband.", "schoolteacher", PROF),
 ("l", "He is employed as a warehouse associate.", "warehouse associate", PROF),
 ("l", "She was a nurse's aide for 20 years.", "nurse's aide", PROF),
 ("l", "Works as a certified nursing assistant at a nursing home.", "certified nursing assistant", PROF),
]
NEG = [ ("h", "Flat affect, poor eye contact.", "Flat"),
 ("h", "Patient is in ME/CFS clinic follow-up.", "ME"),
 ("h", "He has been IN 2 prior programs.", "IN"),
 ("h", "Unit 2 of PRBCs transfused.", "Unit 2"),
 ("h", "Suite of tests ordered.", "Suite"),
 ("h", "Curve of spine is normal.", "Curve"),
 ("h", "OR 1.8 (95% CI 1.2-2.7).", "OR 1.8"),
 ("j", "BP 120/80, HR 72.", "120/80"),
 ("j", "Pain 7/10 in the left knee.", "7/10"),
 ("j", "Visual acuity 20/40 OD, 20/25 OS.", "20/40"),
 ("j", "ABG 7.35/45/80 on 2 L.", "7.35/45/80"),
 ("j", "Metoprolol 25 mg twice daily.", "25 mg"),
 ("j", "Na 138, K 4.1, Cr 1.2, glucose 104.", "138"),
 ("j", "FEV1/FVC ratio 0.65.", "0.65"),
 ("j", "Seen at 14:30, vitals stable.", "14:30"),
 ("j", "G2P1 at 32+4 weeks gestation.", "32+4"),
 ("j", "Software version 2.4.1 on the pump.", "2.4.1"),
 ("j", "Strength 5/5 in all extremities.", "5/5"),
 ("j", "Reflexes 2+ bilaterally.", "2+"),
 ("j", "Insulin sliding scale 2 units per 50 mg/dL over 150.", "150"),
 ("j", "Weighs 72.4 kg, BMI 24.1.", "72.4"),
 ("j", "INR 2.3 on warfarin 5 mg.", "2.3"),
 ("j", "A 2 x 3 cm lesion.", "2 x 3"),
 ("i", "Fall risk is high.", "Fall"),
 ("i", "Spring-loaded device checked.", "Spring"),
 ("i", "may take 2 tabs as needed.", "may"),
 ("k", "Follow-up CT-A-3 protocol completed.", "CT-A-3"),
 ("k", "HbA1c 7.2%, eGFR 58.", "HbA1c"),
 ("k", "Started on COVID-19 precautions.", "COVID-19"),
 ("l", "He works at his own pace.", "pace"),
 ("l", "She is a good historian.", "historian"),
 ("l", "Postal code unknown.", "Postal"),
 ("h", "Apt to fall; uses a walker.", "Apt"),
 ("h", "MD to follow up in 2 weeks.", "MD"),
 ("h", "PW 20 ms on the echo.", "PW"),
 ("h", "The curve of Spee is flat.", "flat"),
 ("h", "Seen with her daughter Barbara on the unit.", "unit"),
 ("j", "BP 142/88 sitting, 138/84 standing.", "138/84"),
 ("j", "Glasgow Coma Scale 14/15.", "14/15"),
 ("j", "Apgars 8/9.", "8/9"),
 ("j", "Given 1/2 tab at bedtime.", "1/2"),
 ("j", "Titer 1:160, positive.", "1:160"),
 ("j", "Baby born at 36+2 weeks, 2.9 kg.", "36+2"),
 ("j", "PEEP 5, FiO2 0.40, TV 450.", "450"),
 ("j", "Lipids: TC 210, LDL 130, HDL 45, TG 175.", "130"),
 ("j", "ICD-10 code I10 entered.", "I10"),
 ("j", "Nephrostomy output 350 mL over 8 h.", "350"),
 ("i", "Fall precautions in place.", "Fall"),
 ("i", "Mar 2+ edema noted.", "2+"),
 ("k", "Started on HCTZ 12.5 mg.", "HCTZ"),
 ("k", "SARS-CoV-2 PCR negative.", "SARS-CoV-2"),
 ("k", "Lead V1-V3 changes.", "V1-V3"),
 ("l", "Driver of the car was restrained.", "Driver"),
 ("l", "Engineer the discharge plan with family.", "Engineer"),
]


#: Second batch, written after the fixes of the first (a check that they carry over to new sentences).
SECOND_POS = [
 ("h", "She lives on Gloria Lane with her partner.", "Gloria Lane", PLACE),
 ("h", "Her mother resides off Dennis Row near the park.", "Dennis Row", PLACE),
 ("h", "Moved to 7 Aspen Close, flat 9, in March.", "7 Aspen Close, flat 9", PLACE),
 ("h", "Discharge letter to 310 Ridge Rd Suite 5B, Boise, ID 83702.", "310 Ridge Rd Suite 5B", PLACE),
 ("h", "His son lives at 88 King St W, Ottawa, ON K1P 5N2.", "K1P 5N2", PLACE),
 ("h", "Sister's address: Bahnhofstrasse 21, 8001 Zürich, Switzerland.", "8001", PLACE),
 ("h", "Referred by a GP at 9 Link Road, Chennai 600034.", "600034", PLACE),
 ("h", "Originally from Hyderabad 500081, India, moved here in 2010.", "500081", PLACE),
 ("i", "At eighty-eight he still drives to church.", "eighty-eight", AGE),
 ("i", "Widowed at 67, at 80 she moved into assisted living.", "80", AGE),
 ("i", "Hysterectomy in the autumn of 2016.", "autumn of 2016", DATE),
 ("i", "Knee replaced in summer of 2019.", "summer of 2019", DATE),
 ("k", "Last known position 34.0522 N, 118.2437 W per EMS.", "34.0522 N, 118.2437 W", IDS),
]
SECOND_NEG = [
 ("j", "BP 98/60 supine, improved with fluids.", "98/60"),
 ("j", "VBG 7.31/52 on arrival.", "7.31/52"),
 ("j", "GCS 15/15, pupils equal.", "15/15"),
 ("j", "Apgars 9/9 at delivery.", "9/9"),
 ("i", "Jan 3+ reflexes noted.", "Jan 3"),
 ("i", "At 10 she called the nurse.", "10"),
 ("i", "At 150 mg she felt dizzy.", "150"),
 ("h", "She lives with Gloria Lane, her daughter.", "with"),
 ("h", "Given 2 units at 4 Elm Rd, 2000 units total.", "2000 units"),
 ("h", "Heparin drip, total 250000 units given.", "250000"),
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="print every probe")
    args = parser.parse_args(argv)
    for name, pos, neg in (("first batch", POS, NEG), ("second batch", SECOND_POS, SECOND_NEG)):
        print_table(score(pos, [(*row, frozenset()) for row in neg], args.verbose), prefix=f"{name}, ")


if __name__ == "__main__":
    main()
