import { FOLDER_NOT_EMPTY } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { folders } from "./schema.ts";

// GET /api/folder/{id}/delete-check: the web asks it before the delete's confirmation, so a
// folder that cannot be deleted is refused at once (issue 33 item 8). It must say exactly what
// the delete would say, and change nothing.

let t: TestApp;
let teamId: number;
let ids: FirmWithPeople["ids"];
let as: FirmWithPeople["as"];
let outsider: FirmClient;
let lite: FirmClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, ids, as, outsider, lite } = await buildFirmWithPeople(t));
});
afterAll(() => t.close());

const folderRow = async (id: number) => (await t.db.select().from(folders).where(eq(folders.id, id)))[0];
type FolderInput = Parameters<TestApp["buildFolder"]>[0];
const personal = (createdBy: number, over: Partial<FolderInput> = {}) =>
  t.buildFolder({ teamId, createdBy, ...over });
const firmFolder = (createdBy: number, over: Partial<FolderInput> = {}) =>
  t.buildFolder({ teamId, createdBy, type: 2, ...over });
const check = (client: FirmClient, id: number) => client.get(`/api/folder/${id}/delete-check`);

describe("GET /api/folder/{id}/delete-check", () => {
  it("answers no refusal for an empty folder, and the folder stays until it is deleted", async () => {
    const folder = await personal(ids.alice);
    const res = await check(as.alice, folder.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "", data: { id: folder.id, refusal: null } });
    expect(await folderRow(folder.id)).toBeDefined();
    expect((await as.alice.del(`/api/folder/${folder.id}`)).statusCode).toBe(200);
  });

  it("answers the delete's own refusal for a folder holding a sub folder, a document or a shared one", async () => {
    const withChild = await personal(ids.alice);
    await personal(ids.alice, { parent: withChild });
    const withDocument = await personal(ids.alice);
    await t.buildDocument({ teamId, createdBy: ids.alice, folderId: withDocument.id });
    const withShared = await firmFolder(ids.alice);
    await t.buildDocument({ teamId, createdBy: ids.alice, sharedIn: [{ folderId: withShared.id }] });
    for (const folder of [withChild, withDocument, withShared]) {
      const res = await check(as.alice, folder.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: folder.id, refusal: FOLDER_NOT_EMPTY });
      // The same words as the delete, which still refuses on its own.
      const deleted = await as.alice.del(`/api/folder/${folder.id}`);
      expect([deleted.statusCode, deleted.json().message]).toEqual([409, FOLDER_NOT_EMPTY]);
      expect(await folderRow(folder.id)).toBeDefined();
    }
  });

  it("refuses, as the delete does, one who may not delete the folder", async () => {
    const folder = await firmFolder(ids.alice);
    const res = await check(as.bob, folder.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe((await as.bob.del(`/api/folder/${folder.id}`)).json().message);
    expect((await check(as.owner, folder.id)).json().data.refusal).toBeNull();
  });

  it("answers 404 for another firm and for another member's private folder", async () => {
    const folder = await personal(ids.alice);
    for (const client of [outsider, lite, as.bob]) {
      const res = await check(client, folder.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().data?.refusal).toBeUndefined();
    }
    expect((await check(as.alice, 999_999)).statusCode).toBe(404);
  });
});
