import {
  COPY_NAME_EXISTS,
  type CreateDraftRequest,
  DOCUMENT_NAME_DUPLICATED,
  type DocumentDetail,
  type DocumentRow,
  type DocumentStatus,
  type DocumentType,
  type ListSection,
  type LogChange,
  MY_DOCUMENTS,
  PERSONAL_FOLDER,
} from "@precedent/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { LITE_PLAN_SLUG, UNTITLED_DOCUMENT_NAME } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { type FolderContents, type FoldersService, isSharedLocation } from "../folders/index.ts";
import type { ChangeLogInput, LogsService } from "../logs/index.ts";
import { factsOf, statusName } from "./facts.ts";
import {
  allowedInSomeTab,
  canChangeDocumentStatus,
  canCopyDocument,
  canDeleteDocument,
  canMoveDocument,
  canRenameDocument,
  canShareDocument,
  canUnshareDocumentFrom,
  DOCUMENT_REFUSALS,
  manualStatusRefusal,
} from "./policy.ts";
import { type DocumentQueries, documentNotFound, type LoadedDocument } from "./queries.ts";
import { documentShares, documents } from "./schema.ts";

/**
 * A draft to create: the request, plus the template identifier when started from the catalogue and
 * `is_interview_ai` when the assistant starts it (never from a request body).
 */
export type DraftInput = CreateDraftRequest & { x_template_id?: string; is_interview_ai?: true };

/** A change the interview makes to a document, in its own transaction (see `applyChange`). */
export type DocumentChange = {
  xml?: Record<string, unknown>;
  status?: DocumentStatus;
  isRelaunch?: boolean;
  /** The document start attaching a template to a blank draft (orders/start.ts). */
  name?: string;
  templateId?: number;
  templateName?: string;
  xTemplateId?: string;
  /** The first party's name in the answers (the list's client filter). */
  clientName?: string | null;
  /** A relaunch moving the document to its template's current version (interview/relaunch.ts). */
  templateVersion?: number;
  /** The assistant starting it or saving its answers: only ever set, never cleared. */
  isInterviewAi?: true;
};

const logEntry = (
  ctx: FirmContext,
  doc: { id: number; type: DocumentType },
  changes: ChangeLogInput["changes"],
): ChangeLogInput => ({
  teamId: ctx.teamId,
  docId: doc.id,
  docType: doc.type,
  userId: ctx.userId,
  changes,
});

/**
 * The documents module's commands: every write, each in one transaction that locks the documents
 * it changes, checks the policy for each and logs what changed (all or none).
 */
/**
 * A module's refusal to copy a document, read in the copy's transaction with the original locked:
 * the message to answer with (409), or undefined to allow it (e.g. ASIC: not while a paid
 * application waits for ASIC's decision).
 */
export type DocumentCopyGuard = (
  tx: Database,
  teamId: number,
  doc: { id: number; type: DocumentType },
) => Promise<string | undefined>;

export function createDocumentCommands(deps: {
  db: Database;
  clock: Clock;
  folders: FoldersService;
  logs: LogsService;
  queries: DocumentQueries;
  /** A row by id after the change commits, as the list shows it. */
  rowOf: (tx: Database, ctx: FirmContext, id: number, section?: ListSection) => Promise<DocumentRow>;
  get: (ctx: FirmContext, id: number) => Promise<DocumentDetail>;
}) {
  const { db, clock, folders, logs, rowOf, get } = deps;
  const { lockVisible, lockWithItsFolder, sharedFolderNames } = deps.queries;
  const copyGuards: DocumentCopyGuard[] = [];
  /** The same shape refuses deletions (e.g. ASIC: not once the company is registered). */
  const deleteGuards: DocumentCopyGuard[] = [];

  /**
   * For the folders module, in its transaction: the first document homed in these folders that a
   * delete guard keeps, with the guard's reason (a folder holding it cannot go either).
   */
  const deleteRefusalIn: FolderContents["deleteRefusalIn"] = async (tx, teamId, folderIds) => {
    if (deleteGuards.length === 0 || folderIds.length === 0) return undefined;
    const homed = await tx
      .select({ id: documents.id, type: documents.type, name: documents.name })
      .from(documents)
      .where(and(eq(documents.teamId, teamId), inArray(documents.folderId, folderIds)))
      .orderBy(documents.id);
    for (const doc of homed) {
      for (const guard of deleteGuards) {
        const refusal = await guard(tx, teamId, doc);
        if (refusal) return { name: doc.name, refusal };
      }
    }
    return undefined;
  };

  /** For the folders module, in its transaction: a folder's shared links go with it, logged per document. */
  const removeSharedLinksIn: FolderContents["removeSharedLinksIn"] = async (tx, ctx, folderIds) => {
    const links = await tx
      .select({ docId: documentShares.docId })
      .from(documentShares)
      .where(and(eq(documentShares.teamId, ctx.teamId), inArray(documentShares.folderId, folderIds)));
    const docIds = [...new Set(links.map((l) => l.docId))];
    if (docIds.length === 0) return [];
    const before = await sharedFolderNames(tx, docIds);
    const docs = await tx
      .select({ id: documents.id, type: documents.type })
      .from(documents)
      .where(inArray(documents.id, docIds));
    await tx
      .delete(documentShares)
      .where(and(eq(documentShares.teamId, ctx.teamId), inArray(documentShares.folderId, folderIds)));
    const removed = new Set(folderIds);
    await logs.record(
      tx,
      docs.map((doc) => {
        const was = before.get(doc.id) ?? [];
        return logEntry(ctx, doc, {
          shared_folders: {
            from: was.map((f) => f.name),
            to: was.filter((f) => !removed.has(f.folderId)).map((f) => f.name),
          },
        });
      }),
    );
    return docIds.sort((a, b) => a - b);
  };

  /** A draft with its change-log entry (POST /doc/draft and the catalogue's document start). */
  async function insertDraft(tx: Database, ctx: FirmContext, input: DraftInput): Promise<number> {
    let homeFolderId: number | null = null;
    let sharedFolder: { id: number; name: string } | null = null;
    if (input.folder_id != null) {
      const { row, facts } = await folders.requireVisible(tx, ctx, input.folder_id, true);
      if (facts.type === PERSONAL_FOLDER && row.createdBy === ctx.userId) {
        homeFolderId = row.id;
      } else if (isSharedLocation(facts)) {
        if (ctx.planSlug === LITE_PLAN_SLUG) throw forbidden(DOCUMENT_REFUSALS.lite);
        sharedFolder = { id: row.id, name: row.name };
      } else {
        throw badRequest("Please select a folder of your My Documents or of Shared Folders.", [
          { field: "folder_id", message: "Please select folder!" },
        ]);
      }
    }
    const name = input.name ?? (input.template_name || UNTITLED_DOCUMENT_NAME);
    const now = clock();
    const [doc] = await tx
      .insert(documents)
      .values({
        teamId: ctx.teamId,
        type: input.doc_type ?? (input.is_asic_document === 1 ? "ASIC" : "DOC"),
        name,
        folderId: homeFolderId,
        status: 1,
        templateId: input.template_id ?? null,
        templateName: input.template_name || null,
        xTemplateId: input.x_template_id ?? null,
        isInterviewAi: input.is_interview_ai ?? false,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: documents.id, type: documents.type });
    if (!doc) throw new Error("document not created");
    const changes: ChangeLogInput["changes"] = { created: { from: null, to: name } };
    if (sharedFolder) {
      await tx.insert(documentShares).values({
        docId: doc.id,
        folderId: sharedFolder.id,
        teamId: ctx.teamId,
        createdBy: ctx.userId,
        createdAt: now,
      });
      changes.shared_folders = { from: [], to: [sharedFolder.name] };
    }
    await logs.record(tx, [logEntry(ctx, doc, changes)]);
    return doc.id;
  }

  /**
   * Writes the interview's change (answers, status, relaunch flag) in the caller's transaction;
   * a status change is logged there too, with any further `changes` for the log.
   */
  async function applyChange(
    tx: Database,
    ctx: FirmContext,
    doc: { id: number; type: DocumentType; status: DocumentStatus },
    change: DocumentChange,
    changes: ChangeLogInput["changes"] = {},
  ) {
    await tx
      .update(documents)
      .set({ ...change, updatedBy: ctx.userId, updatedAt: clock() })
      .where(and(eq(documents.id, doc.id), eq(documents.teamId, ctx.teamId)));
    const logged = { ...changes };
    if (change.status !== undefined && change.status !== doc.status) {
      logged.status = { from: statusName(doc.status), to: statusName(change.status) };
    }
    await logs.record(tx, [logEntry(ctx, doc, logged)]);
  }

  /**
   * Pending (4) and Signed (3) are set only by e-signing (see `manualStatusRefusal`): the signing
   * module calls this in its transaction, holding the document's row lock; the change is logged.
   */
  async function setSigningStatus(
    tx: Database,
    ctx: Pick<FirmContext, "userId" | "teamId">,
    doc: { id: number; type: DocumentType; status: DocumentStatus },
    status: 3 | 4 | 5,
  ) {
    await applyChange(tx, ctx as FirmContext, doc, { status });
  }

  return {
    removeSharedLinksIn,
    deleteRefusalIn,
    applyChange,
    setSigningStatus,

    /**
     * A departing member's documents stay in the firm and become `toUserId`'s (the owner's):
     * they move to the recipient's My Documents with the folders they sit in (the folders module
     * hands those over in the same transaction), so none is left in no one's My Documents. Who
     * last changed each one is kept. Returns how many changed hands. Run on "team.member-removed".
     */
    async handOverDocuments(
      tx: Database,
      move: { teamId: number; fromUserId: number; toUserId: number },
    ): Promise<number> {
      // Locked in id order first, as `lockVisible` locks documents: an update locks them in the
      // order it finds them, which could cross a move or delete of several of them by the owner.
      await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.teamId, move.teamId), eq(documents.createdBy, move.fromUserId)))
        .orderBy(asc(documents.id))
        .for("update");
      const handed = await tx
        .update(documents)
        .set({ createdBy: move.toUserId })
        .where(and(eq(documents.teamId, move.teamId), eq(documents.createdBy, move.fromUserId)))
        .returning({ id: documents.id });
      return handed.length;
    },

    /** POST /doc/draft: a new draft in My Documents, or added to a chosen shared folder. */
    async createDraft(ctx: FirmContext, input: CreateDraftRequest): Promise<DocumentDetail> {
      const id = await db.transaction((tx) => insertDraft(tx, ctx, input));
      return get(ctx, id);
    },

    /**
     * The same inside the caller's transaction, returning the new id: the catalogue's document
     * start consumes an order or a plan use and creates the document in one commit.
     */
    createDraftIn: (tx: Database, ctx: FirmContext, input: DraftInput) => insertDraft(tx, ctx, input),

    /** DELETE /doc: all or none; a deleted document leaves every shared folder. */
    async deleteMany(ctx: FirmContext, section: ListSection, ids: number[]) {
      return db.transaction(async (tx) => {
        const docs = await lockVisible(tx, ctx, ids);
        for (const doc of docs) {
          if (!canDeleteDocument(ctx, factsOf(doc), section))
            throw forbidden(DOCUMENT_REFUSALS.delete(doc.id));
          for (const guard of deleteGuards) {
            const refusal = await guard(tx, ctx.teamId, doc);
            if (refusal) throw new AppError(409, refusal);
          }
        }
        const docIds = docs.map((d) => d.id);
        await tx.delete(documents).where(inArray(documents.id, docIds));
        await logs.record(
          tx,
          docs.map((doc) => logEntry(ctx, doc, { deleted: { from: doc.name, to: null } })),
        );
        return docIds;
      });
    },

    /** PUT /doc/move-doc: to a folder of the actor's My Documents (or its top level), all or none. */
    async moveMany(ctx: FirmContext, section: ListSection, ids: number[], folderId: number | null) {
      return db.transaction(async (tx) => {
        let folderName: string | null = null;
        if (folderId !== null) {
          const { row, facts } = await folders.requireVisible(tx, ctx, folderId, true);
          if (facts.type !== PERSONAL_FOLDER || row.createdBy !== ctx.userId) {
            const message = "Documents can only be moved to a folder of your My Documents.";
            throw badRequest(message, [{ field: "folder_id", message }]);
          }
          folderName = row.name;
        }
        const docs = await lockVisible(tx, ctx, ids);
        for (const doc of docs) {
          if (!canMoveDocument(ctx, factsOf(doc), section)) throw forbidden(DOCUMENT_REFUSALS.move(doc.id));
        }
        const moving = docs.filter((d) => d.folderId !== folderId);
        if (moving.length > 0) {
          await tx
            .update(documents)
            .set({ folderId, updatedBy: ctx.userId, updatedAt: clock() })
            .where(
              and(
                eq(documents.teamId, ctx.teamId),
                inArray(
                  documents.id,
                  moving.map((d) => d.id),
                ),
              ),
            );
          await logs.record(
            tx,
            moving.map((doc) => logEntry(ctx, doc, { folder: { from: doc.folderName, to: folderName } })),
          );
        }
        return docs.map((d) => d.id);
      });
    },

    /** PUT /doc/share-doc: adds documents to a shared folder, all or none (or only checks). */
    async shareMany(ctx: FirmContext, ids: number[], folderId: number, checkOnly: boolean) {
      return db.transaction(async (tx) => {
        const { row: folder, facts: folderFacts } = await folders.requireVisible(tx, ctx, folderId, true);
        if (!isSharedLocation(folderFacts)) throw folders.notInShared();
        const docs = await lockVisible(tx, ctx, ids);
        for (const doc of docs) {
          if (!allowedInSomeTab(canShareDocument, ctx, factsOf(doc))) {
            throw forbidden(
              ctx.planSlug === LITE_PLAN_SLUG ? DOCUMENT_REFUSALS.lite : DOCUMENT_REFUSALS.share(doc.id),
            );
          }
        }
        const before = await sharedFolderNames(
          tx,
          docs.map((d) => d.id),
        );
        // Already there: added before, or sitting in that folder.
        const isThere = (doc: LoadedDocument) =>
          doc.folderId === folderId || (before.get(doc.id) ?? []).some((f) => f.folderId === folderId);
        const adding = docs.filter((d) => !isThere(d));
        const alreadyShared = docs.filter(isThere).map((d) => d.id);
        if (!checkOnly && adding.length > 0) {
          const now = clock();
          await tx.insert(documentShares).values(
            adding.map((doc) => ({
              docId: doc.id,
              folderId,
              teamId: ctx.teamId,
              createdBy: ctx.userId,
              createdAt: now,
            })),
          );
          await logs.record(
            tx,
            adding.map((doc) => {
              const was = (before.get(doc.id) ?? []).map((f) => f.name);
              return logEntry(ctx, doc, { shared_folders: { from: was, to: [...was, folder.name] } });
            }),
          );
        }
        return { added: adding.map((d) => d.id), alreadyShared };
      });
    },

    /** PUT /doc/unshare-doc: takes one document out of shared folders, all or none. */
    async unshare(ctx: FirmContext, docId: number, folderIds: number[]) {
      return db.transaction(async (tx) => {
        const [doc] = await lockVisible(tx, ctx, [docId]);
        if (!doc) throw documentNotFound(docId);
        const links = (await sharedFolderNames(tx, [docId])).get(docId) ?? [];
        const wanted = [...new Set(folderIds)];
        const facts = factsOf(doc);
        for (const folderId of wanted) {
          const link = links.find((l) => l.folderId === folderId);
          if (!link) throw notFound(`Doc ID ${docId} is not in that shared folder.`);
          if (!allowedInSomeTab((v, d, tab) => canUnshareDocumentFrom(v, d, tab, link), ctx, facts)) {
            throw forbidden(DOCUMENT_REFUSALS.unshare(docId, link.name));
          }
        }
        await tx
          .delete(documentShares)
          .where(and(eq(documentShares.docId, docId), inArray(documentShares.folderId, wanted)));
        await logs.record(tx, [
          logEntry(ctx, doc, {
            shared_folders: {
              from: links.map((l) => l.name),
              to: links.filter((l) => !wanted.includes(l.folderId)).map((l) => l.name),
            },
          }),
        ]);
        return wanted;
      });
    },

    /** PUT /doc/rename/{id}. */
    async rename(ctx: FirmContext, id: number, newName: string) {
      await db.transaction(async (tx) => {
        const [doc] = await lockVisible(tx, ctx, [id]);
        if (!doc) throw documentNotFound(id);
        if (!allowedInSomeTab(canRenameDocument, ctx, factsOf(doc)))
          throw forbidden(DOCUMENT_REFUSALS.rename(id));
        if (newName === doc.name) {
          throw badRequest(DOCUMENT_NAME_DUPLICATED, [
            { field: "new_name", message: DOCUMENT_NAME_DUPLICATED },
          ]);
        }
        await tx
          .update(documents)
          .set({ name: newName, updatedBy: ctx.userId, updatedAt: clock() })
          .where(and(eq(documents.id, id), eq(documents.teamId, ctx.teamId)));
        await logs.record(tx, [logEntry(ctx, doc, { name: { from: doc.name, to: newName } })]);
      });
      // Read after commit: on PGlite (one connection) nothing may query outside an open transaction.
      return rowOf(db, ctx, id);
    },

    /** Adds a module's refusal to copy documents (see `DocumentCopyGuard`). */
    registerCopyGuard(guard: DocumentCopyGuard) {
      copyGuards.push(guard);
    },

    /** Adds a module's refusal to delete documents (the shape of `DocumentCopyGuard`). */
    registerDeleteGuard(guard: DocumentCopyGuard) {
      deleteGuards.push(guard);
    },

    /** PUT /doc/duplicate-doc: a copy beside the original, as a new draft with the same answers. */
    async duplicate(ctx: FirmContext, docId: number, name: string) {
      const copyId = await db.transaction(async (tx) => {
        const doc = await lockWithItsFolder(tx, ctx, docId);
        if (!allowedInSomeTab(canCopyDocument, ctx, factsOf(doc))) {
          throw forbidden(
            ctx.planSlug === LITE_PLAN_SLUG ? DOCUMENT_REFUSALS.lite : DOCUMENT_REFUSALS.copy(docId),
          );
        }
        if (name === doc.name)
          throw badRequest(COPY_NAME_EXISTS, [{ field: "name", message: COPY_NAME_EXISTS }]);
        for (const guard of copyGuards) {
          const refusal = await guard(tx, ctx.teamId, doc);
          if (refusal) throw new AppError(409, refusal);
        }
        const [original] = await tx
          .select({ xml: documents.xml })
          .from(documents)
          .where(eq(documents.id, docId));
        const now = clock();
        const [copy] = await tx
          .insert(documents)
          .values({
            teamId: ctx.teamId,
            type: doc.type,
            name,
            folderId: doc.folderId,
            status: 1,
            templateId: doc.templateId,
            templateName: doc.templateName,
            xTemplateId: doc.xTemplateId,
            xml: original?.xml ?? {},
            allowDownloadPdf: doc.allowDownloadPdf,
            allowDownloadWord: doc.allowDownloadWord,
            allowSign: doc.allowSign,
            createdBy: ctx.userId,
            updatedBy: ctx.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: documents.id, type: documents.type });
        if (!copy) throw new Error("copy not created");
        await logs.record(tx, [
          logEntry(ctx, copy, { copied: { from: `Doc ID ${doc.id} - ${doc.name}`, to: name } }),
        ]);
        return copy.id;
      });
      return rowOf(db, ctx, copyId, MY_DOCUMENTS);
    },

    /**
     * PUT /doc/status/{id}: by whoever the policy allows and only along the transitions a person
     * may make by hand (`manualStatusRefusal`), with a change-log entry; the same status again
     * changes nothing.
     */
    async changeStatus(ctx: FirmContext, id: number, status: DocumentStatus) {
      await db.transaction(async (tx) => {
        const [doc] = await lockVisible(tx, ctx, [id]);
        if (!doc) throw documentNotFound(id);
        if (!allowedInSomeTab(canChangeDocumentStatus, ctx, factsOf(doc))) {
          throw forbidden(DOCUMENT_REFUSALS.status(id));
        }
        if (doc.status === status) return;
        const refusal = manualStatusRefusal(doc.status, status);
        if (refusal) throw new AppError(409, refusal);
        await tx
          .update(documents)
          .set({ status, updatedBy: ctx.userId, updatedAt: clock() })
          .where(and(eq(documents.id, id), eq(documents.teamId, ctx.teamId)));
        const change: LogChange = { from: statusName(doc.status), to: statusName(status) };
        await logs.record(tx, [logEntry(ctx, doc, { status: change })]);
      });
      return rowOf(db, ctx, id);
    },
  };
}
