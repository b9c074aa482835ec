import type {
  IntegrationAppSlug,
  IntegrationClient,
  IntegrationClientDetail,
  SimpleFundContact,
} from "@precedent/contracts";
import { fundDetail } from "./fund-detail.ts";

/**
 * The sandbox's practice data: companies with officers and shareholders, trusts with trustees,
 * SMSFs with members and trustees, and individuals. Generated from a fixed seed per app, so every
 * run and every server sees the same clients.
 */

export type SandboxPerson = { givenName: string; familyName: string; dateOfBirth: string; address: string };
export type SandboxCompany = {
  kind: "Company";
  id: string;
  name: string;
  acn: string;
  address: string;
  officers: (SandboxPerson & { role: "Director" | "Secretary"; appointedOn: string })[];
  shareholders: (SandboxPerson & { shareClass: "ORD"; shares: number })[];
};
export type SandboxTrust = { kind: "Trust"; id: string; name: string; trustees: SandboxPerson[] };
export type SandboxFund = {
  kind: "Self Managed Superannuation Fund";
  id: string;
  name: string;
  abn: string;
  members: (SandboxPerson & { relation: "member" | "leaving member" | "leading member" })[];
  trustees: SandboxPerson[];
} & SandboxFundRecord;
/** Spec §3 Fund: what SF360 holds of the fund besides its people (TFN in full, as the app gives it). */
export type SandboxFundRecord = {
  code: string;
  financialYearFrom: string;
  tfn: string;
  esa: string;
  dateFormed: string;
  windUpDate: string | null;
  trustDeedSource: string;
  physicalAddress: string;
};
export type SandboxIndividual = { kind: "Individual"; id: string } & SandboxPerson;
/** A person trading on their own account, under their own name, with an ABN. */
export type SandboxSoleTrader = { kind: "SOLE_TRADER"; id: string; abn: string } & SandboxPerson;
export type SandboxClient =
  | SandboxCompany
  | SandboxTrust
  | SandboxFund
  | SandboxIndividual
  | SandboxSoleTrader;

const GIVEN = [
  "Olivia",
  "Jack",
  "Charlotte",
  "William",
  "Amelia",
  "Noah",
  "Isla",
  "Thomas",
  "Mia",
  "Lachlan",
];
const FAMILY = [
  "Nguyen",
  "Smith",
  "Williams",
  "Brown",
  "Jones",
  "Wilson",
  "Taylor",
  "Kelly",
  "Murphy",
  "Singh",
];
const STREETS = ["George Street", "Collins Street", "Queen Street", "Hay Street", "King William Street"];
const PLACES = [
  "Sydney NSW 2000",
  "Melbourne VIC 3000",
  "Brisbane QLD 4000",
  "Perth WA 6000",
  "Adelaide SA 5000",
];
const BUSINESS = [
  "Harbour",
  "Banksia",
  "Southern Cross",
  "Wattle",
  "Coastal",
  "Red Gum",
  "Bluestone",
  "Kookaburra",
];
const TRADE = ["Holdings", "Constructions", "Consulting", "Investments", "Logistics", "Dental"];

/** A small seeded generator (mulberry32): the same seed gives the same sequence everywhere. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { pick, int };
}

/** An ACN with its check digit (ASIC's modulus-10 rule over weights 8 … 1). */
export function acnWithCheckDigit(base8: number) {
  const digits = String(base8).padStart(8, "0").split("").map(Number);
  const sum = digits.reduce((total, d, i) => total + d * (8 - i), 0);
  const check = (10 - (sum % 10)) % 10;
  const all = `${digits.join("")}${check}`;
  return `${all.slice(0, 3)} ${all.slice(3, 6)} ${all.slice(6)}`;
}

const DEED_SOURCES = ["Precedent", "Townsends Business & Corporate Lawyers", "Other"];
const ESAS = ["smsfdataflow", "esuperfund", "ClickSuper"];

/**
 * A fund's record, from a generator seeded with its id alone: the client list's sequence (and so
 * every other client) is the same as before funds carried these fields.
 */
function fundRecord(id: string, name: string, address: string): SandboxFundRecord {
  const r = seeded(seedOf(id));
  const formed = r.int(1995, 2022);
  const code = name
    .replace(/[^A-Za-z]/g, "")
    .toUpperCase()
    .slice(0, 6);
  return {
    code: `${code}${String(r.int(1, 99)).padStart(2, "0")}`,
    financialYearFrom: "2025-07-01",
    tfn: String(r.int(100_000_000, 999_999_999)),
    esa: r.pick(ESAS),
    dateFormed: `${formed}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`,
    // One fund in ten has been wound up.
    windUpDate: r.int(1, 10) === 1 ? `2024-${String(r.int(1, 12)).padStart(2, "0")}-15` : null,
    trustDeedSource: r.pick(DEED_SOURCES),
    physicalAddress: address,
  };
}

const seedOf = (app: string) =>
  [...app].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);

/** `organisation` names a second sandbox organisation, with clients of its own. */
export function sandboxClients(app: IntegrationAppSlug, count = 120, organisation = ""): SandboxClient[] {
  const prefix = organisation ? `${app}-${organisation}` : app;
  const r = seeded(seedOf(prefix));
  const person = (): SandboxPerson => ({
    givenName: r.pick(GIVEN),
    familyName: r.pick(FAMILY),
    dateOfBirth: `${r.int(1950, 1995)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`,
    address: `${r.int(1, 400)} ${r.pick(STREETS)}, ${r.pick(PLACES)}`,
  });
  const date = () =>
    `${r.int(2005, 2025)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;
  const clients: SandboxClient[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${String(i + 1).padStart(4, "0")}`;
    switch (i % 4) {
      case 0: {
        const directors = Array.from({ length: r.int(1, 3) }, () => ({
          ...person(),
          role: "Director" as const,
          appointedOn: date(),
        }));
        clients.push({
          kind: "Company",
          id,
          name: `${r.pick(BUSINESS)} ${r.pick(TRADE)} Pty Ltd`,
          acn: acnWithCheckDigit(r.int(10_000_000, 99_999_999)),
          address: `${r.int(1, 400)} ${r.pick(STREETS)}, ${r.pick(PLACES)}`,
          officers: [...directors, { ...person(), role: "Secretary", appointedOn: date() }],
          shareholders: directors.map((d) => ({
            ...d,
            shareClass: "ORD" as const,
            shares: r.int(1, 100) * 10,
          })),
        });
        break;
      }
      case 1: {
        const family = r.pick(FAMILY);
        clients.push({ kind: "Trust", id, name: `${family} Family Trust`, trustees: [person(), person()] });
        break;
      }
      case 2: {
        const members = Array.from({ length: r.int(1, 4) }, (_, n) => ({
          ...person(),
          relation: n === 0 ? ("leading member" as const) : ("member" as const),
        }));
        const name = `${members[0]?.familyName ?? r.pick(FAMILY)} Superannuation Fund`;
        clients.push({
          kind: "Self Managed Superannuation Fund",
          id,
          name,
          abn: String(r.int(10_000_000_000, 99_999_999_999)),
          members,
          trustees: members.map(({ relation: _relation, ...p }) => p),
          ...fundRecord(id, name, members[0]?.address ?? ""),
        });
        break;
      }
      default: {
        // One person in three trades on their own account: decided from the id alone, so the
        // list's sequence (and every other client) is as it was before sole traders.
        const own = seeded(seedOf(id));
        clients.push(
          own.int(1, 3) === 1
            ? { kind: "SOLE_TRADER", id, abn: String(own.int(10_000_000_000, 99_999_999_999)), ...person() }
            : { kind: "Individual", id, ...person() },
        );
      }
    }
  }
  return clients;
}

export const clientSummary = (client: SandboxClient): IntegrationClient => ({
  id: client.id,
  name:
    client.kind === "Individual" || client.kind === "SOLE_TRADER"
      ? `${client.givenName} ${client.familyName}`
      : client.name,
  type: client.kind,
  ...(client.kind === "Self Managed Superannuation Fund" ? { code: client.code } : {}),
});

const fullName = (p: SandboxPerson) => `${p.givenName} ${p.familyName}`;
/** SF360's relations (spec §7): these three are members; any other relation is a trustee. */
export const relationType = (relation: string): "member" | "trustee" =>
  ["member", "leaving member", "leading member"].includes(relation.trim().toLowerCase())
    ? "member"
    : "trustee";

export function addressDetail(full: string): NonNullable<IntegrationClientDetail["address"]> {
  const match = /^(.*),\s*(.+?)\s+([A-Z]{2,3})\s+(\d{4})$/.exec(full);
  return {
    full_address: full,
    street: match?.[1] ?? full,
    city: match?.[2] ?? "",
    region: match?.[3] ?? "",
    post_code: match?.[4] ?? "",
    country: "Australia",
  };
}

/** The client's detail as the sandbox's API gives it (spec §3 Client). */
export function clientDetail(client: SandboxClient, system: string): IntegrationClientDetail {
  const base = {
    ...clientSummary(client),
    first_name: null,
    last_name: null,
    dob: null,
    acn: null,
    abn: null,
    legal_element: null,
    system,
    address: null,
    contacts: [],
    related: [],
  };
  switch (client.kind) {
    case "Company":
      return {
        ...base,
        acn: client.acn,
        address: addressDetail(client.address),
        contacts: client.officers.map((o) => ({
          full_name: fullName(o),
          position: o.role,
          appointed_on: o.appointedOn,
        })),
        related: client.shareholders.map((s) => ({
          related_client_name: fullName(s),
          relation: `${s.shares} ${s.shareClass} shares`,
          type: "shareholder",
        })),
      };
    case "Trust":
      return {
        ...base,
        address: client.trustees[0] ? addressDetail(client.trustees[0].address) : null,
        related: client.trustees.map((t) => ({
          related_client_name: fullName(t),
          relation: "trustee",
          type: "trustee",
        })),
      };
    case "Self Managed Superannuation Fund":
      return {
        ...base,
        abn: client.abn,
        address: client.members[0] ? addressDetail(client.members[0].address) : null,
        fund: fundDetail({
          ...client,
          physicalAddress: client.physicalAddress ? addressDetail(client.physicalAddress) : null,
        }),
        related: client.members.map((m) => ({
          related_client_name: fullName(m),
          relation: m.relation,
          type: relationType(m.relation),
        })),
      };
    case "Individual":
    case "SOLE_TRADER":
      return {
        ...base,
        first_name: client.givenName,
        last_name: client.familyName,
        dob: client.dateOfBirth,
        abn: client.kind === "SOLE_TRADER" ? client.abn : null,
        address: addressDetail(client.address),
      };
  }
}

/**
 * The fund's contacts as SF360's list-contact gives them: each member with their own relation,
 * then each individual trustee (the same people, as an SMSF's members are its trustees).
 */
export function fundContacts(fund: SandboxFund): SimpleFundContact[] {
  const contact = (p: SandboxPerson, id: string, relation: string): SimpleFundContact => ({
    id,
    name: fullName(p),
    first_name: p.givenName,
    last_name: p.familyName,
    dob: p.dateOfBirth,
    relation,
    type: relationType(relation),
    address: p.address,
  });
  return [
    ...fund.members.map((m, i) => contact(m, `${fund.id}-m${i + 1}`, m.relation)),
    ...fund.trustees.map((t, i) => contact(t, `${fund.id}-t${i + 1}`, "trustee")),
  ];
}
