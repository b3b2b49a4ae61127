"""Paragraph templates of judgment-like text, in two disjoint sets (bench/make_court.py).

``TUNE`` is developed on (its misses may be read); ``CHECK`` is written apart, with other
sentences for the same kinds of facts, and is only scored. Slots are filled by
``court_context.Context``: ``{app_t}`` is "Mr/Mrs" and the applicant's full name, ``_s`` title and
surname, ``_sn`` surname alone, ``_i`` title and initials, ``_is`` title, initial and surname,
``_isn`` initial and surname; ``{court}``, ``{police}``, ``{prison}``... a body of the judgment's
country; ``{date}``..``{date5}`` dates in order; ``{nat}`` a nationality (neutral in the gold).
Literal text outside the slots is never PHI: it holds the negatives ("Article 6 § 1", "the Court").
"""

from __future__ import annotations

TUNE = {
    "open": {
        "echr": [
            "PROCEDURE\n\n1.  The case originated in an application (no. {appno}) against {country} lodged with the "
            "{ecthr} under former Article 25 of the Convention for the Protection of Human Rights and Fundamental "
            "Freedoms (\"the Convention\") by a {nat} national, {app_t} (\"the applicant\"), on {date}.",
            "CASE OF {app_sn} v. {COUNTRY}\n\n(Application no. {appno})\n\nJUDGMENT\n\nPROCEDURE\n\n1.  The case "
            "originated in an application against {country} lodged with the Court under Article 34 of the Convention "
            "by {app_t} on {date}. The applicant was represented by {law_is}, a lawyer practising in {city}.",
            "1.  The case originated in two applications (nos. {appno} and {appno2}) against {country} lodged with the "
            "Court under Article 34 of the Convention by two {nat} nationals, {app_t} and {app2_t} (\"the applicants\"), "
            "on {date} and {date2} respectively.",
            "1.  The applicant, {app_t}, is a {nat} national who was born in {born} and lives in {city}. He was "
            "represented before the Court by {law_is}, a lawyer practising in {city2}. The {natgov} (\"the "
            "Government\") were represented by their Agent, {agent_is}, of the {national}.",
        ],
        "uk": [
            "Neutral Citation Number: {caseno}\n\nIN THE [[~:COURT OF APPEAL (CIVIL DIVISION)]]\nON APPEAL FROM THE "
            "{court}\n\nBefore:\nLORD JUSTICE {judge_sn}\nLADY JUSTICE {judge2_sn}\n\nBetween:\n{app} Appellant\n- and -\n"
            "{company} Respondent\n\nJudgment date: {date}",
            "Lord Justice {judge_sn}:\n\n1.  This is an appeal against the order of {judge2_t} sitting in the "
            "{court} on {date}, by which she dismissed the claim of {app_t} against {company}.",
        ],
        "ie": [
            "JUDGMENT of {judge_t} delivered on the {ord}\n\n1.  The applicant, {app_t}, resides at {street}, {city}, "
            "and seeks an order of certiorari quashing the decision of the {national} made on {date}.",
        ],
        "in": [
            "IN THE {national}\nCRIMINAL APPELLATE JURISDICTION\nCRIMINAL APPEAL NO. {caseno}\n\n{app} ... Appellant\n"
            "Versus\nState of {region} ... Respondent\n\nJUDGMENT\n\n{judge_isn}, J.\n\n1. Leave granted. This appeal "
            "is directed against the judgment dated {date} passed by the {court}.",
        ],
        "au": [
            "{app} v The Queen {caseno}\n\nJUDGES: {judge_sn} CJ, {judge2_sn} and {judge3_sn} JJ\n\nORDER\n\n1. Appeal "
            "allowed. The appellant, {app_t}, was convicted on {date} in the {court} of one count of fraud.",
        ],
        "us": [
            "[[~:UNITED STATES COURT OF APPEALS\nFOR THE NINTH CIRCUIT]]\n\n{app}, Petitioner-Appellant,\nv.\n{judge2}, "
            "Warden, Respondent-Appellee.\n\nNo. {caseno}\n\nArgued and Submitted {date}\n\nBefore: {judge}, Circuit "
            "Judge.\n\nOPINION\n\n{app_sn} appeals the district court's denial of his petition for habeas corpus.",
        ],
    },
    "body": {
        "echr": [
            "The applicant was born in {born} and lives in {city}. On {date} he was arrested by police officers from "
            "the {police} on suspicion of membership of an illegal organisation and was taken into custody.",
            "On {date2} the {court} convicted the applicant under Article 168 of the Criminal Code and sentenced him to "
            "twelve years and six months' imprisonment. The applicant appealed. On {date3} the {national} upheld the "
            "judgment.",
            "On the night of {dm} the applicant's house in the {village}, {district}, was searched by a group of "
            "masked men. {app_s} stated that his son, {rel_t}, was taken away in a military vehicle.",
            "The applicant's lawyer, {law_is}, lodged a complaint with the {court} on {date3}, alleging that his client "
            "had been ill-treated while in police custody at the {police}.",
            "In {my} the applicant was transferred to the {prison}, where he shared a cell measuring 18 square metres "
            "with eleven other detainees.",
            "The Government submitted a medical report drawn up at the {hospital} on {date2} by Dr {doc}, which noted "
            "bruises on the applicant's arms and back.",
            "In their observations the Government argued that the applicant had failed to exhaust domestic remedies, "
            "as required by Article 35 § 1 of the Convention, since he had not brought an action under section 13 of "
            "{statute}.",
            "On {date4} the applicant's wife, {rel_t}, gave a statement to the public prosecutor. She said that she "
            "had last seen her husband at their flat at {street}, {city}.",
            "The witness {wit_i} told the investigator that he had seen two men in camouflage uniforms driving a car "
            "with the registration number {plate} towards {city2}.",
            "The applicant company, {company}, is a limited liability company registered in {city} under no. "
            "{caseno2}. Its director is {app2_t}.",
            "By a decision of {date3} (case no. {caseno}), the {court2} dismissed the claim as unfounded. That decision "
            "was upheld by the {national} on {date4}.",
            "The applicant relied on Article 3 of the Convention and Article 1 of Protocol No. 1. The Court reiterates "
            "its case-law on the matter (see, among other authorities, {cite}).",
            "The Chamber decided to join the applications (Rule 42 § 1 of the Rules of Court). On {date5} the "
            "President of the Section decided to give priority to the application under Rule 41.",
            "The applicant is a member of the {party}. He was the chairman of the {acronym} branch in {city} from "
            "{year} until {year2}.",
            "The Court notes that the applicant was held in the {prison} from {date2} to {date3}, that is, for one year "
            "and four months, and that the Government did not dispute his account of the conditions there.",
            "{app_s} and {app2_s} were detained in the premises of the {police}. They were released on {date3} "
            "without being charged.",
            "In an article published in the newspaper {paper} on {date2}, the applicant accused the mayor of "
            "{city}, {wit2_t}, of corruption.",
            "The Chamber was composed as follows: {judge}, President, {judge2}, {judge3}, judges, and {reg}, Deputy "
            "Section Registrar. Having deliberated in private on {date4} and {date5}, it delivers the following judgment.",
            "{app_sn} was questioned on {dm} and again on the following day. {app_He} denied that he had ever met "
            "{wit_sn}, whom he described as a police informer.",
            "In the early hours of {dm} soldiers surrounded {village} and gathered the inhabitants in the square. "
            "According to {wit_first}, a shepherd, the soldiers came from the gendarmerie post in {city3}.",
            "The [[ORGANIZATION:Ministry of Internal Affairs]] of the {region} informed the applicant on {date3} that the criminal case "
            "(no. {caseno}) had been suspended; military unit no. {register} had not been identified.",
            "The applicant applied to the {city_bar} and to the [[ORGANIZATION:Human Rights Association]] for legal "
            "assistance. On {date4} the association's lawyer, {law2_t}, visited him in the {prison}.",
            "Between [[DATE:3]] and [[DATE:5]] {month} the applicant was held incommunicado. His relatives, including his uncle {rel_first}, "
            "searched for him in the hospitals of {city} and {city2}.",
            "The incident took place on the {city}-{city2} road, some two kilometres from the hamlet of {village_bare}.",
            "The witnesses {wit_ib} and {wit2_ib} stated that they had seen {app_sn} being put into a white car by "
            "officers of the {police}. Officer {off_ib} denied this.",
            "{app_s} was employed by a private company, \"{company_q}\", from {year} until {year2}; in {my} he "
            "set up his own firm, {company}.",
            "The investigator, {off_t}, questioned the applicant's neighbour, {wit_i}, on {date3}. The "
            "[[ORGANIZATION:FSB]] refused to disclose its file.",
            "In accordance with Article 45 § 2 of the Convention, the separate opinion of Judges {judge2_sn} and "
            "{judge3_sn} is annexed to this judgment.",
            "Done in English, and notified in writing on {date5}, pursuant to Rule 77 §§ 2 and 3 of the Rules of "
            "Court.\n\n{reg}\t{judge}\nRegistrar\tPresident",
            "An interview with the applicant appeared in the weekly {paper} and in the daily \"{paper2}\" in "
            "{month} {year2}.",
            "The land, plot no. {register} in the {village}, was entered in the land register in the name of the "
            "applicant's father, {rel_t}, in {year}.",
        ],
        "uk": [
            "The claimant, {app_t}, was employed by {company} as a warehouse operative at its depot in {city} from "
            "{date} until her dismissal on {date2}.",
            "The judge heard evidence from {wit_t} and from {off_t} of the {police}. He found {wit_s} to be an "
            "honest but unreliable witness.",
            "In {my} the appellant was arrested and taken to the {police}, where he was interviewed under caution "
            "in the presence of his solicitor, {law_t} of {company}.",
            "We were referred to the decision of the [[ORGANIZATION:House of Lords]] in [[~:R v]] {wit2_sn} [[~:[2001] AC 123]], and to section 78 "
            "of the [[~:Police and Criminal Evidence Act 1984]].",
            "For those reasons, and for the reasons given by Lady Justice {judge2_sn}, I would dismiss this appeal. "
            "{judge3_sn} LJ: I agree.",
        ],
        "ie": [
            "The applicant was arrested at {street}, {city} on {date2} by Garda {off} and brought to the {police}.",
            "Counsel for the respondent, {law_t} SC, submitted that the judgment of {judge2_t} in [[~:Meadows v. "
            "Minister for Justice]] governed the matter.",
        ],
        "in": [
            "The prosecution case, in brief, is that on {date2} at about 9.30 p.m. the deceased {rel} was assaulted "
            "near the house of {wit} in village {village_bare}, within the limits of {police}.",
            "An F.I.R. bearing No. {caseno2} was registered at {police} on the complaint of {wit2}, the brother of "
            "the deceased.",
            "Learned counsel for the appellant, Shri {law}, submitted that the testimony of PW-3 {wit} is "
            "unreliable. Mr. {law2}, learned Additional Solicitor General, supported the judgment of the [[ORGANIZATION:High Court]].",
        ],
        "au": [
            "The appellant, {app_t}, was the sole director of {company}, a company carrying on business in {city}, "
            "{region}.",
            "On {date2}, Detective Senior Constable {off} of the {police} executed a search warrant at premises in "
            "{street}, {city2}.",
        ],
        "us": [
            "On {date2}, officers of the {police} stopped {app_sn}'s car on {street} in {city}, {region}, and found "
            "a loaded handgun under the driver's seat.",
            "{app_sn} was indicted by a grand jury in the {court} and convicted after a three-day trial. Judge "
            "{judge2_sn} sentenced him to 188 months.",
            "{app_sn}'s counsel, {law}, did not object. See [[~:Strickland v. Washington, 466 U.S. 668 (1984)]].",
        ],
        "any": [
            "On {date3} the applicant was admitted to the {hospital}, where he remained until {date4}.",
            "The applicant's representative, {law_is}, informed the registry on {date5} that {app_s} had "
            "died in {city} and that his daughter, {rel_t}, wished to pursue the application.",
            "{app_s} worked as a [[~:teacher]] at the {university} in {city2} from {year} to {year2}.",
            "The funds were transferred to an account held by {company} at {bank} in {city}.",
        ],
    },
}

CHECK = {
    "open": {
        "echr": [
            "PROCEDURE\n\n1.  The case originated in an application (no. {appno}) against {country} lodged with the "
            "Court under Article 34 of the Convention for the Protection of Human Rights and Fundamental Freedoms by "
            "{app_t}, who has {nat} nationality (\"the applicant\"), on {date}.\n\n2.  The applicant, who had been "
            "granted legal aid, was represented by {law_t}, of the {city_bar}. The Government were represented by "
            "their Agent, {agent_t}.",
            "THIRD SECTION\n\nCASE OF {app_sn} AND OTHERS v. {COUNTRY}\n\n(Application no. {appno})\n\nSTRASBOURG\n\n{date3}\n\n"
            "In the case of {app_sn} and Others v. {country}, the Court, sitting as a Chamber composed of {judge}, "
            "President, {judge2}, {judge3}, judges, and {reg}, Section Registrar, delivers the following judgment.",
            "I.  THE CIRCUMSTANCES OF THE CASE\n\n5.  The applicants, {app_t} and his wife {app2_t}, were born in "
            "{born} and {born} respectively and live in {village}, near {city}.",
        ],
        "uk": [
            "Case No: {caseno}\n\nIN THE [[~:HIGH COURT OF JUSTICE\nQUEEN'S BENCH DIVISION]]\n\nDate: {date}\n\nBefore:\n\n"
            "MR JUSTICE {judge_sn}\n\nBetween:\n\n{app}\nClaimant\n- and -\n\n{city} City Council\nDefendant\n\n"
            "{law_t} (instructed by {company}) for the Claimant",
        ],
        "ie": [
            "[[~:THE HIGH COURT]]\n[{caseno2}]\n\nBETWEEN\n{app}\nAPPLICANT\nAND\n[[~:THE DIRECTOR OF PUBLIC "
            "PROSECUTIONS]]\nRESPONDENT\n\nJUDGMENT of Ms. Justice {judge_sn} delivered on {date}",
        ],
        "in": [
            "REPORTABLE\n\nIN THE {national}\nCIVIL APPELLATE JURISDICTION\n\nCIVIL APPEAL NO. {caseno}\n\n{company} "
            "... Appellant(s)\nVERSUS\n{app} & Ors. ... Respondent(s)\n\nJ U D G M E N T\n\n{judge}, J.\n\nThe "
            "present appeal arises out of the order dated {date} of the {court}.",
        ],
        "au": [
            "[[~:HIGH COURT OF AUSTRALIA]]\n\n{judge_sn} CJ, {judge2_sn}, {judge3_sn} JJ\n\n{app} APPELLANT\n\nAND\n\nTHE QUEEN "
            "RESPONDENT\n\n{app} v The Queen\n{caseno}\nDate of Hearing: {date}",
        ],
        "us": [
            "SUPREME COURT OF {COUNTRY}\n\n{app}, PETITIONER v. {company}\n\nON WRIT OF CERTIORARI TO THE {court}\n\n"
            "No. {caseno}. Argued {date}—Decided {date2}\n\nJUSTICE {judge_sn} delivered the opinion of the Court.",
        ],
    },
    "body": {
        "echr": [
            "At around 6 a.m. on {date2}, gendarmes raided the family home in {village}. {app_s}'s brother, "
            "{rel}, was blindfolded and driven to the {police}, where he remained for six days.",
            "8.  By a judgment of {date3} the {court} found {app_i} guilty of aiding and abetting an armed gang and "
            "sentenced him to three years and nine months' imprisonment. On {date4} the {national} quashed that "
            "judgment and remitted the case.",
            "The investigator, Captain {off}, refused to institute criminal proceedings, referring to "
            "Article 24 § 1 (2) of the Code of Criminal Procedure. A copy of his decision of {date3} was not sent to "
            "the applicant until {my}.",
            "The applicant's mother, {rel_t}, stated in her affidavit that on {dm} two armed men in masks "
            "had forced their way into her flat at {street} in {city}.",
            "On {ord} an expert of the {hospital}, Dr {doc_isn}, examined the applicant and found a fracture of the "
            "left forearm. The report was transmitted to the {court} on {date4}.",
            "The applicant brought an action for damages against the {national}, claiming the equivalent of 20,000 "
            "euros (EUR). In a judgment of {date5} (file no. {caseno}) the {court2} awarded her a fraction of that sum.",
            "Between {year} and {year2} the applicant served his sentence in the {prison}. He complained under "
            "Article 3 of the Convention that the cells were overcrowded and that toilets were not separated.",
            "The applicant's son, {rel}, was a shareholder of {company}, a company based in {city}. In {my} tax "
            "inspectors of the {national2} audited its accounts.",
            "The Government, relying on Rule 44 § 3 (a), argued that the applicants had not complied with the time-limit "
            "set by the President of the Chamber. The Grand Chamber does not accept that argument.",
            "In a statement to the police, the neighbour, {wit_i}, said that she had recognised {app_s} as one of "
            "the men who had set fire to the kiosk. The statement was later retracted.",
            "{app_s}, a journalist working for the weekly {paper}, was summoned to the {court} to give evidence in "
            "the case against the former governor of the {region}, {wit2_t}.",
            "The applicants were members of the {party}, which was dissolved by the [[ORGANIZATION:Constitutional Court]] in {year2}. "
            "The {acronym} had two seats in the municipal council of {city2}.",
            "The car, a white Lada with the number plate {plate}, was found abandoned on the road between {city} and "
            "{city3} on {date3}.",
            "{app_sn} told the prosecutor that in the summer of {year} he had been approached by two men who offered "
            "him work in {city3}. One of them, a certain {wit_first}, drove a grey Volga.",
            "The following day, {dm}, the head of the village administration of {village_bare} confirmed in writing that "
            "{rel_first} {app_sn} had been taken away by servicemen.",
            "The President of the Chamber granted leave to the [[ORGANIZATION:Helsinki Committee]], a non-governmental organisation "
            "based in {city2}, to submit written comments (Article 36 § 2 of the Convention and Rule 44 § 2).",
            "On [[DATE:12]], [[DATE:13]] and [[DATE:14]] {month} the district court heard the witnesses {wit_i}, {wit2_i} and {rel_i}. The "
            "last of them, the applicant's cousin, stated that {app_sn} had been at home all evening.",
            "The shop, which stood on the corner of {street} and the square in the centre of {city}, belonged to "
            "{app2_t}. It was closed by order of the mayor in {my}.",
            "Counsel for the applicant, {law2_t} of the {city2_bar}, lodged a cassation appeal, which the "
            "{national} declared inadmissible on {date5}.",
            "Officers from the organised crime unit of the {police} stopped the applicant near the river crossing at "
            "{village_bare}, searched his car and found 2 kg of heroin.",
            "The applicant's identity card, no. {idcard}, was seized at the border crossing near {city2} and was not "
            "returned to him until {date5}.",
        ],
        "uk": [
            "The respondent, {app_s}, was born on {bdate}. She lived with her partner, {wit_t}, at {street} in {city} "
            "until {my}, when she moved to {city2}.",
            "DC {off_sn} of the {police} gave evidence that he arrested the appellant outside the {company} store at "
            "about 11.40 pm on {dm}.",
            "The Recorder, HHJ {judge2_sn}, directed the jury in accordance with the guidance in the [[~:Crown Court "
            "Compendium]]; no criticism is made of that direction.",
        ],
        "ie": [
            "Detective Garda {off} gave evidence that he called to the applicant's home in {city}, {region}, on "
            "{date2} and seized a mobile phone.",
        ],
        "in": [
            "The accused {app} was apprehended on {date3} by the Sub-Inspector of {police} and the knife, MO-1, was "
            "recovered at his instance from the field of {wit}.",
            "Heard Mr. {law}, learned senior counsel appearing for the appellant and Ms. {law2}, learned counsel "
            "appearing for the State of {region}.",
        ],
        "au": [
            "The respondent, {app_t}, was employed by {company} at its mine near {city}, {region}, between {year} "
            "and {year2}.",
            "The trial judge, {judge2_sn} DCJ, accepted the evidence of the complainant's mother, {wit_t}, that "
            "the conversation took place on {dm}.",
        ],
        "us": [
            "In {my}, {app_sn} applied for disability insurance benefits with the {national2}, alleging that he had "
            "been unable to work since {date2}.",
            "Deputy {off} of the {police} testified that he saw the vehicle cross the center line on [[LOCATION-OTHER:Highway 41]] near "
            "{city}, {region}.",
        ],
        "any": [
            "The documents were sent by registered post to the applicant's address at {street}, {city} on {date4}, "
            "but were returned marked \"addressee unknown\".",
            "According to a certificate issued by the {hospital} on {date5}, {app_s} suffers from chronic heart "
            "disease.",
            "The loan agreement between {company} and {bank} was signed in {city2} on {date2}.",
            "{rel} graduated from the {university} in {year2}.",
        ],
    },
}
