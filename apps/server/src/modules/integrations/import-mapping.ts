import type { IntegrationClientDetail, IntegrationClientType, SimpleFundContact } from "@precedent/contracts";
import type { InterviewDefinition, Question, ReferenceQuestion } from "@precedent/docgen";

/**
 * How an imported client fills the interview's party fields (issue 17, item 4). The party
 * questions are the engine's (docgen parties.ts); this is the one place that says which field of a
 * practice app's client goes where:
 *
 * - Company → party type company; name without its legal element; the legal element as the
 *   interview's choice (Pty Ltd → PTY LTD); ACN; the registered address as street, suburb, state
 *   and postcode; its directors (one: sole director; more: the directors group, each signing) and
 *   its secretary.
 * - Trust → party type trust; the trust's name; its trustees as individual trustees with names and
 *   addresses.
 * - Self Managed Superannuation Fund → as a trust: the fund's name, and every person SF360 relates to
 *   it as trustees (members of an SMSF with individual trustees are its trustees, SIS Act s17A(1)).
 * - Individual, and SOLE_TRADER (a person trading on their own account) → first, middle and last
 *   names, and the address.
 */

type PartyType = "individual" | "company" | "trust";
type Answers = Record<string, unknown>;

/** The interview's party type a client of each type fills. */
export const PARTY_TYPE_OF_CLIENT: Record<IntegrationClientType, PartyType> = {
  Individual: "individual",
  Company: "company",
  Trust: "trust",
  "Self Managed Superannuation Fund": "trust",
  SOLE_TRADER: "individual",
};

/** The interview's legal-element choices (spec §3), longest first so "PTY LIMITED" wins over "LIMITED". */
const LEGAL_ELEMENTS = [
  "PROPRIETARY LIMITED",
  "PROPRIETARY LTD.",
  "PROPRIETARY LTD",
  "PTY. LIMITED",
  "PTY LIMITED",
  "PTY. LTD.",
  "PTY. LTD",
  "PTY LTD.",
  "PTY LTD",
  "LIMITED",
  "LTD.",
  "LTD",
];

/** "Harbour Holdings Pty Ltd" → name "Harbour Holdings" and legal element "PTY LTD". */
export function splitLegalElement(companyName: string) {
  const upper = companyName.trim().toUpperCase();
  for (const element of LEGAL_ELEMENTS) {
    if (upper.endsWith(` ${element}`))
      return { name: companyName.trim().slice(0, -element.length).trim(), legalElement: element };
  }
  return { name: companyName.trim(), legalElement: null };
}

const STATES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT", "NFK"];

/** "12 George Street, Sydney NSW 2000" → street, suburb, state and postcode. */
export function splitAddress(full: string) {
  const match = /^(.*),\s*(.+?)\s+([A-Z]{2,3})\s+(\d{4})$/.exec(full.trim());
  if (!match || !STATES.includes(match[3] ?? "")) return { street: full.trim() };
  return { street: match[1] ?? "", suburb: match[2] ?? "", state: match[3] ?? "", postcode: match[4] ?? "" };
}

function addressOf(client: Pick<IntegrationClientDetail, "address">): Answers {
  if (!client.address) return {};
  const { street, city, region, post_code } = client.address;
  if (street && city && STATES.includes(region) && post_code)
    return { street, suburb: city, state: region, postcode: post_code };
  return splitAddress(client.address.full_address);
}

/** A related person's name split at its last space: given names, then the family name. */
function personOf(fullName: string, address: Answers): Answers {
  const parts = fullName.trim().split(/\s+/);
  const last = parts.length > 1 ? (parts.pop() ?? "") : "";
  const [first, ...middle] = parts;
  return {
    party_type: "individual",
    first_name: first ?? "",
    ...(middle.length > 0 ? { middle_name: middle.join(" ") } : {}),
    last_name: last,
    ...address,
  };
}

/** The answers of one party question for this client. */
export function partyAnswers(client: IntegrationClientDetail): Answers {
  const address = addressOf(client);
  switch (client.type) {
    case "Company": {
      const { name, legalElement } = splitLegalElement(client.name);
      const directors = client.contacts.filter((c) => c.position === "Director").map((c) => c.full_name);
      const secretary = client.contacts.find((c) => c.position === "Secretary")?.full_name;
      const onlyDirector = directors.length === 1 ? directors[0] : undefined;
      return {
        party_type: "company",
        name,
        ...(client.legal_element || legalElement
          ? { legal_element: client.legal_element ?? legalElement }
          : {}),
        ...(client.acn ? { acn: client.acn } : {}),
        ...(client.abn ? { abn: client.abn } : {}),
        ...address,
        ...(onlyDirector
          ? { director_type: "sole", sole_director_name: onlyDirector }
          : directors.length > 1
            ? { director_type: "multiple", directors: directors.map((d) => ({ name: d, signs: "Yes" })) }
            : {}),
        ...(secretary && secretary !== onlyDirector ? { secretary_name: secretary } : {}),
        ...(secretary && onlyDirector
          ? { sole_director_is_secretary: secretary === onlyDirector ? "Yes" : "No" }
          : {}),
      };
    }
    case "Trust":
    case "Self Managed Superannuation Fund": {
      const people = client.related.map((r) => r.related_client_name);
      return {
        party_type: "trust",
        name: client.name,
        ...(client.abn ? { abn: client.abn } : {}),
        trustees: [...new Set(people)].map((n) => personOf(n, address)),
      };
    }
    case "Individual":
    case "SOLE_TRADER":
      return {
        party_type: "individual",
        first_name: client.first_name ?? "",
        last_name: client.last_name ?? "",
        ...address,
      };
  }
}

const isReference = (q: Question): q is ReferenceQuestion => q.type === "reference";

/** The top-level party questions of an interview (where Import Client can put a client). */
export const partyQuestionsOf = (definition: InterviewDefinition) => definition.questions.filter(isReference);

/** Sets a value at a dotted data path ("" merges it into the object). */
function put(target: Answers, dataPath: string, value: unknown) {
  if (dataPath === "") {
    Object.assign(target, value);
    return;
  }
  const keys = dataPath.split(".");
  let current = target;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    current[key] = typeof next === "object" && next !== null && !Array.isArray(next) ? next : {};
    current = current[key] as Answers;
  }
  current[keys[keys.length - 1] ?? ""] = value;
}

export type ImportOutcome =
  | { ok: true; answers: Answers }
  | { ok: false; reason: "no_question" }
  /** `why`: which fields did not match, in a sentence for the person importing. */
  | { ok: false; reason: "mismatch"; why: string };

const PARTY_TYPE_WORDS: Record<PartyType, string> = {
  individual: "an individual",
  company: "a company",
  trust: "a trust",
};

/** "Director takes an individual or a company, but Banksia Holdings Pty Ltd is a trust." */
function typeMismatch(label: string, takes: readonly PartyType[], name: string, is: string) {
  const wanted = takes.map((type) => PARTY_TYPE_WORDS[type]).join(" or ");
  return `"${label}" takes ${wanted || "no client"}, but ${name} is ${is}.`;
}

/**
 * Import Client: the client fills one party question, if the question takes a party of its type
 * (a company into a question for individuals is a mismatch, as spec §4 has it).
 */
export function importIntoParty(
  definition: InterviewDefinition,
  questionId: string,
  client: IntegrationClientDetail,
): ImportOutcome {
  const question = partyQuestionsOf(definition).find((q) => q.id === questionId);
  if (!question) return { ok: false, reason: "no_question" };
  const clientType = PARTY_TYPE_OF_CLIENT[client.type];
  if (!question.partyTypes.includes(clientType)) {
    const is =
      client.type === "Self Managed Superannuation Fund"
        ? "a self managed superannuation fund"
        : PARTY_TYPE_WORDS[clientType];
    return {
      ok: false,
      reason: "mismatch",
      why: typeMismatch(question.label, question.partyTypes, client.name, is),
    };
  }
  const answers: Answers = {};
  put(answers, question.dataPath, partyAnswers(client));
  return { ok: true, answers };
}

/** A group whose entries are one party each (the fund's trustees, its members). */
function partyGroup(definition: InterviewDefinition, idPattern: RegExp) {
  for (const q of definition.questions) {
    if (q.type !== "group" || !idPattern.test(q.id)) continue;
    const party = q.questions.find(isReference);
    if (party) return { group: q, party };
  }
  return undefined;
}

/**
 * Select Fund: an SMSF fills the interview's fund questions — the fund's name (a text question
 * `fund_name`), its trustees group (every member, as individual trustees, and anyone else SF360
 * relates to the fund as trustee) and its members group (the relations spec §7 maps to member).
 */
export function importFund(definition: InterviewDefinition, fund: IntegrationClientDetail): ImportOutcome {
  if (fund.type !== "Self Managed Superannuation Fund") {
    const is = PARTY_TYPE_WORDS[PARTY_TYPE_OF_CLIENT[fund.type]];
    return {
      ok: false,
      reason: "mismatch",
      why: `Select Fund takes a self managed superannuation fund, but ${fund.name} is ${is}.`,
    };
  }
  const fundName = definition.questions.find((q) => q.id === "fund_name" && q.type === "text");
  const trustees = partyGroup(definition, /trustee/);
  const members = partyGroup(definition, /member/);
  if (!fundName && !trustees && !members) return { ok: false, reason: "no_question" };
  const answers: Answers = {};
  const address = addressOf(fund);
  if (fundName) put(answers, fundName.dataPath, fund.name);
  if (trustees) {
    const names = [...new Set(fund.related.map((r) => r.related_client_name))];
    put(
      answers,
      trustees.group.dataPath,
      names.map((name) => {
        const entry: Answers = {};
        put(entry, trustees.party.dataPath, personOf(name, address));
        return entry;
      }),
    );
  }
  if (members) {
    put(
      answers,
      members.group.dataPath,
      fund.related
        .filter((r) => r.type === "member")
        .map((r) => {
          const entry: Answers = {};
          put(entry, members.party.dataPath, personOf(r.related_client_name, address));
          return entry;
        }),
    );
  }
  return { ok: true, answers };
}

/** One person of the fund as the interview holds them, for Simple Fund 360's contact validation. */
export type FundContact = {
  relation: "member" | "trustee";
  first_name: string;
  last_name: string;
  /** A corporate trustee's name (its people are not the fund's contacts). */
  company_name: string | null;
  dob: string | null;
  address: string | null;
};

function read(source: unknown, dataPath: string): unknown {
  if (dataPath === "") return source;
  let current = source;
  for (const key of dataPath.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Answers)[key];
  }
  return current;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The fund of a document's answers, the reverse of Select Fund: the fund's name and the people of
 * its members and trustees groups, as the person has them now (edited or not).
 */
export function fundOfAnswers(definition: InterviewDefinition, answers: Answers) {
  const fundName = definition.questions.find((q) => q.id === "fund_name" && q.type === "text");
  const contacts: FundContact[] = [];
  for (const [relation, pattern] of [
    ["member", /member/],
    ["trustee", /trustee/],
  ] as const) {
    const group = partyGroup(definition, pattern);
    if (!group) continue;
    const entries = read(answers, group.group.dataPath);
    for (const entry of Array.isArray(entries) ? entries : []) {
      const person = read(entry, group.party.dataPath) as Answers | undefined;
      if (!person || typeof person !== "object") continue;
      const address = [text(person.street), text(person.suburb), text(person.state), text(person.postcode)]
        .filter(Boolean)
        .join(" ");
      const company = person.party_type === "company";
      contacts.push({
        relation,
        first_name: company ? "" : text(person.first_name),
        last_name: company ? "" : text(person.last_name),
        company_name: company ? text(person.name) || null : null,
        dob: text(person.dob) || text(person.date_of_birth) || null,
        address: address || null,
      });
    }
  }
  return { name: fundName ? text(read(answers, fundName.dataPath)) : "", contacts };
}

/** A fund contact as an individual client, so it maps as Import Client maps individuals. */
export function contactAsIndividual(contact: SimpleFundContact, system: string): IntegrationClientDetail {
  const address = contact.address ? splitAddress(contact.address) : null;
  return {
    id: contact.id,
    name: contact.name,
    type: "Individual",
    first_name: contact.first_name,
    last_name: contact.last_name,
    dob: contact.dob,
    acn: null,
    abn: null,
    legal_element: null,
    system,
    address:
      contact.address && address
        ? {
            full_address: contact.address,
            street: address.street,
            city: address.suburb ?? "",
            region: address.state ?? "",
            post_code: address.postcode ?? "",
            country: "Australia",
          }
        : null,
    contacts: [],
    related: [],
  };
}

/** An ISO date (as SF360 gives it) as the interview writes dates, DD/MM/YYYY; anything else as is. */
const interviewDate = (value: string) => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
};

const sameName = (a: unknown, first: string, last: string) => {
  const person = (a ?? {}) as Answers;
  return (
    text(person.first_name).toLowerCase() === first.trim().toLowerCase() &&
    text(person.last_name).toLowerCase() === last.trim().toLowerCase()
  );
};
const blankParty = (a: unknown) => {
  const person = (a ?? {}) as Answers;
  return !text(person.first_name) && !text(person.last_name) && !text(person.name);
};

/**
 * Select Member/Trustee: one of the fund's people into a party question (as an individual, like
 * Import Client), or into a group of parties such as the fund's members or trustees. In a group the
 * person replaces their own entry (same first and last name), else fills the first blank entry, else
 * is added; the group's date of birth question takes their date of birth. `saved` is the document's
 * answers, so the group's other entries are kept.
 */
export function importFundContact(
  definition: InterviewDefinition,
  questionId: string,
  contact: SimpleFundContact,
  system: string,
  saved: Answers,
): ImportOutcome | { ok: false; reason: "full" } {
  const individual = contactAsIndividual(contact, system);
  const group = definition.questions.find((q) => q.id === questionId && q.type === "group");
  if (group?.type !== "group") return importIntoParty(definition, questionId, individual);
  const party = group.questions.find(isReference);
  if (!party) return { ok: false, reason: "no_question" };
  if (!party.partyTypes.includes("individual")) {
    return {
      ok: false,
      reason: "mismatch",
      why: typeMismatch(party.label, party.partyTypes, contact.name, "an individual"),
    };
  }
  const current = read(saved, group.dataPath);
  const entries = (Array.isArray(current) ? current : []).map((e) =>
    typeof e === "object" && e !== null ? structuredClone(e as Answers) : {},
  );
  let index = entries.findIndex((e) =>
    sameName(read(e, party.dataPath), contact.first_name, contact.last_name),
  );
  if (index < 0) index = entries.findIndex((e) => blankParty(read(e, party.dataPath)));
  if (index < 0) {
    if (entries.length >= group.max) return { ok: false, reason: "full" };
    entries.push({});
    index = entries.length - 1;
  }
  const entry = entries[index] ?? {};
  put(entry, party.dataPath, partyAnswers(individual));
  const birth = group.questions.find((q) => q.type === "date" && /birth|dob/.test(q.id));
  if (birth && contact.dob) put(entry, birth.dataPath, interviewDate(contact.dob));
  entries[index] = entry;
  const answers: Answers = {};
  put(answers, group.dataPath, entries);
  return { ok: true, answers };
}
