import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signIn, type TestApp } from "./harness.ts";
import {
  baseRequest,
  bodyText,
  type Operation,
  operationsOf,
  RAW_NUMBER,
  type RequestParts,
  type Slot,
  urlOf,
  withSlot,
} from "./openapi-requests.ts";

/**
 * Every route of the OpenAPI description, each id and text field in turn given a value the
 * database cannot take (past PostgreSQL's integer, negative, infinite, a NUL character): the
 * answer is never a 5xx, always the `{message, data}` envelope, and a 400 names the field.
 */

const BAD_NUMBERS = [RAW_NUMBER("2147483648"), -1, RAW_NUMBER("1e309")];
const BAD_TEXTS = ["a\u0000b", "\u0000"];

/** The bad values tried in a slot of this kind. */
function badValuesFor(slot: Slot): unknown[] {
  switch (slot.kind) {
    case "integer":
    case "number":
      return BAD_NUMBERS;
    case "string":
      return BAD_TEXTS;
    case "unknown":
      // Free-form fields (interview answers, metadata): a NUL-bearing text inside them.
      return slot.in === "body" ? [{ note: "a\u0000b" }, "a\u0000b"] : BAD_TEXTS;
    default:
      return [];
  }
}

const slotName = (slot: Slot) => slot.path.join(".");

let t: TestApp;
let token: string;
let operations: Operation[];
let known: (op: Operation) => (name: string) => unknown;

beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { perAccountAddress: 1_000_000, perAddress: 1_000_000 } });
  const { team, owner } = await t.buildTeam();
  const folder = await t.buildFolder({ teamId: team.id, createdBy: owner.id });
  const other = await t.buildFolder({ teamId: team.id, createdBy: owner.id });
  const doc = await t.buildDocument({ teamId: team.id, createdBy: owner.id, folderId: folder.id });
  token = await signIn(t, owner.email);
  await t.app.ready();
  operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
  // Real ids where the route names them, so requests reach past "not found" into the handler.
  known = (op) => (name) => {
    if (name === "id_team") return team.id;
    // A company number must pass its check digits: a plausible one, so the Company form's bad values are its own.
    if (name === "company_registration_no") return "004 085 616";
    if (name === "folder_id" || name === "folder_parent_id") return folder.id;
    if (name === "to_folder_id") return other.id;
    if (name === "docId" || name === "doc_id") return doc.id;
    if (name === "list_doc") return [doc.id];
    if (name === "id") return op.route.startsWith("/api/folder") ? folder.id : doc.id;
    return undefined;
  };
}, 180_000);
afterAll(() => t?.close());

type Outcome = {
  op: string;
  slot: string;
  value: string;
  status: number;
  body: string;
  /** What the request answered with every slot at its plausible value. */
  baseStatus: number;
};

async function send(op: Operation, parts: RequestParts) {
  const hasBody = parts.body !== undefined && op.method !== "GET";
  return t.app.inject({
    method: op.method,
    url: urlOf(op.route, parts),
    headers: { ...bearer(token), ...(hasBody ? { "content-type": "application/json" } : {}) },
    ...(hasBody ? { payload: bodyText(parts.body) } : {}),
  });
}

const isEnvelope = (body: unknown) =>
  !!body &&
  typeof body === "object" &&
  typeof (body as { message?: unknown }).message === "string" &&
  "data" in body;

describe("bad ids and NUL characters in every route of the OpenAPI description", () => {
  it("never answers 5xx, always answers the envelope, and a 400 names the field", async () => {
    const outcomes: Outcome[] = [];
    const started = performance.now();
    for (const op of operations) {
      // Signing out would end the session the rest of the table uses.
      if (op.route === "/api/logout" || op.route.includes("sign-out")) continue;
      const base = baseRequest(op, known(op));
      const baseStatus = (await send(op, base)).statusCode;
      for (const slot of op.slots) {
        for (const value of badValuesFor(slot)) {
          const res = await send(op, withSlot(base, slot, value));
          outcomes.push({
            op: `${op.method} ${op.route}`,
            slot: `${slot.in}:${slotName(slot)}`,
            value: JSON.stringify(value),
            status: res.statusCode,
            // Whole: a long refusal (a form with many fields) cut short would not parse as JSON.
            body: res.body,
            baseStatus,
          });
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const serverErrors = outcomes.filter((o) => o.status >= 500);
    const notEnvelope = outcomes.filter((o) => {
      try {
        return !isEnvelope(JSON.parse(o.body));
      } catch {
        return true;
      }
    });
    // A refusal of bad input says which field was wrong (when the rest of the request was good:
    // a field put into a list item the plausible request lacked may leave its siblings missing).
    const unnamed = outcomes.filter((o) => {
      if (o.status !== 400 || o.baseStatus === 400) return false;
      const fields: string[] = (JSON.parse(o.body).data?.errors ?? []).map((e: { field: string }) => e.field);
      const name = o.slot.slice(o.slot.indexOf(":") + 1);
      const item = name.match(/^(.*\.\d+)\./)?.[1];
      return !fields.some(
        (f) =>
          f === name ||
          name.startsWith(`${f}.`) ||
          f.startsWith(`${name}.`) ||
          (item && f.startsWith(`${item}.`)),
      );
    });
    console.info(
      `bad-input table: ${operations.length} operations, ${outcomes.length} requests in ${seconds} s; ` +
        `${serverErrors.length} answered 5xx, ${notEnvelope.length} without the envelope, ` +
        `${unnamed.length} 400s not naming the field`,
    );
    expect(outcomes.length).toBeGreaterThan(300);
    // Shown with the body's start only, to keep a failure readable.
    const shown = (list: Outcome[]) => list.map((o) => ({ ...o, body: o.body.slice(0, 300) }));
    expect(shown(serverErrors)).toEqual([]);
    expect(shown(notEnvelope)).toEqual([]);
    expect(shown(unnamed)).toEqual([]);
  }, 600_000);
});
