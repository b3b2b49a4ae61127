"""Record printings of the sixth tune batch (issue 15, bench/records_tune_r6.py tune_r6 only):

X12 segments ("NM1*IL*1*RICE*AMBER****MI*OD0929559~", "REF*6P*37850-771~", "N3*589 TREVOR TURNPIKE~",
"N4*DENVER*CO*80202~"); plates and driver's licences with their issuing state ("Plate # / State: HUD L53 / FL",
"Driver's License # / State: 43 779 113 / PA", "2016 Ram 1500, IL MK 02353", "tag DWY 361/KY", "012 HNN (FL)",
"blue, lic XMB 050", "Driver License, MI #W 617 592 184 674", "Issuing state: PA  Number: 40 164 082", a plate
table's state column); a census row's "F/54" after a tab; crew names before a bracketed credential
("J. Duncan (EMT-P)").

Negatives: prose with asterisks and "REF" that is no segment, a provider segment's payer ID, two capitals
beside lab values, doses and dates ("HGB 12.1 / PA"), a plate shape on a line naming no vehicle ("lot 12345
(CA)"), phone-like and date numbers after "lic", section headers, blood pressures after a tab, organisms
before a bracket ("E. coli (MRSA)").
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # X12 271 segments
        ("NM1*PR*2*AETNA*****PI*60054~\nNM1*IL*1*RICE*AMBER****MI*OD0929559~\n", ("RICE", "PATIENT")),
        ("NM1*PR*2*AETNA*****PI*60054~\nNM1*IL*1*RICE*AMBER****MI*OD0929559~\n", ("AMBER", "PATIENT")),
        ("NM1*IL*1*BANKS*NANCY****MI*A31738915~REF*6P*37850-771*GROUP NAME~\n", ("37850-771", "HEALTHPLAN")),
        ("REF*6P*7924MF~\nN3*7760 ALLEN EXTENSION SUITE 780~\n", ("7924MF", "HEALTHPLAN")),
        ("N3*41 OAK ST~N4*DENVER*CO*80202~\n", ("DENVER", "CITY")),
        ("NM1*IL*1*DODD*CLAIRE****MI*J23538073~\nN3*12 GABRIEL RUE~\n", ("12 GABRIEL RUE", "STREET")),
        # plates and licences with their state
        ("Plate # / State: HUD L53 / FL\n", ("HUD L53", "VEHICLE")),
        ("Plate # / State: HUD L53 / FL\n", ("FL", "STATE")),
        ("Driver's License # / State: 43 779 113 / PA\nDate of accident: 12/09/2016\n", ("43 779 113", "LICENSE")),
        ("Driver's License # / State: J674-888-42-375-5 / FL\n", ("J674-888-42-375-5", "LICENSE")),
        ("VEH2 - 2016 Ram 1500, IL MK 02353, heavy front-end damage\n", ("MK 02353", "VEHICLE")),
        ("VEH2 - 2016 Ram 1500, IL MK 02353, heavy front-end damage\n", ("IL", "STATE")),
        ("Veh 1: 2017 Nissan Altima, tag DWY 361/KY - airbags deployed\n", ("DWY 361", "VEHICLE")),
        ("Veh 1: 2017 Nissan Altima, tag DWY 361/KY - airbags deployed\n", ("KY", "STATE")),
        ("Vehicle #1: 2015 Honda Civic, 012 HNN (FL)\n", ("012 HNN", "VEHICLE")),
        ("Veh 1: 2022 Kia Sorento, blue, lic XMB 050, heavy front-end damage\n", ("XMB 050", "VEHICLE")),
        ("Veh 1: 2022 Kia Sorento, CA 5FMA524, driver side intrusion\n", ("CA", "STATE")),
        ("Primary ID: Driver License, MI #W 617 592 184 674  Exp 08/10/2026\n", ("W 617 592 184 674", "LICENSE")),
        ("ID type: DL  Issuing state: PA  Number: 40 164 082  Exp 6/16/2027\n", ("40 164 082", "LICENSE")),
        ("  Veh: 2015 Honda Civic  Plate: KXR4821 Reg St: OH  VIN 1HGCM82633A004352\n", ("OH", "STATE")),
        ("Medical License: ME-25898 - PA  DEA# BK4183290\n", ("PA", "STATE")),
        # ages and crew
        ("Rm\tPatient\tSex/Age\tAdm\n409B\tAlmonte, Débora\tF/54\t20160708\tOchoa\n", ("54", "AGE")),
        ("Crew: J. Duncan (EMT-P), S. Black (EMT-B)\n", ("J. Duncan", "DOCTOR")),
        ("CREW: A. SZOŁTYSIK (EMT-P)\n", ("A. SZOŁTYSIK", "DOCTOR")),
    ],
)
def test_record_forms_r6_found(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("**REF** see note dated 3/2.\nNM1*was*normal, REF*6P word\n", "normal", "PATIENT"),
        ("NM1*85*2*CITY CLINIC*****XX*1234567893~\n", "CITY CLINIC", "DOCTOR"),
        ("NM1*PR*2*AETNA*****PI*60054~\n", "60054", "HEALTHPLAN"),
        ("HGB 12.1 / PA\nPLT 250 / CO\n", "PA", "STATE"),
        ("Metoprolol 25 mg / PO twice daily\n", "PO", "STATE"),
        ("Lot 12345 (CA) expires 2026-01-31\n", "12345", "VEHICLE"),
        ("Lot 12345 (CA) expires 2026-01-31\n", "CA", "STATE"),
        ("Contact lic 555-1234 tomorrow\n", "555-1234", "VEHICLE"),
        ("Potassium K 4.1 (IN range), tag AB 12\n", "IN", "STATE"),
        ("ASSESSMENT / PLAN: stable\nHPI: 67 F\n", "PLAN", "LICENSE"),
        ("Vitals\tBP 120/80\tHR 88\n", "80", "AGE"),
        ("Culture grew E. coli (MRSA screen negative)\n", "E. coli", "DOCTOR"),
        ("Seen by Dr. Lee (MD) today\n", "Dr. Lee", "DOCTOR"),
        ("Follow up 12/09/2016 / PA clinic\n", "PA", "STATE"),
        ("GIVEN A TOTAL DOSE OF 15 MG/KG. CAR SEAT CHECKED\n", "15 MG", "VEHICLE"),
        ("Veh 1: loaded 20 MG/PA tag 12 MG, parked\n", "20 MG", "VEHICLE"),
        ("Car seat check: Dx code Z00 129 (PA) reviewed\n", "PA", "STATE"),
    ],
)
def test_record_forms_r6_not_found(text: str, value: str, label: str) -> None:
    assert (value, label) not in found(text)
