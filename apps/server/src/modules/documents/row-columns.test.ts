import { type DocumentAbilities, type DocumentRow, SigningRowColumns } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { documentLogs } from "../logs/index.ts";
import { signingDocumentColumns, signingEnvelopes } from "../signing/index.ts";
import { createRowColumnsRegistry, type DocumentRowColumns } from "./row-columns.ts";

// The registry never touches the database itself: each registration reads through the db given.
const db = {} as Database;

const columns = (over: Partial<DocumentRowColumns>): DocumentRowColumns => ({
  name: "probe",
  schema: SigningRowColumns.pick({ total_signer: true }),
  tables: [signingEnvelopes],
  read: async (_db, _teamId, docIds) => new Map(docIds.map((id) => [id, { total_signer: id * 10 }])),
  ...over,
});

const everything: DocumentAbilities = {
  move: true,
  rename: true,
  delete: true,
  share: true,
  unshare: true,
  copy: true,
  interview: true,
  download_pdf: true,
  download_word: true,
  sign: true,
  legal_review: true,
  upgrade_prompt: false,
  owner_confirmation: false,
  relaunch: true,
  sign_upgrade: false,
  share_upgrade: false,
  copy_upgrade: false,
};
/** A row as the documents module builds it; the registry reads only its id and abilities. */
const row = (id: number, abilities: Partial<DocumentAbilities> = {}) =>
  ({ id, name: `Document ${id}`, abilities: { ...everything, ...abilities } }) as DocumentRow;

describe("the document list's row-columns registry", () => {
  it("fields by the reader (forViewer) replace read's for that reader; rows without a reader keep read's", async () => {
    const registry = createRowColumnsRegistry();
    const readers: number[] = [];
    registry.register(
      columns({
        forViewer(viewer, presented, own) {
          readers.push(viewer.userId);
          return {
            total_signer:
              viewer.userId + presented.id + ((own as { total_signer: number }).total_signer ?? 0),
          };
        },
      }),
    );
    const viewer = { userId: 100, role: "member" as const, planSlug: "ly-pro" };
    const [seen] = await registry.present(db, 7, [row(2)], viewer);
    expect(seen).toMatchObject({ id: 2, total_signer: 122 });
    expect(readers).toEqual([100]);
    const [unseen] = await registry.present(db, 7, [row(2)]);
    expect(unseen).toMatchObject({ id: 2, total_signer: 20 });
  });

  it("merges every registration's fields per document, passing the firm and the page's ids", async () => {
    const registry = createRowColumnsRegistry();
    const asked: { teamId: number; docIds: number[] }[] = [];
    registry.register(
      columns({
        read: async (_db, teamId, docIds) => {
          asked.push({ teamId, docIds });
          return new Map([[2, { total_signer: 3 }]]);
        },
      }),
    );
    registry.register(
      columns({
        name: "second",
        schema: SigningRowColumns.pick({ bundle_status: true }),
        read: async () => new Map([[2, { bundle_status: "rejected" }]]),
      }),
    );
    const [first, second] = await registry.present(db, 7, [row(1), row(2)]);
    expect(asked).toEqual([{ teamId: 7, docIds: [1, 2] }]);
    expect(second).toMatchObject({ id: 2, total_signer: 3, bundle_status: "rejected" });
    expect(first).toEqual(row(1));
  });

  it("asks nothing for an empty page", async () => {
    const registry = createRowColumnsRegistry();
    let calls = 0;
    registry.register(
      columns({
        read: async () => {
          calls++;
          return new Map();
        },
      }),
    );
    expect(await registry.present(db, 7, [])).toEqual([]);
    expect(calls).toBe(0);
  });

  it("turns off the abilities a registration refuses on a row, given that registration's own fields", async () => {
    const registry = createRowColumnsRegistry();
    const seen: unknown[] = [];
    registry.register(
      columns({
        read: async () => new Map([[2, { total_signer: 3 }]]),
        narrowAbilities(presented, own) {
          seen.push([presented.id, own]);
          return own ? { copy: false, sign: false } : {};
        },
      }),
    );
    const [first, second] = await registry.present(db, 7, [row(1), row(2, { sign: false })]);
    expect(seen).toEqual([
      [1, undefined],
      [2, { total_signer: 3 }],
    ]);
    expect(first?.abilities).toEqual(everything);
    expect(second?.abilities).toEqual({ ...everything, copy: false, sign: false });
  });

  it("never turns an ability on, whatever a registration returns", async () => {
    const registry = createRowColumnsRegistry();
    registry.register(
      columns({
        // Typed to allow only false; a registration forced past the type still widens nothing.
        narrowAbilities: () => ({ copy: true, delete: false, invented: false }) as never,
      }),
    );
    const [presented] = await registry.present(db, 7, [row(1, { copy: false })]);
    expect(presented?.abilities).toEqual({ ...everything, copy: false, delete: false });
  });

  it("refuses a field the DocumentRow contract lacks: the reply would drop it", () => {
    const registry = createRowColumnsRegistry();
    expect(() => registry.register(columns({ schema: z.object({ ppsr_status: z.string() }) }))).toThrow(
      "probe: ppsr_status is not an optional field of DocumentRow",
    );
  });

  it("refuses a field the documents module itself sends", () => {
    const registry = createRowColumnsRegistry();
    expect(() => registry.register(columns({ schema: z.object({ name: z.string() }) }))).toThrow(
      "probe: name is not an optional field of DocumentRow",
    );
  });

  it("refuses a field another module already adds", () => {
    const registry = createRowColumnsRegistry();
    registry.register(signingDocumentColumns);
    expect(() => registry.register(columns({}))).toThrow("probe: total_signer is already added by signing");
  });

  it("refuses a table whose changes do not move the document lists", () => {
    const registry = createRowColumnsRegistry();
    expect(() => registry.register(columns({ tables: [documentLogs] }))).toThrow(
      "probe: document_logs is not in the freshness registry's FIRM_ROWS",
    );
  });

  it("takes the signing module's columns", () => {
    expect(() => createRowColumnsRegistry().register(signingDocumentColumns)).not.toThrow();
  });
});
