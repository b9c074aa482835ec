import { formatAcn, JURISDICTIONS, partyName } from "@precedent/docgen";

/**
 * The company kit (issue 16 "beyond the spec"): once ASIC has registered a company, the documents
 * its officers sign next, answered from the registration application. This file is the pure
 * mapping; registration.ts creates and assembles the documents.
 */

/** The kit's templates, in the order the documents are made and listed. */
export const COMPANY_KIT_TEMPLATES = [
  "company-constitution",
  "director-consent",
  "first-directors-minutes",
  "share-certificates-registers",
] as const;
export type CompanyKitTemplate = (typeof COMPANY_KIT_TEMPLATES)[number];

/**
 * The registration's company types (its `company_kind` answer) the kit is made for. Its templates
 * are written for a proprietary company limited by shares only: the constitution's share and
 * member rules, the minutes' allotment and the share certificates and registers all assume shares
 * of limited liability and a "Pty Ltd" name (docs/decisions.md).
 */
export const COMPANY_KIT_KINDS: readonly string[] = ["pty_shares"];

/** The other types as the registration interview names them, for the refusal. */
const OTHER_KIND_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    pty_unlimited: "a proprietary unlimited company with share capital",
    pub_shares: "a public company limited by shares",
    pub_guarantee: "a public company limited by guarantee",
    pub_unlimited: "a public unlimited company with share capital",
    pub_no_liability: "a public no liability company",
  }),
);

export type RegistrationFacts = {
  /** The registration interview's answers (templates/company-registration). */
  answers: Record<string, unknown>;
  /** Nine digits, as ASIC issued it. */
  acn: string;
  /** YYYY-MM-DD, as ASIC registered the company. */
  registrationDate: string;
  /** DD/MM/YYYY: the day the kit is made (Australian Eastern time), for dates the kit decides. */
  kitDate: string;
};

type Party = Record<string, unknown>;
type Officer = {
  person?: Party;
  office?: string;
  has_former_names?: string;
  former_names?: string;
  date_of_birth?: string;
  birth_town?: string;
  born_in_australia?: string;
  birth_state?: string;
  birth_country?: string;
  director_id?: string;
  resident?: string;
};
type Member = {
  member?: Party;
  share_class?: string;
  shares?: number;
  paid_per_share?: number;
  unpaid_per_share?: number;
  beneficial?: string;
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const stateName = (code: string) => JURISDICTIONS.find((j) => j.value === code)?.text ?? code;
/** The day before a YYYY-MM-DD date, as DD/MM/YYYY. */
const dayBefore = (isoDate: string) => {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return interviewDate(day.toISOString().slice(0, 10));
};
/** YYYY-MM-DD as the interviews' DD/MM/YYYY. */
export const interviewDate = (isoDate: string) => isoDate.split("-").reverse().join("/");
const isDirector = (officer: Officer) => officer.office === "director" || officer.office === "both";
const isSecretary = (officer: Officer) => officer.office === "secretary" || officer.office === "both";
const addressOf = (party: Party | undefined) =>
  `${text(party?.street)}, ${text(party?.suburb)} ${text(party?.state)} ${text(party?.postcode)}`;

/** The share classes' names as the minutes write them (the registration stores ASIC's codes). */
const CLASS_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ORD: "Ordinary",
    A: "Class A",
    B: "Class B",
    PRF: "Preference",
    REDP: "Redeemable preference",
  }),
);

/**
 * The registration's legal element as one of a kit template's choices: the same if offered, else
 * the choice with the same words (the constitution offers fewer punctuations than ASIC does).
 */
function legalElementAmong(element: string, choices: readonly string[]) {
  if (choices.includes(element)) return element;
  const words = (value: string) => value.replace(/\./g, "").trim();
  return choices.find((choice) => words(choice) === words(element)) ?? "PTY LTD";
}
const CONSTITUTION_LEGAL_ELEMENTS = [
  "PTY LTD",
  "PTY. LTD.",
  "PTY LIMITED",
  "PTY. LIMITED",
  "PROPRIETARY LTD",
  "PROPRIETARY LIMITED",
];

/** The registration's type and class of company (`pty_shares`…), or null when it does not say. */
export const companyKindOf = (answers: Record<string, unknown>): string | null =>
  text(answers.company_kind) || null;

/** Whether the kit's templates are written for a company of this type. */
export const isCompanyKitKind = (kind: string | null): boolean =>
  kind !== null && COMPANY_KIT_KINDS.includes(kind);

/** Why a company of this type cannot have the kit (a refusal message), or undefined when it can. */
export function companyKitKindRefusal(kind: string | null): string | undefined {
  if (isCompanyKitKind(kind)) return undefined;
  const named = (kind ? OTHER_KIND_NAMES.get(kind) : undefined) ?? "another type of company";
  return `The company kit is written for a proprietary company limited by shares only; this registration is for ${named}, so no kit can be made for it.`;
}

/**
 * Why a registration of the kit's type cannot have the kit (a refusal message), or undefined when
 * it can.
 */
export function companyKitRefusal(answers: Record<string, unknown>): string | undefined {
  if (listOf<Officer>(answers.officers).filter(isDirector).length === 0) {
    return "The company kit needs at least one director in the registration application.";
  }
  if (listOf<Member>(answers.members).length === 0) {
    return "The company kit needs at least one member in the registration application.";
  }
  return undefined;
}

/**
 * Each kit document's answers from the registration. Where the registration does not say (the
 * meeting's time, the bank, the accountant), the answer is a neutral default the firm reviews before
 * signing; docs/decisions.md lists them.
 */
export function companyKitAnswers(
  facts: RegistrationFacts,
): Record<CompanyKitTemplate, Record<string, unknown>> {
  const { answers, acn, kitDate } = facts;
  const registered = interviewDate(facts.registrationDate);
  const useAcnAsName = answers.name_choice === "acn";
  const legalElement = text(answers.legal_element) || "PTY LTD";
  const companyName = useAcnAsName ? formatAcn(acn) : text(answers.proposed_name);
  const officers = listOf<Officer>(answers.officers);
  const directors = officers.filter(isDirector);
  const secretary = officers.find(isSecretary);
  const members = listOf<Member>(answers.members);
  const office = {
    street: text(answers.office_street),
    suburb: text(answers.office_suburb),
    state: text(answers.office_state),
    postcode: text(answers.office_postcode),
  };
  const registeredOffice = addressOf(office);
  const nameOf = (party: Party | undefined) => partyName(party ?? {});
  const directorNames = directors.map((d) => nameOf(d.person));
  const birthPlace = (o: Officer) =>
    o.born_in_australia === "Yes" ? `${stateName(text(o.birth_state))}, Australia` : text(o.birth_country);
  const company: Party = {
    party_type: "company",
    name: companyName,
    legal_element: legalElement,
    acn,
    ...office,
    ...(directors.length === 1
      ? { director_type: "sole", sole_director_name: directorNames[0] }
      : { director_type: "multiple", directors: directorNames.map((name) => ({ name })) }),
  };
  const classes = new Set(members.map((m) => m.share_class ?? "ORD"));
  // A constitution adopted on registration is the one the members consented to before it (s136(1)(a)):
  // it names the company as proposed. A company registered without one (on the replaceable rules, or,
  // for a sole director-shareholder, the Act's own rules: s135(1)) adopts the kit's constitution by
  // its members' special resolution (s136(1)(b)) on the day of the kit, and the minutes of that day
  // record it: the kit never says both that a constitution exists and that none does.
  const onRegistration = answers.rules !== "replaceable";
  const applied = text(answers.application_date) || dayBefore(facts.registrationDate);
  const constitution = {
    adoption_date: onRegistration ? applied : kitDate,
    adoption_on_registration: onRegistration ? "Yes" : "No",
    ...(onRegistration ? {} : { company_acn: acn }),
    jurisdiction: text(answers.registered_in),
    company_name: companyName,
    legal_element: legalElementAmong(legalElement, CONSTITUTION_LEGAL_ELEMENTS),
    registered_office: registeredOffice,
    classes: classes.size > 1 || !classes.has("ORD") ? "Yes" : "No",
    pre_emption_days: 21,
    min_directors: 1,
    max_directors: Math.min(20, Math.max(6, directors.length)),
    member_quorum: Math.min(2, members.length),
    // Two directors are often two equal owners: a casting vote would hand control to the chair.
    casting_vote: directors.length === 2 ? "deadlock" : "Yes",
    alternates: "Yes",
    // ASIC's subclass PSTC is a proprietary superannuation trustee company: its constitution needs
    // the superannuation trustee rules (s17A SIS Act directors and members; the special purpose
    // option). No other registration answer says whether the company will be a trustee, so the
    // constitution's question is otherwise left to its default ("No").
    ...(answers.pty_subclass === "PSTC" ? { trustee_role: "smsf" } : {}),
    members: members.map((m) => ({ member: m.member })),
  };

  // The applicant held the first officers' consents when applying (s117(2)(c)), before lodgement and
  // so before ASIC issued the ACN: the consent is dated then and names the company as proposed.
  const consent = {
    company_name: companyName,
    legal_element: legalElement,
    company_registered: "No",
    consent_date: applied,
    jurisdiction: office.state,
    officers: officers.map((o) => ({
      person: o.person,
      office: o.office,
      has_former_names: o.has_former_names === "Yes" ? "Yes" : "No",
      ...(o.has_former_names === "Yes" ? { former_names: o.former_names } : {}),
      date_of_birth: o.date_of_birth,
      birth_town: o.birth_town,
      birth_country: birthPlace(o),
      ...(isDirector(o) ? { director_id: o.director_id } : {}),
    })),
  };

  const chair = directors.find((d) => d.resident === "Yes") ?? directors[0];
  const minutes = {
    company,
    meeting_date: kitDate,
    meeting_time: "10.00 am",
    meeting_place: registeredOffice,
    chair: chair?.person,
    registration_date: registered,
    principal_same: answers.business_same === "No" ? "No" : "Yes",
    ...(answers.business_same === "No"
      ? {
          principal_place: addressOf({
            street: answers.business_street,
            suburb: answers.business_suburb,
            state: answers.business_state,
            postcode: answers.business_postcode,
          }),
        }
      : {}),
    ...(onRegistration
      ? { governance: "constitution" }
      : { governance: "adopted", constitution_date: kitDate }),
    pre_registration_contracts: "No",
    incorporation_costs: "No",
    common_seal: "none",
    has_secretary: secretary ? "Yes" : "No",
    ...(secretary ? { secretary_name: nameOf(secretary.person) } : {}),
    shareholders: members.map((m) => ({
      name: nameOf(m.member),
      share_class: CLASS_NAMES.get(m.share_class ?? "ORD") ?? m.share_class,
      number: m.shares,
      price: m.paid_per_share ?? 0,
      beneficial: m.beneficial === "No" ? "No" : "Yes",
    })),
    financial_year_end: "30 June",
    bank_name: "a bank the directors choose",
    bank_signing: "any_one",
    bank_signatories: directorNames.map((name) => ({ name })),
    public_officer: nameOf(chair?.person),
    apply_abn: "Yes",
    apply_tfn: "Yes",
    register_gst: "No",
    register_payg: "No",
    accountant: "an accountant the directors choose",
  };

  const otherSigner =
    directors.length >= 2
      ? { signing_method: "two_directors", second_signer: directorNames[1] }
      : secretary && secretary.person !== directors[0]?.person && secretary.office === "secretary"
        ? { signing_method: "director_secretary", second_signer: nameOf(secretary.person) }
        : { signing_method: "sole" };
  const registers = {
    company,
    registered_in: text(answers.registered_in),
    registers_date: kitDate,
    first_signer: directorNames[0],
    ...otherSigner,
    members: members.map((m, index) => ({
      holder: m.member,
      date_entered: registered,
      beneficial: m.beneficial === "No" ? "No" : "Yes",
      parcels: [
        {
          certificate_number: index + 1,
          allotment_date: registered,
          share_class: m.share_class ?? "ORD",
          shares: m.shares,
          paid_per_share: m.paid_per_share ?? 0,
          unpaid_per_share: m.unpaid_per_share ?? 0,
        },
      ],
    })),
    // A company just registered has registered no transfer yet.
    has_transfers: "No",
    officers: officers.map((o) => ({
      name: nameOf(o.person),
      ...(o.has_former_names === "Yes" && text(o.former_names) ? { former_names: o.former_names } : {}),
      address: addressOf(o.person),
      office: o.office,
      appointed: registered,
      date_of_birth: o.date_of_birth,
      birth_place: `${text(o.birth_town)}, ${birthPlace(o)}`,
    })),
  };

  return {
    "company-constitution": constitution,
    "director-consent": consent,
    "first-directors-minutes": minutes,
    "share-certificates-registers": registers,
  };
}

/** The legal element's words as a name is written in prose; others (NL) stay as they are. */
const LEGAL_ELEMENT_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    PTY: "Pty",
    PROPRIETARY: "Proprietary",
    LTD: "Ltd",
    LIMITED: "Limited",
    NO: "No",
    LIABILITY: "Liability",
  }),
);

/**
 * A legal element as chosen for ASIC ("PTY LTD", "PTY. LTD.") in the form a company's name is
 * written in documents ("Pty Ltd", "Pty. Ltd."), keeping its punctuation.
 */
export function legalElementAsWritten(element: string): string {
  return element.replace(/[A-Za-z]+/g, (word) => LEGAL_ELEMENT_WORDS.get(word.toUpperCase()) ?? word);
}

/**
 * The registered company's name with its legal element as written ("Chen Investments Pty Ltd"),
 * for the kit documents' names. What is lodged with ASIC keeps the element as chosen.
 */
export function companyNameOf(answers: Record<string, unknown>, acn: string): string {
  const legalElement = legalElementAsWritten(text(answers.legal_element) || "PTY LTD");
  const name = answers.name_choice === "acn" ? formatAcn(acn) : text(answers.proposed_name);
  return `${name} ${legalElement}`.trim();
}
