import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./client.ts";

// bytea through PGlite's connection uses Node's hex codec (client.ts PGLITE_BYTEA): the bytes
// stored must be the bytes given, including a view into a larger buffer, and come back as a plain
// Uint8Array as PGlite's own parser gave them.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite("memory://");
  await handle.db.execute(sql`create table blobs (id int primary key, content bytea)`);
});
afterAll(() => handle.close());

const rowsOf = async (id: number) =>
  (
    (await handle.db.execute(
      sql`select content, encode(content, 'hex') as hex from blobs where id = ${id}`,
    )) as unknown as {
      rows: { content: Uint8Array; hex: string }[];
    }
  ).rows;

describe("bytea on PGlite", () => {
  it("stores every byte value as given and reads it back as a plain Uint8Array", async () => {
    const bytes = new Uint8Array(300 * 1024).map((_, i) => (i * 7) % 256);
    await handle.db.execute(sql`insert into blobs values (1, ${bytes})`);
    const [row] = await rowsOf(1);
    // What the database holds, in its own words: the same hex as the bytes.
    expect(row?.hex).toBe(Buffer.from(bytes).toString("hex"));
    expect(row?.content).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(row?.content)).toBe(false);
    expect(row?.content).toEqual(bytes);
  });

  it("stores only the viewed bytes of a view into a larger buffer", async () => {
    const whole = randomBytes(4096);
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 100, 1000);
    await handle.db.execute(sql`insert into blobs values (2, ${view})`);
    const [row] = await rowsOf(2);
    expect(row?.hex).toBe(Buffer.from(view).toString("hex"));
    expect(row?.content).toEqual(new Uint8Array(whole.subarray(100, 1100)));
  });

  it("stores and reads empty content", async () => {
    await handle.db.execute(sql`insert into blobs values (3, ${new Uint8Array(0)})`);
    const [row] = await rowsOf(3);
    expect(row?.hex).toBe("");
    expect(row?.content).toEqual(new Uint8Array(0));
  });
});
