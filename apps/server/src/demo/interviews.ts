import type { DocumentStatus } from "@precedent/contracts";
import { type Answers, type AssembledDocument, assemble, cleanAnswers } from "@precedent/docgen";
import type { LibraryTemplate } from "@precedent/docgen/library";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  documents,
  fileNameOf,
  MEDIA_TYPES,
  recordVersion,
  replaceAssembledFiles,
} from "../modules/documents/index.ts";
import { createDatabaseFileStore } from "../modules/files/index.ts";
import { answerChanges, clientNameOf } from "../modules/interview/index.ts";
import { createTemplateLibrary, templateName } from "../modules/templates/index.ts";
import { systemClock } from "../platform/kernel/index.ts";
import { NGUYEN_SUPER_ACN } from "./asic-applications.ts";

// A list (a group's entries) replaces the sample's list whole; an object is merged into the sample's.
type Patch = { [key: string]: string | number | Patch | readonly Patch[] };

/** The Nguyen Super Fund's members, the directors and shareholders of its trustee company. */
const NGUYEN_PEOPLE = {
  linh: {
    party_type: "individual",
    first_name: "Linh",
    middle_name: "",
    last_name: "Nguyen",
    email: "linh.nguyen@example.com",
    street: "22 Example Crescent",
    suburb: "Box Hill",
    state: "VIC",
    postcode: "3128",
  },
  minh: {
    party_type: "individual",
    first_name: "Minh",
    middle_name: "",
    last_name: "Nguyen",
    email: "minh.nguyen@example.com",
    street: "22 Example Crescent",
    suburb: "Box Hill",
    state: "VIC",
    postcode: "3128",
  },
} as const;

/**
 * Which demo documents were made from which starter template, and how their sample answers are
 * made theirs (the client's name in place of the sample's). `partial` marks a draft that already
 * has some answers (a copy of another document keeps its answers as a draft).
 */
export type DemoInterview = { template: string; patch?: Patch; partial?: boolean };
const DEMO_INTERVIEWS: ReadonlyMap<string, DemoInterview> = new Map(
  Object.entries<DemoInterview>({
    "Discretionary Trust Deed – Smith Family Trust": {
      template: "discretionary-trust-deed",
      patch: { trust_name: "Smith Family Trust" },
    },
    "Family Trust Deed – Chen Family Trust": {
      template: "discretionary-trust-deed",
      patch: { trust_name: "Chen Family Trust" },
    },
    "Company Constitution – Harbourview Pty Ltd": {
      template: "company-constitution",
      patch: { company_name: "Harbourview" },
    },
    "Unit Trust Deed – Bayside Property Trust": {
      template: "unit-trust-deed",
      patch: { trust_name: "Bayside Property Trust" },
    },
    "SMSF Trust Deed – Nguyen Super Fund": {
      template: "smsf-trust-deed",
      patch: { fund_name: "Nguyen Super Fund" },
    },
    "Non-Disclosure Agreement – Northwind Traders": {
      template: "mutual-nda",
      patch: { first_party: { name: "Northwind Traders" } },
    },
    "Non-Disclosure Agreement – Riverbend Software": { template: "mutual-nda" },
    "Non-Disclosure Agreement – Blue Gum Software": {
      template: "mutual-nda",
      patch: { first_party: { name: "Blue Gum Software" } },
    },
    "Will – Sarah Chen": {
      template: "simple-will",
      patch: { will_maker: { first_name: "Sarah", middle_name: "", last_name: "Chen" } },
    },
    "Will – David Chen": {
      template: "simple-will",
      patch: { will_maker: { first_name: "David", middle_name: "", last_name: "Chen" } },
    },
    "Will – Meera Patel": {
      template: "simple-will",
      patch: { will_maker: { first_name: "Meera", middle_name: "", last_name: "Patel" } },
      partial: true,
    },
    // Its name promises a testamentary trust, so its answers hold each child's share on one. An empty
    // draft in the demo (the one with no answers yet), but every later stage and copy starts from these.
    "Testamentary Trust Will – Robert Smith": {
      template: "simple-will",
      patch: {
        will_maker: { first_name: "Robert", middle_name: "", last_name: "Smith" },
        residue_to: "children",
        include_stepchildren: "No",
        testamentary_trust: "Yes",
        trust_control: "beneficiary",
        vesting_age: "25",
      },
    },
    // Documents whose names match a library template (issue 34): each re-opens in its interview.
    "Deed of Variation – Smith Family Trust": {
      template: "trust-deed-of-variation",
      patch: { trust_name: "Smith Family Trust" },
    },
    "Appointment of Corporate Trustee – Smith Holdings Pty Ltd": {
      template: "corporate-trustee-appointment",
      patch: { company: { name: "Smith Holdings" } },
    },
    "Minutes – Change of Director, Bayside Ventures Pty Ltd": {
      template: "officer-change",
      patch: { company: { name: "Bayside Ventures" } },
    },
    "Binding Death Benefit Nomination – Sarah Chen": {
      template: "binding-death-benefit-nomination",
      patch: {
        fund: { name: "Chen Super Fund" },
        member: { first_name: "Sarah", middle_name: "", last_name: "Chen" },
      },
    },
    "Binding Death Benefit Nomination – Linh Nguyen": {
      template: "binding-death-benefit-nomination",
      patch: {
        fund: { name: "Nguyen Super Fund" },
        member: { first_name: "Linh", middle_name: "", last_name: "Nguyen" },
      },
    },
    "Change of Trustee – Chen Family Trust": {
      template: "change-of-trustee-deed",
      patch: { trust_name: "Chen Family Trust" },
    },
    // The owner's application waiting for ASIC's fee: a draft begun from the template.
    "Company Registration – Harbourview Pty Ltd": {
      template: "company-registration",
      patch: { name_choice: "name", proposed_name: "Harbourview", legal_element: "PTY LTD" },
    },
    // The templates added for issue 34: their sample answers are these clients'.
    "Deed of Release – Ross Consulting": { template: "deed-of-release" },
    "Guarantor Deed – Chen Investments": { template: "guarantee-indemnity-deed" },
    "Loan Agreement – Smith to Smith Holdings": { template: "loan-agreement" },
    "Loan Agreement – Patel to Patel Holdings Pty Ltd": { template: "loan-agreement" },
    // The fund administration app's documents are the library's deed: a new fund's, and a
    // replacement deed for a fund that upgrades.
    "Simple Fund 360 Fund Establishment – Patel Super Fund": {
      template: "smsf-trust-deed",
      patch: { fund_name: "Patel Super Fund" },
    },
    "Simple Fund 360 Deed Upgrade – Chen Super Fund": {
      template: "smsf-trust-deed",
      patch: { fund_name: "Chen Super Fund" },
    },
    "Power of Attorney (General) – David Chen": { template: "general-power-of-attorney" },
    "Memorandum of Wishes – David Chen": { template: "memorandum-of-wishes" },
    // Its trustee company is the one the demo registers (Corporate Trustee Registration below), by its ACN.
    "SMSF Investment Strategy – Nguyen Super Fund": {
      template: "smsf-investment-strategy",
      patch: { trustee_company: { acn: NGUYEN_SUPER_ACN } },
    },
    "Employment Contract – Junior Paralegal": { template: "employment-contract" },
    "Advance Care Directive – David Chen": { template: "advance-care-directive" },
    "Business Name Transfer – Smith Bakery": { template: "business-name-transfer" },
    "Engagement Letter – Company Formation": { template: "engagement-letter" },
    // The same letter for the other matter: the estate planning answers in place of the company's.
    "Engagement Letter – Estate Planning": {
      template: "engagement-letter",
      patch: {
        matter_type: "estate_planning",
        firm_law_practice: "No",
        estate_lawyer: "Harbour Legal Pty Ltd",
        estate_structures: "Yes",
      },
    },
    "Partnership Agreement – Patel & Ross": { template: "partnership-agreement" },
    "Share Sale Agreement – Coastal Foods Pty Ltd": { template: "share-sale-agreement" },
    // The sample answers are Meera Patel's NSW power; Sarah Chen's is the same form made in Victoria,
    // with the questions Victoria asks answered (her second witness, the attorneys' eligibility).
    "Enduring Power of Attorney (NSW) – Meera Patel": { template: "enduring-power-of-attorney" },
    "Enduring Power of Attorney (VIC) – Sarah Chen": {
      template: "enduring-power-of-attorney",
      patch: {
        jurisdiction: "VIC",
        principal: {
          first_name: "Sarah",
          middle_name: "",
          last_name: "Chen",
          email: "sarah.chen@example.com",
          street: "14 Example Grove",
          suburb: "Balwyn",
          state: "VIC",
          postcode: "3103",
          witness_name: "Margaret Ellis",
          witness_email: "margaret.ellis@example.com",
          second_witness_name: "Tom Nguyen",
          second_witness_email: "tom.nguyen@example.com",
        },
        witness_capacity: "affidavits",
        witnesses_independent: "yes",
        matters: "both",
        attorneys: [
          {
            attorney: {
              party_type: "individual",
              first_name: "David",
              middle_name: "",
              last_name: "Chen",
              email: "david.chen@example.com",
              street: "14 Example Grove",
              suburb: "Balwyn",
              state: "VIC",
              postcode: "3103",
              witness_name: "Helen Brooks",
              witness_email: "helen.brooks@example.com",
            },
            relationship: "husband",
            age: "adult",
            carer: "No",
            insolvent: "No",
          },
        ],
        alternates: [],
        has_conditions: "No",
      },
    },
    // Registered by ASIC in the demo (asic-applications.ts): its answers make the company kit work.
    "Company Registration – Chen Investments Pty Ltd": {
      template: "company-registration",
      patch: { name_choice: "name", proposed_name: "Chen Investments", legal_element: "PTY LTD" },
    },
    // The Nguyen Super Fund's corporate trustee, registered by ASIC in the demo (asic-applications.ts)
    // as a superannuation trustee company (subclass PSTC): its two directors are the fund's members,
    // each holding one share, as the fund's trustee rules (s17A SIS Act) have it.
    "Corporate Trustee Registration – Nguyen Super Pty Ltd": {
      template: "company-registration",
      patch: {
        pty_subclass: "PSTC",
        name_choice: "name",
        proposed_name: "Nguyen Super",
        legal_element: "PTY LTD",
        office_street: "22 Example Crescent",
        office_suburb: "Box Hill",
        office_state: "VIC",
        office_postcode: "3128",
        office_occupied: "Yes",
        business_same: "Yes",
        officers: [
          {
            person: NGUYEN_PEOPLE.linh,
            office: "both",
            resident: "Yes",
            has_former_names: "No",
            date_of_birth: "14/02/1972",
            birth_town: "Footscray",
            born_in_australia: "Yes",
            birth_state: "VIC",
            director_id: "036555666777888",
          },
          {
            person: NGUYEN_PEOPLE.minh,
            office: "director",
            resident: "Yes",
            has_former_names: "No",
            date_of_birth: "03/08/1970",
            birth_town: "Ho Chi Minh City",
            born_in_australia: "No",
            birth_country: "Vietnam",
            director_id: "036444333222111",
          },
        ],
        members: [
          {
            member: NGUYEN_PEOPLE.linh,
            share_class: "ORD",
            shares: 1,
            paid_per_share: 1,
            unpaid_per_share: 0,
            beneficial: "Yes",
          },
          {
            member: NGUYEN_PEOPLE.minh,
            share_class: "ORD",
            shares: 1,
            paid_per_share: 1,
            unpaid_per_share: 0,
            beneficial: "Yes",
          },
        ],
        applicant: NGUYEN_PEOPLE.linh,
      },
    },
  }),
);

function patched(answers: Answers, patch: Patch = {}): Record<string, unknown> {
  const result: Record<string, unknown> = { ...answers };
  for (const [key, value] of Object.entries(patch)) {
    const current = result[key];
    result[key] =
      typeof value === "object" &&
      !Array.isArray(value) &&
      current &&
      typeof current === "object" &&
      !Array.isArray(current)
        ? patched(current as Answers, value as Patch)
        : value;
  }
  return result;
}

/** The first half of the questions answered, as someone part-way through the interview. */
const firstHalf = (answers: Record<string, unknown>) => {
  const keys = Object.keys(answers);
  return Object.fromEntries(keys.slice(0, Math.ceil(keys.length / 2)).map((key) => [key, answers[key]]));
};

/**
 * A demo document's answers for its stage (none or some for a draft, some in progress, all once
 * assembled), and the full answers it is assembled from: the template's sample answers made the
 * client's by the patch, with what the interview would not show taken out.
 */
export function demoAnswers(
  template: LibraryTemplate,
  link: DemoInterview,
  status: DocumentStatus,
): { full: Record<string, unknown>; atStage: Record<string, unknown> } {
  const clean = (answers: Record<string, unknown>) =>
    cleanAnswers(template.definition, answers as Answers) as Record<string, unknown>;
  const full = clean(patched(template.sampleAnswers ?? {}, link.patch));
  const atStage =
    status === 1 ? (link.partial ? firstHalf(full) : {}) : status === 2 ? firstHalf(full) : full;
  return { full, atStage: clean(atStage) };
}

/** The demo documents made from a starter template, by name. */
export const demoInterview = (name: string): DemoInterview | undefined => DEMO_INTERVIEWS.get(name);

/**
 * Links demo documents to the starter templates with answers for their stage: drafts with none or
 * some, in-progress ones part-way, and signed, pending and completed ones fully answered and
 * assembled (PDF and Word stored as the interview would). Each template is assembled once per
 * set of answers; the whole takes a few seconds, most of it the engine's first run.
 */
export async function loadDemoInterviews(
  tx: Database,
  teamId: number,
  docs: { id: number; name: string; status: DocumentStatus; createdBy: number; at: Date }[],
) {
  const library = createTemplateLibrary();
  // Inside the seed's transaction: on PGlite nothing may run beside it.
  const store = createDatabaseFileStore({ db: tx, clock: systemClock });
  const assembled = new Map<string, Promise<AssembledDocument>>();
  let withFiles = 0;
  for (const doc of docs) {
    const link = DEMO_INTERVIEWS.get(doc.name);
    const template = link ? library.starter(link.template) : undefined;
    if (!link || !template?.sampleAnswers) continue;
    const { full, atStage: answers } = demoAnswers(template, link, doc.status);
    await tx
      .update(documents)
      .set({
        xTemplateId: template.identifier,
        templateName: templateName(template),
        xml: answers,
        clientName: clientNameOf(template.definition, answers),
      })
      .where(eq(documents.id, doc.id));
    if (doc.status < 3) continue;
    const key = `${template.identifier}:${JSON.stringify(full)}`;
    let rendering = assembled.get(key);
    if (!rendering) {
      rendering = assemble(template, full as Answers);
      assembled.set(key, rendering);
    }
    const result = await rendering;
    const stored = {
      pdf: await store.put(result.pdf, { mediaType: MEDIA_TYPES.pdf }),
      word: await store.put(result.docx, { mediaType: MEDIA_TYPES.word }),
    };
    await replaceAssembledFiles(tx, {
      docId: doc.id,
      teamId,
      userId: doc.createdBy,
      at: doc.at,
      documentName: doc.name,
      stored,
    });
    // Its one assembly so far, as the document's first version.
    await recordVersion(tx, {
      docId: doc.id,
      teamId,
      userId: doc.createdBy,
      at: doc.at,
      changesSince: (previous) => answerChanges(template.definition, previous, answers),
      answers,
      files: {
        pdf: { ...stored.pdf, name: fileNameOf(doc.name, "pdf") },
        word: { ...stored.word, name: fileNameOf(doc.name, "word") },
      },
    });
    withFiles += 1;
  }
  return { assembled: withFiles };
}
