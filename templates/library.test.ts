/**
 * The starter library: every folder under templates/ must parse, check, validate its sample answers,
 * assemble to a PDF and a Word file holding the points the template-quality checklist asks of its
 * type, and give the same bytes as its golden.json. `UPDATE_GOLDEN=1 npx vitest run templates`
 * rewrites the golden files after a deliberate change to a template or to the engine.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AnswerObject,
  type AssembledDocument,
  assemble,
  checkTemplate,
  type Template,
  validate,
} from "@precedent/docgen";
import { loadTemplateFolder, templateFolders } from "@precedent/docgen/library";
import { readPdf, unzipText, wordText } from "@precedent/docgen/testing";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;
const UPDATE = process.env.UPDATE_GOLDEN === "1";

type Catalogue = Record<string, unknown> & { meta_data: { key: string; value: string }[] };

/** The library's own settings: which template the assemble benchmark uses. */
const library = JSON.parse(readFileSync(join(ROOT, "library.json"), "utf8")) as { benchmark: string };

/**
 * What each template's PDF must say (the checklist's points for its type) and which answered names
 * its Word file must hold. Text is matched with runs of white space collapsed, since lines break
 * anywhere in a PDF.
 */
const EXPECTED: Record<string, { pdf: (string | RegExp)[]; word: string[]; flags: Record<string, string> }> =
  {
    "mutual-nda": {
      pdf: [
        "MUTUAL NON-DISCLOSURE AGREEMENT",
        "Confidential Information means",
        "is or becomes generally available to the public other than through a breach",
        "was lawfully known to the Recipient",
        "is independently developed",
        "from a third party who",
        "required by law or by the listing rules of a securities exchange",
        "Permitted Purpose",
        "Representatives",
        "return to the Discloser or destroy",
        "No licence",
        "injunction",
        "governed by the laws of Victoria",
        "counterparts",
        "Riverbend Software Pty Ltd ACN 612 345 678",
        "in accordance with section 127 of the Corporations Act 2001 (Cth)",
        /Page 1 of \d+/,
      ],
      word: ["Riverbend Software Pty Ltd", "Harriet Louise Okafor", "Daniel Kwan"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "director-consent": {
      pdf: [
        "CONSENT TO ACT AS DIRECTOR AND SECRETARY",
        "section 201D of the Corporations Act 2001 (Cth)",
        "section 204C",
        "Director ID",
        "036123456789012",
        "Former names",
        "Date and place of birth",
        "kept by the Company",
        "not lodged with ASIC",
        "Tamsin Jane Rowe",
      ],
      word: ["Tamsin Jane Rowe", "Coastline Joinery Pty Ltd"],
      flags: { is_will: "no" },
    },
    "first-directors-minutes": {
      pdf: [
        "MINUTES OF THE FIRST MEETING OF DIRECTORS",
        "Chair",
        "Quorum",
        "consent of each director",
        "registered office",
        "principal place of business",
        "constitution",
        "share certificates",
        "register of members",
        "financial year",
        "an account in the name of the Company",
        "public officer",
        "goods and services tax",
        "Signed as a correct record",
      ],
      word: ["Coastline Joinery Pty Ltd", "Tamsin Jane Rowe"],
      flags: { is_will: "no" },
    },
    "simple-will": {
      pdf: [
        "WILL",
        "I revoke all earlier wills",
        "aged 18 years or more",
        "appoint",
        "executor",
        "substitute",
        "Residue",
        "survives me by 30 days",
        "in our presence, both being present at the same time",
        "in the presence of the will-maker and of each other",
        /Signature of witness Name: Gregory Tan Address: 9 Sample Lane, Paddington QLD 4064 Date: Signature of witness Name: Sophie Marchetti Address: Unit 4, 120 Example Street, Auchenflower QLD 4066 Date:/,
      ],
      word: [
        "Eleanor Grace Whitfield",
        "Address: 9 Sample Lane, Paddington QLD 4064",
        "Address: Unit 4, 120 Example Street, Auchenflower QLD 4066",
      ],
      flags: { is_will: "yes" },
    },
    "company-constitution": {
      pdf: [
        "CONSTITUTION",
        "replaceable rules",
        "sections 135 and 141",
        "proprietary company",
        "50",
        "section 113",
        "Pre-emptive rights on issue",
        "Sole Director",
        "Circulating resolutions",
        "The quorum for a Directors",
        "proxy",
        "section 254T",
        "section 204A",
        "indemnifies",
        "insurance",
        "section 246B",
        "Joint holders",
        "first and paramount lien",
        "forfeit",
        "Fair value",
        "acts as an expert and not as an arbitrator",
        "Permitted transfers",
        "Compulsory transfer",
        "drag-along",
        "tag-along",
        "section 249D",
        "section 249F",
        "Virtual Meeting Technology",
        "section 251A",
        "section 293",
        "section 198F",
        "The Company as trustee",
        "mediation",
        "Executed by Adeyemi Holdings Pty Ltd ACN 645 678 904",
      ],
      word: ["Coastline Joinery Pty Ltd", "Tamsin Jane Rowe", "Adeyemi Holdings Pty Ltd"],
      flags: { is_special_resolution: "no" },
    },
    "discretionary-trust-deed": {
      pdf: [
        "DISCRETIONARY TRUST DEED",
        "Settlor",
        "Settled Sum",
        "Appointor",
        "Vesting Date",
        "Primary Beneficiaries",
        "General Beneficiaries",
        "Excluded Person",
        "30 June",
        "Family Trust Election",
        "capital gain",
        "franked distribution",
        "vary any of the provisions of this deed",
        "Executed as a deed by Marlowe Investments Pty Ltd ACN 634 567 892 as trustee for the Marlowe Family Trust in accordance with section 127",
        // The deed at market scope (issue 18 item 2).
        "Contents",
        "Subdivision 115-C of the Income Tax Assessment Act 1997 (Cth)",
        "Subdivision 207-B of the Income Tax Assessment Act 1997 (Cth)",
        "determine whether any receipt, gain, outgoing or loss",
        "section 109N of the Income Tax Assessment Act 1936 (Cth)",
        "Division 7A of Part III of the Income Tax Assessment Act 1936 (Cth)",
        "section 272-80 of Schedule 2F to the Income Tax Assessment Act 1936 (Cth)",
        "section 272-85 of that Schedule",
        "The receipt of the person to whom an amount is paid under this clause",
        "be made in a way that would cause a resettlement of the Trust or the creation of a new trust",
        "as the Property Law Act 1969 (WA) permits",
        "the legal personal representative of the last person to hold office as Appointor becomes the Appointor",
        "no Foreign Person is or may become a Beneficiary",
      ],
      word: ["Marlowe Family Trust"],
      flags: { is_trust_template: "yes", is_protector: "yes", is_unit_trust: "no" },
    },
    "unit-trust-deed": {
      pdf: [
        "UNIT TRUST DEED",
        "Unit Register",
        "pre-emption",
        "redeem",
        "Special Resolution",
        "Vesting Date",
        "limited to the Trust Fund",
        "in proportion to the number of Units",
        "Executed as a deed by Kestrel Property Pty Ltd ACN 656 789 016 as trustee for the Kestrel Property Unit Trust in accordance with section 127",
        // The deed at market scope (issue 18 item 2).
        "Contents",
        "Applications for Units",
        "Unit certificates",
        "only at a price equal to the Net Asset Value divided by the number of Units on issue",
        "but only at the Net Asset Value per Unit at the date of redemption",
        "Pre-emption on transfer",
        "Compulsory transfers",
        "a Change of Control of the Unitholder occurs",
        "Meetings of Unitholders",
        "A Deadlock exists",
        "Net Income means the net income of the Trust for an income year within the meaning of section 95",
        "This deed does not bind a creditor or other person who is not a party to it.",
        "section 61",
      ],
      word: ["Kestrel Property Unit Trust"],
      flags: { is_trust_template: "yes", is_unit_trust: "yes" },
    },
    "smsf-trust-deed": {
      pdf: [
        "SELF MANAGED SUPERANNUATION FUND",
        "section 17A",
        "section 62",
        "no more than six Members",
        "21 days",
        "trustee declaration in the form approved",
        "regulated superannuation fund",
        "Binding Death Benefit Nominations",
        "reversionary",
        "No remuneration",
        "Executed as a deed by Banksia Super Pty Ltd ACN 678 901 230 as trustee for the Banksia Retirement Fund in accordance with section 127",
        // The governing rules at market scope (issue 18 item 2).
        "Contents",
        "core purposes set out in section 62 of the SIS Act",
        "section 17A(2) of the SIS Act",
        "section 17A(3) of the SIS Act",
        "regulation 4.09 of the SIS Regulations",
        "Part 8 of the SIS Act",
        "section 66 of the SIS Act",
        "section 67A of the SIS Act",
        "regulation 7.04 of the SIS Regulations",
        "regulation 6.44",
        "Part VIIIB of the Family Law Act 1975 (Cth)",
        "Part 7A of the SIS Regulations",
        "Account-Based Pension",
        "Transition to Retirement Income Stream",
        "Hill v Zuda Pty Ltd [2022] HCA 21",
        "Binding Death Benefit Nomination",
        "section 295-95(2) of the Income Tax Assessment Act 1997 (Cth)",
        "An Enduring Attorney of a Member may not make, confirm, vary or revoke a Binding Death Benefit Nomination",
        "The trustee declaration is a separate form and is not part of this deed.",
        "(NAT 71089)",
      ],
      word: ["Banksia Retirement Fund"],
      flags: { is_trust_template: "no" },
    },
    "div7a-loan-agreement": {
      pdf: [
        "DIVISION 7A LOAN AGREEMENT",
        "Harbourside Dental Pty Ltd ACN 623 456 780",
        "Anjali Priya Menon and Rohan Menon as trustees for the Menon Family Trust",
        "section 109N of the Tax Act",
        "Each Advance made in the Income Year ending 30 June 2025 or a later Income Year is made under",
        "before the Lodgment Day",
        "Benchmark Interest Rate",
        "subsection 109N(2)",
        "never less than the Benchmark Interest Rate",
        "Minimum Yearly Repayment",
        "section 109E of the Tax Act",
        "section 109R",
        "registered mortgage",
        "at least 110 % of the Limit",
        "25 years (secured by a registered mortgage: maximum 25 years)",
        "governed by the laws of Victoria",
        "counterparts",
        "in accordance with section 127 of the Corporations Act 2001 (Cth)",
      ],
      word: ["Harbourside Dental Pty Ltd", "Menon Family Trust", "Volume 12345 Folio 678"],
      flags: { is_trust_template: "no" },
    },
    "deed-of-release": {
      pdf: [
        "DEED OF SETTLEMENT AND RELEASE",
        "Ross Consulting Pty Ltd ACN 634 123 452",
        "Harbour Lane Developments Pty Ltd ACN 645 234 564",
        "without any admission of liability by any party",
        "It is not, and must not be taken as, an admission of liability",
        "Settlement Sum means $60,000.00",
        "each Claimant releases each Respondent and each Respondent releases each Claimant",
        "It intends this release to extend to every Released Claim whether or not known",
        "must not begin, continue, or assist any other person",
        "as a complete bar and defence to any proceeding",
        "consent orders that the Proceedings be dismissed with no order as to costs",
        "the Local Court of New South Wales at Parramatta",
        "Each party bears its own legal and other costs",
        "not consideration for a taxable supply",
        "Confidentiality",
        "No disparagement",
        "Part 9.4AAA",
        "governed by the laws of New South Wales",
        "counterparts",
        "section 38A of the Conveyancing Act 1919 (NSW)",
        "Executed as a deed by Ross Consulting Pty Ltd ACN 634 123 452 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        "Signed, sealed and delivered by Nikhil Patel in the presence of",
        /Page 1 of \d+/,
      ],
      word: ["Ross Consulting Pty Ltd", "Harbour Lane Developments Pty Ltd", "Nikhil Patel", "Olivia Grant"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "guarantee-indemnity-deed": {
      pdf: [
        "DEED OF GUARANTEE AND INDEMNITY",
        "Southbank Private Capital Pty Ltd ACN 678 456 785",
        "Chen Investments Pty Ltd ACN 689 567 897",
        "unconditionally and irrevocably guarantees to the Creditor",
        "As a separate and additional obligation, each Guarantor indemnifies the Creditor",
        "each Guarantor is liable as if it were the principal debtor",
        "This deed is a continuing guarantee and indemnity",
        "Rights not affected",
        "No competing claims",
        "The Guarantors are liable under this deed jointly and each of them severally.",
        "Limit means $250,000.00",
        "David Chen acknowledges having had the opportunity to take independent legal and financial advice",
        "Certificate for Mei Ling Chen",
        "governed by the laws of Victoria",
        "counterparts",
        "Executed as a deed by Southbank Private Capital Pty Ltd ACN 678 456 785 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        "Signed, sealed and delivered by Mei Ling Chen in the presence of",
        /Page 1 of \d+/,
      ],
      word: [
        "Southbank Private Capital Pty Ltd",
        "Chen Investments Pty Ltd",
        "Mei Ling Chen",
        "Robert Ashby",
      ],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "loan-agreement": {
      pdf: [
        "LOAN AGREEMENT",
        "Robert James Smith of 9 Example Close, Mosman NSW 2088 (Lender)",
        "Smith Holdings Pty Ltd ACN 656 345 676",
        "not a gift or a contribution of capital",
        "Interest Rate means 6.5 % a year",
        "in 60 equal monthly instalments of principal of $2,500.00 each",
        "may prepay all or part of the Loan at any time without penalty",
        "Each of the following is an Event of Default",
        "adds no further sum",
        "is charged only on the overdue amount and not on the rest of the Loan, and is not a penalty",
        "Personal Property Securities Register",
        "governed by the laws of New South Wales",
        "counterparts",
        "Signed by Robert James Smith in the presence of",
        "Executed by Smith Holdings Pty Ltd ACN 656 345 676 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        /Page 1 of \d+/,
      ],
      word: ["Robert James Smith", "Smith Holdings Pty Ltd", "Claire Donnelly"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "general-power-of-attorney": {
      pdf: [
        "GENERAL POWER OF ATTORNEY",
        "A general non-enduring power of attorney made under Part 2 of the Powers of Attorney Act 2014 (Vic).",
        "Important: this is not an enduring power of attorney.",
        "It ends if David Chen loses the mental capacity to make decisions about the matters it covers",
        "David Chen of 14 Example Grove, Balwyn VIC 3103 (the Principal)",
        "Sarah Chen of 14 Example Grove, Balwyn VIC 3103, my wife",
        "The Attorneys are appointed jointly and severally",
        "The Attorneys must not sell, mortgage or lease my home",
        "This power starts on 1 November 2025.",
        "the end of 30 April 2026",
        "This power is not enduring: it does not continue after that loss of capacity",
        "by notice in writing to the Attorneys",
        "does not allow the Attorneys to make decisions about David Chen’s health",
        "governed by the law of Victoria",
        "that they are not an Attorney appointed by this document",
        "The first witness signs as a justice of the peace.",
        /Name: Margaret Ellis[\s\S]*Name: Tom Nguyen/,
        /Page 1 of \d+/,
      ],
      word: ["David Chen", "Sarah Chen", "Mei Ling Chen", "Margaret Ellis", "Tom Nguyen"],
      flags: { is_will: "no", is_end_power: "no", is_trust_template: "no" },
    },
    "memorandum-of-wishes": {
      pdf: [
        "MEMORANDUM OF WISHES",
        "Chen Family Trust",
        "To: Chen Nominees Pty Ltd, as trustee of the Chen Family Trust",
        "This memorandum does not bind the trustee, and is not intended to.",
        "Nothing in this memorandum limits, or is intended to limit, any discretion the Trust Deed gives to the trustee or the appointor.",
        "after considering all of the beneficiaries the Trust Deed allows it to benefit",
        "does not declare any trust",
        "My wishes about distributions are these:",
        "My wishes about education are these:",
        "Chen Investments Pty Ltd (the Business)",
        "these wishes take effect only if an appointment is made as the Trust Deed provides",
        "every two years",
        "no law requires it to be witnessed",
        "Signed by David Chen:",
        /Page 1 of \d+/,
      ],
      word: ["Chen Family Trust", "David Chen", "Chen Nominees Pty Ltd"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "smsf-investment-strategy": {
      pdf: [
        "SMSF INVESTMENT STRATEGY",
        "Nguyen Super Pty Ltd ACN 665 123 473, as trustee of the Nguyen Super Fund",
        "section 52B(2)(f) of the Superannuation Industry (Supervision) Act 1993 (Cth)",
        "regulation 4.09 of the Superannuation Industry (Supervision) Regulations 1994 (Cth)",
        "the risk to the Fund of inadequate diversification",
        "discharge its existing and prospective liabilities",
        "(regulation 4.09(2)(e)) and has decided not to",
        "This strategy allows 50 % or more of the Fund to be invested in one asset class.",
        "within the limit of 5 % of the market value of the Fund’s assets (Part 8 of the Act)",
        "section 66 of the Act",
        "(section 65 of the Act)",
        "section 62 of the Act",
        "The Trustee will review this strategy by 14 November 2026",
        "Linh Nguyen and Minh Nguyen, being every director of the Trustee.",
        /Name: Linh Nguyen[\s\S]*Name: Minh Nguyen/,
        /Page 1 of \d+/,
      ],
      word: ["Nguyen Super Fund", "Nguyen Super Pty Ltd", "Linh Nguyen", "Minh Nguyen"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "binding-death-benefit-nomination": {
      pdf: [
        "BINDING DEATH BENEFIT NOMINATION",
        "Banksia Super Pty Ltd ACN 678 901 230 as trustee for the Banksia Retirement Fund",
        "under rule 24 of the governing rules of the Fund",
        "60 % to William Arthur Thornbury, my spouse",
        "40 % to my legal personal representative",
        "regulation 6.22",
        "section 10 of the SIS Act",
        "This nomination does not lapse",
        "revokes every earlier death benefit nomination",
        "Hill v Zuda Pty Ltd [2022] HCA 21",
        "The shares above add up to 100 % of my death benefit.",
        "each of whom declares that they are aged 18 years or more, that they are not a person nominated",
        /Name: Priya Nair[\s\S]*Name: Daniel Kwan/,
      ],
      word: ["Grace Elizabeth Thornbury", "Banksia Retirement Fund", "Priya Nair", "Daniel Kwan"],
      flags: { is_will: "no" },
    },
    "change-of-trustee-deed": {
      pdf: [
        "DEED OF CHANGE OF TRUSTEE",
        "Okafor Family Trust",
        "Under clause 18 of the Trust Deed the Appointor may remove",
        "accepts the retirement of the Retiring Trustee",
        "appoints the New Trustee as trustee of the Trust",
        "vests from the Effective Time",
        "right to be indemnified out of the Trust Fund",
        "does not vary the Trust Deed",
        "Folio Identifier 14/DP123456",
        "Executed as a deed by Okafor Investments Pty Ltd ACN 667 890 128 in accordance with section 127",
        "Signed, sealed and delivered by Harriet Louise Okafor",
        "governed by the laws of New South Wales",
      ],
      word: ["Okafor Family Trust", "Okafor Investments Pty Ltd", "Emeka Okafor"],
      flags: { is_trust_template: "no", is_protector: "no" },
    },
    "trust-deed-of-variation": {
      pdf: [
        "DEED OF VARIATION OF TRUST",
        "Marlowe Family Trust",
        "Clause 22 of the Trust Deed empowers the Trustee to vary the Trust Deed with the consent of the Appointor",
        "consents to the variations for the purposes of the Power",
        "change the Vesting Date of the Trust",
        "continues as the same trust",
        "After clause 9.4, insert:",
        "Delete clause 14.2 and replace it with:",
        "Executed as a deed by Marlowe Investments Pty Ltd ACN 634 567 892 as trustee for the Marlowe Family Trust in accordance with section 127",
        "governed by the laws of Western Australia",
      ],
      word: ["Marlowe Family Trust", "Oliver James Marlowe"],
      flags: { is_trust_template: "no" },
    },
    "share-certificates-registers": {
      pdf: [
        "SHARE CERTIFICATES AND REGISTERS",
        "Register of members",
        "sections 168 and 169 of the Act",
        "Tidewater Logistics Pty Ltd ACN 689 012 342",
        "Ortiz Nominees Pty Ltd ACN 690 123 454 as trustee for the Ortiz Family Trust",
        "No (held non-beneficially)",
        "Register of directors and secretaries",
        "SHARE CERTIFICATE No. 1",
        "SHARE CERTIFICATE No. 4",
        "600 ordinary shares (ORD), numbered 1 to 600",
        "100 class A shares (A), numbered 1 to 100",
        "250 preference shares (PRF)",
        "each paid to $1.00 and fully paid",
        "section 1070C of the Act",
        "in accordance with section 127 of the Corporations Act 2001 (Cth) by:",
      ],
      word: ["Tidewater Logistics Pty Ltd", "Harbour Freight Holdings Pty Ltd", "Samuel Ortiz-Vega"],
      flags: { is_will: "no" },
    },
    "officer-change": {
      pdf: [
        "CHANGE OF COMPANY OFFICER",
        "Coastline Joinery Pty Ltd ACN 645 678 904",
        "resign as a director of the Company with effect from 31 July 2025",
        "section 203AB",
        "section 203AA",
        "section 201D of the Act",
        "section 1272C",
        "section 248A of the Act",
        "within two months",
        "section 205B of the Act",
        "Form 484",
        "036555444333222",
        "Kochi, Kerala, India",
      ],
      word: ["Coastline Joinery Pty Ltd", "Priya Nair", "Marcus Adeyemi"],
      flags: { is_will: "no" },
    },
    "company-registration": {
      pdf: [
        "APPLICATION FOR REGISTRATION OF A COMPANY",
        "section 117 of the Corporations Act 2001 (Cth) (ASIC Form 201)",
        "Harbourline Analytics Pty Ltd",
        "Proprietary company",
        "Limited by shares",
        "Level 4, 120 Sample Street, Melbourne VIC 3000",
        "has consented in writing to the Company using that address as its registered office",
        "7 Example Road, Geelong VIC 3220",
        "Ballarat, Victoria, Australia",
        "Lagos, Nigeria",
        "Amelia Rose Nguyen",
        "036123456789012",
        "Ordinarily resides in Australia Yes",
        "Amount unpaid on each share Nil: fully paid on registration",
        "Held beneficially No: held for another person",
        "sections 201D and 204C of the Act",
        "section 1272C",
        "no ultimate holding company",
        "I declare that the information in this application is true and complete",
      ],
      word: ["Harbourline Analytics", "Amelia Rose Tran", "Daniel Okafor"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "corporate-trustee-appointment": {
      pdf: [
        "CORPORATE TRUSTEE APPOINTMENT",
        "Banksia Super Pty Ltd ACN 678 901 230",
        "consent to act as trustee of the Trust",
        "section 197 of the Act",
        "section 17A of the SIS Act",
        "section 104A of the SIS Act",
        "within 21 days",
        "ask ASIC to treat it as a special",
        "section 201D of the Act",
        "Signed as a correct record by the chair",
        "Executed by Banksia Super Pty Ltd ACN 678 901 230 in accordance with section 127",
        "governed by the laws of Tasmania",
      ],
      word: ["Banksia Retirement Fund", "William Arthur Thornbury"],
      flags: { is_trust_template: "no" },
    },
    "shareholders-agreement": {
      pdf: [
        "SHAREHOLDERS AGREEMENT",
        "Adeyemi Holdings Pty Ltd ACN 656 789 016",
        "Reserved Matters",
        "without the written approval of every Shareholder",
        "offering the Sale Shares to the other Shareholders",
        "Drag-along and tag-along",
        "at least 75 % of the Shares (the Dragging Shareholders) accept",
        "Deadlock",
        "elect either to sell all its Shares to the giver",
        "Default Event",
        "acts as an expert and not as an arbitrator",
        "Restraint Period means 24 months, or if that is held unenforceable, 12 months",
        "Confidential Information",
        "Resolution Institute",
        "The chair has no casting vote.",
        "Fundamental Matters",
        "Committed funding",
        "Buy-back by the Company",
        "Reporting and review timetable",
        "Executed by Coastline Joinery Pty Ltd ACN 645 678 904 in accordance with section 127",
        "Signature of sole director and sole company secretary Name: Marcus Adeyemi",
        "governed by the laws of New South Wales",
      ],
      word: ["Coastline Joinery Pty Ltd", "Tamsin Jane Rowe", "Adeyemi Holdings Pty Ltd"],
      flags: { is_will: "no" },
    },
    "employment-contract": {
      pdf: [
        "EMPLOYMENT CONTRACT",
        "Strategist Partners Pty Ltd ACN 612 345 678 of Level 4, 120 Example Street, Sydney NSW 2000 (Employer)",
        "Olivia Grace Nguyen of 15 Example Lane, Newtown NSW 2042 (Employee)",
        "Award means the Legal Services Award 2020 [MA000116]",
        "Nothing in this contract excludes or reduces them or the Award",
        "an annual salary of $62,000.00",
        "only as section 324 of the Act permits",
        "Long Service Leave Act 1955 (NSW)",
        "minimum employment period in section 383 of the Act",
        "giving the other 2 weeks’ written notice",
        "The Policies are not terms of this contract",
        "Fair Work Information Statement (section 125 of the Act)",
        "governed by the laws of New South Wales",
        "counterparts",
        "Executed by Strategist Partners Pty Ltd ACN 612 345 678 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        "Signed by Olivia Grace Nguyen",
        /Page 1 of \d+/,
      ],
      word: ["Strategist Partners Pty Ltd", "Olivia Grace Nguyen", "Junior Paralegal"],
      flags: { is_will: "no", is_trust_template: "no", is_hr_doc: "yes" },
    },
    "advance-care-directive": {
      pdf: [
        "ADVANCE CARE DIRECTIVE",
        "An advance care directive given under Part 2 of the Medical Treatment Planning and Decisions Act 2016 (Vic)",
        "I, David Chen, born on 9 March 1958, of 14 Example Grove, Balwyn VIC 3103, give this advance care directive.",
        "This Part is a values directive",
        "Each statement in this clause is an instructional directive",
        "I refuse cardiopulmonary resuscitation (CPR), whether to start it or to continue it, but only if",
        "I consent to antibiotics for a life-threatening infection, in all circumstances.",
        "This directive cannot request voluntary assisted dying",
        "compulsory treatment under the Mental Health and Wellbeing Act 2022 (Vic)",
        "This directive does not appoint a medical treatment decision maker",
        "Sarah Chen of 14 Example Grove, Balwyn VIC 3103, my wife",
        "This directive is given under the law of Victoria.",
        "all three being present together",
        "that they are not a medical treatment decision maker appointed by David Chen",
        "registered medical practitioner (AHPRA registration number MED0001234567)",
        "appeared to have decision-making capacity in relation to each statement in it",
        /Name: Priya Raman[\s\S]*Name: Tom Nguyen/,
        /Page 1 of \d+/,
      ],
      word: ["David Chen", "Sarah Chen", "Priya Raman", "Tom Nguyen"],
      flags: { is_will: "no", is_end_power: "no", is_adv_hc: "yes", is_trust_template: "no" },
    },
    "business-name-transfer": {
      pdf: [
        "BUSINESS NAME TRANSFER AGREEMENT",
        "Robert James Smith of 42 Example Road, Parramatta NSW 2150, ABN 51 824 753 556 (Seller)",
        "Smith Holdings Pty Ltd ACN 004 085 616 of 42 Example Road, Parramatta NSW 2150, ABN 53 004 085 616 (Buyer)",
        "The Act does not allow a registered business name to be assigned",
        "The Seller must not lodge the Transfer Request before it has received the payment",
        "within three months after the Transfer Request",
        "section 42(3) of the Act",
        "registered to the Seller on the Register, under the Seller’s ABN 51 824 753 556",
        "The Price does not include GST",
        "governed by the laws of New South Wales",
        "counterparts",
        "Executed by Smith Holdings Pty Ltd ACN 004 085 616 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        "Signed by Robert James Smith",
        /Page 1 of \d+/,
      ],
      word: ["Robert James Smith", "Smith Holdings Pty Ltd", "Smith Bakery"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "engagement-letter": {
      pdf: [
        "ENGAGEMENT LETTER",
        "Liability limited by a scheme approved under Professional Standards Legislation.",
        "Demo Advisory Pty Ltd ACN 612 345 678 of Level 2, 55 Example Street, Melbourne VIC 3000",
        "Wei Chen of 8 Example Avenue, Box Hill VIC 3128",
        "prepare the application to register the Company (ASIC Form 201)",
        "Accounting Professional & Ethical Standards Board",
        "approved under the Professional Standards Act 2003 (Vic)",
        "Australian Privacy Principles in Schedule 1",
        "Complaints",
        "Ending the engagement",
        "governed by the laws of Victoria",
        "counterparts",
        "Executed by Demo Advisory Pty Ltd ACN 612 345 678 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        "Signed by Wei Chen",
        /Page 1 of \d+/,
      ],
      word: ["Demo Advisory Pty Ltd", "Wei Chen", "Chen Investments"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
    "partnership-agreement": {
      pdf: [
        "PARTNERSHIP AGREEMENT",
        "Meera Patel of 8 Example Avenue, Harris Park NSW 2150",
        "Ross Health Pty Ltd ACN 618 234 576 of 22 Example Street, Westmead NSW 2145",
        "Partnership Act means the Partnership Act 1892 (NSW)",
        "shared, and losses are borne, by the Partners in their Profit Shares",
        "The following are Unanimous Matters, which need the written consent of every Partner",
        "by any two Partners together",
        "Proper books of account",
        "A new partner may be admitted only as a Unanimous Matter",
        "at least 6 months’ written notice",
        "the express power to expel that the Partnership Act requires",
        "The death of a Partner does not dissolve the partnership",
        "Valuation and payment of an outgoing partner’s share",
        "as separate restraints: 24 months; 12 months; 6 months",
        "first in paying the partnership’s debts to persons who are not Partners",
        "nominated by the Resolution Institute",
        "governed by the laws of New South Wales",
        "counterparts",
        "Signed by Meera Patel",
        "Executed by Ross Health Pty Ltd ACN 618 234 576 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        "Meera Patel $60,000.00 60 %",
        /Page 1 of \d+/,
      ],
      word: ["Meera Patel", "Ross Health Pty Ltd", "Patel & Ross Physiotherapy"],
      flags: { is_will: "no", is_trust_template: "no", is_hr_doc: "no" },
    },
    "share-sale-agreement": {
      pdf: [
        "SHARE SALE AGREEMENT",
        "Andrew Paul Marsh of 12 Example Esplanade, Mooloolaba QLD 4557 (Seller)",
        "Harbour Foods Holdings Pty Ltd ACN 627 451 905 of Level 2, 30 Example Street, Brisbane City QLD 4000 (Buyer)",
        "Coastal Foods Pty Ltd ACN 634 920 184 (the Company)",
        "being 60 % of the ordinary shares on issue",
        "Adjustment for net assets",
        "waiving it in writing, unconditionally, for this sale",
        "section 1071B of the Corporations Act 2001 (Cth)",
        "by Form 484 within 28 days after the change",
        "Title.",
        "Tax.",
        "Litigation.",
        "limited to the Price",
        "a financial supply that is input taxed under section 40-5",
        "going concern under section 38-325 does not apply",
        "landholder duty under the Duties Act 2001 (Qld)",
        "governed by the laws of Queensland",
        "counterparts",
        "Signed by Andrew Paul Marsh",
        "Executed by Harbour Foods Holdings Pty Ltd ACN 627 451 905 in accordance with section 127 of the Corporations Act 2001 (Cth)",
        /Page 1 of \d+/,
      ],
      word: ["Andrew Paul Marsh", "Harbour Foods Holdings Pty Ltd", "Coastal Foods Pty Ltd"],
      flags: { is_will: "no", is_trust_template: "no", is_hr_doc: "no" },
    },
    "enduring-power-of-attorney": {
      pdf: [
        "ENDURING POWER OF ATTORNEY",
        "An enduring power of attorney made under the Powers of Attorney Act 2003 (NSW)",
        "that section 19 of that Act requires",
        "Important: this is an enduring power of attorney.",
        "It continues to have effect if Meera Patel loses the capacity to make decisions",
        "In New South Wales it covers financial and legal matters only.",
        "appointed by a separate document under the Guardianship Act 1987 (NSW)",
        "Meera Patel of 27 Example Avenue, Epping NSW 2121 (the Principal)",
        "Arjun Patel of 27 Example Avenue, Epping NSW 2121, my husband",
        "The Attorneys are appointed jointly and severally",
        "Rohan Mehta of 41 Example Parade, Ryde NSW 2112, my brother",
        "An Alternative Attorney may act only if the appointment of an Attorney ends",
        "My Attorneys must not sell or mortgage my home",
        "as soon as I have signed it and that Attorney has accepted the appointment",
        "No Attorney may act under this power until that Attorney has signed the acceptance below.",
        "section 52 of the Powers of Attorney Act 2003 (NSW)",
        "governed by the law of New South Wales",
        "an Australian legal practitioner, a prescribed witness under section 19",
        "that they explained the effect of this power to the Principal before it was signed",
        "I accept my appointment as an attorney under this enduring power of attorney.",
        /Name: Catherine Wong/,
        /Page 1 of \d+/,
      ],
      word: ["Meera Patel", "Arjun Patel", "Priya Anjali Patel", "Rohan Mehta", "Catherine Wong"],
      flags: { is_will: "no", is_end_power: "yes", is_trust_template: "no" },
    },
    "smsf-investment-strategy-review-minutes": {
      pdf: [
        "SMSF INVESTMENT STRATEGY REVIEW MINUTES",
        "the directors of Nguyen Super Pty Ltd ACN 665 123 473, as trustee of the Nguyen Super Fund",
        "Linh Nguyen and Minh Nguyen, being every director of Nguyen Super Pty Ltd",
        "Linh Nguyen chaired the meeting.",
        "section 52B(2)(f) of the Superannuation Industry (Supervision) Act 1993 (Cth)",
        "regulation 4.09(2) of the Superannuation Industry (Supervision) Regulations 1994 (Cth)",
        "The investment strategy adopted on 14 November 2025",
        "Risk and return (regulation 4.09(2)(a))",
        "Diversification (regulation 4.09(2)(b))",
        "Liquidity and liabilities (regulation 4.09(2)(c) and (d))",
        "Insurance for members (regulation 4.09(2)(e))",
        "It resolved that the Fund not hold such cover",
        "it was resolved that the Strategy be changed as follows, with effect from 13 November 2026",
        "be reviewed again by 12 November 2027",
        /Name: Linh Nguyen[\s\S]*Name: Minh Nguyen/,
        /Page 1 of \d+/,
      ],
      word: ["Nguyen Super Fund", "Nguyen Super Pty Ltd", "Linh Nguyen", "Minh Nguyen"],
      flags: { is_will: "no", is_trust_template: "no" },
    },
  };

const REQUIRED_CATALOGUE_FIELDS = [
  "name",
  "sku",
  "price",
  "category",
  "short_description",
  "description",
  "faq",
  "meta_data",
  "allow_download_pdf",
  "allow_download_word",
];
const META_KEYS = [
  "is_will",
  "is_trust_template",
  "is_unit_trust",
  "is_unit_trust_old",
  "is_protector",
  "is_special_resolution",
  "is_none_foreign",
  "is_end_power",
  "is_adv_hc",
  "is_hr_doc",
];
const CATEGORIES = ["Business & Commercial", "Companies", "Wills & Estates", "Trusts", "Superannuation"];

const collapse = (text: string) => text.replace(/\s+/g, " ");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// The same loader as the server's template library, so what passes here is what the server serves.
const slugs = templateFolders(ROOT);

it("holds the starter templates, each with its expectations here", () => {
  expect(slugs.length).toBeGreaterThan(0);
  for (const slug of slugs) expect(Object.keys(EXPECTED)).toContain(slug);
});

describe.each(slugs)("%s", (slug) => {
  const read = (file: string) => readFileSync(join(ROOT, slug, file), "utf8");
  const expected = EXPECTED[slug] ?? { pdf: [], word: [], flags: {} };
  let template: Template;
  let answers: AnswerObject;
  let document: AssembledDocument;

  beforeAll(async () => {
    const loaded = loadTemplateFolder(ROOT, slug);
    template = { definition: loaded.definition, body: loaded.body };
    if (!loaded.sampleAnswers) throw new Error(`${slug}/sample-answers.json is missing`);
    answers = loaded.sampleAnswers;
    document = await assemble(template, answers);
  });

  it("has an interview that parses and a template that uses only its questions", () => {
    expect(template.definition.title.length).toBeGreaterThan(0);
    expect(checkTemplate(template)).toEqual([]);
  });

  it("has a complete catalogue entry", () => {
    const catalogue = JSON.parse(read("catalogue.json")) as Catalogue;
    for (const field of REQUIRED_CATALOGUE_FIELDS) expect(catalogue, field).toHaveProperty(field);
    expect(catalogue.sku).toMatch(/^[A-Z0-9-]+$/);
    expect(Number.isInteger(catalogue.price) && (catalogue.price as number) > 0).toBe(true);
    expect(CATEGORIES).toContain(catalogue.category);
    expect((catalogue.faq as unknown[]).length).toBeGreaterThanOrEqual(3);
    for (const entry of catalogue.faq as { question: string; answer: string }[]) {
      expect(entry.question.length * entry.answer.length).toBeGreaterThan(0);
    }
    const meta = Object.fromEntries(catalogue.meta_data.map(({ key, value }) => [key, value]));
    for (const key of META_KEYS) expect(["yes", "no"], key).toContain(meta[key]);
    for (const [key, value] of Object.entries(expected.flags)) expect(meta[key], key).toBe(value);
    for (const key of ["allow_download_pdf", "allow_download_word"]) {
      expect(["yes", "no"]).toContain(catalogue[key]);
    }
  });

  it("shows the integration badges its interview lives up to", () => {
    // A card's badges (documents spec §2) promise what the interview does with the firm's apps:
    // "Accounting integration" (used_xero) where Import Client can bring in a company or trust
    // from the accounting file, "Simple Fund" (is_simple_fund) where Select Fund fills the
    // fund's questions from Simple Fund 360 (integrations' import-mapping.ts reads `fund_name`).
    const meta = Object.fromEntries(
      (JSON.parse(read("catalogue.json")) as Catalogue).meta_data.map(({ key, value }) => [key, value]),
    );
    const entityParty = template.definition.questions.some(
      (q) => q.type === "reference" && q.partyTypes.some((type) => type === "company" || type === "trust"),
    );
    const fundQuestions = template.definition.questions.some(
      (q) => q.id === "fund_name" && q.type === "text",
    );
    expect(meta.used_xero, "used_xero").toBe(entityParty ? "yes" : "no");
    expect(meta.is_simple_fund, "is_simple_fund").toBe(fundQuestions ? "yes" : "no");
  });

  it("has sample answers that validate with no issues", () => {
    expect(validate(template.definition, answers)).toEqual([]);
  });

  it("assembles to a PDF that parses and holds the checklist's points", () => {
    const pdf = readPdf(document.pdf);
    expect(pdf.pageCount).toBeGreaterThan(0);
    expect(pdf.pageCount).toBe(document.pageCount);
    const text = collapse(pdf.pages.join("\n"));
    for (const point of expected.pdf) {
      if (typeof point === "string") expect(text).toContain(collapse(point));
      else expect(text).toMatch(point);
    }
    pdf.pages.forEach((page, index) => {
      expect(collapse(page)).toContain(`Page ${index + 1} of ${pdf.pageCount}`);
    });
    expect(text).not.toMatch(/undefined|\[object Object\]|NaN/);
  });

  it("gives a Word document holding the answered names", () => {
    const body = collapse(wordText(unzipText(document.docx, "word/document.xml")));
    for (const name of expected.word) expect(body).toContain(name);
    expect(body).not.toMatch(/undefined|\[object Object\]/);
  });

  it("gives the same bytes when assembled twice, and the bytes of its golden file", async () => {
    const again = await assemble(template, answers);
    expect(sha256(again.pdf)).toBe(sha256(document.pdf));
    expect(sha256(again.docx)).toBe(sha256(document.docx));
    const actual = { pageCount: document.pageCount, pdf: sha256(document.pdf), docx: sha256(document.docx) };
    const goldenPath = join(ROOT, slug, "golden.json");
    if (UPDATE) writeFileSync(goldenPath, `${JSON.stringify(actual, null, 2)}\n`);
    expect(existsSync(goldenPath), `${slug}/golden.json is missing: run with UPDATE_GOLDEN=1`).toBe(true);
    expect(JSON.parse(readFileSync(goldenPath, "utf8"))).toEqual(actual);
  });

  if (slug === library.benchmark) {
    // The assemble benchmark (packages/docgen/bench/assemble.ts) measures this template: the issue asks
    // for the library's longest, of at least ten pages.
    it("is the library's longest template, of ten pages or more (the assemble benchmark's)", () => {
      expect(document.pageCount).toBeGreaterThanOrEqual(10);
      for (const other of slugs) {
        const golden = JSON.parse(readFileSync(join(ROOT, other, "golden.json"), "utf8")) as {
          pageCount: number;
        };
        expect(document.pageCount).toBeGreaterThanOrEqual(golden.pageCount);
      }
    });
  }
});
