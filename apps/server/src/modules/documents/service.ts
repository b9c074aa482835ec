import type {
  CompanyUser,
  DocumentDetail,
  DocumentListQuery,
  DocumentRow,
  ListSection,
} from "@precedent/contracts";
import { DOCUMENTS_NAMED_LIMIT, SHARED_FOLDERS } from "@precedent/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { EventListeners } from "../../platform/events/index.ts";
import type { Actor, Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import type { FolderContents, FoldersService } from "../folders/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { TeamsService } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import { createDocumentCommands } from "./commands.ts";
import { createDocumentDownloads } from "./downloads.ts";
import { createDocumentPresenter } from "./presenter.ts";
import { createDocumentQueries, documentNotFound } from "./queries.ts";
import { createRowColumnsRegistry } from "./row-columns.ts";
import { documents } from "./schema.ts";

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/**
 * The documents module's service: its queries (queries.ts), its presenter of rows and abilities
 * (presenter.ts) and its commands (commands.ts), joined into what the routes and other modules call.
 */
export function createDocumentsService(deps: {
  db: Database;
  clock: Clock;
  folders: FoldersService;
  logs: LogsService;
  users: UsersService;
  teams: TeamsService;
  /** Where the assembled files' bytes are (downloads read them). */
  files: FileStore;
  /** Hears "team.member-removed" (teams' events.ts): the member's documents change hands. */
  events: EventListeners;
}) {
  const { db, folders } = deps;
  // What other modules add to each row (see row-columns.ts).
  const addedColumns = createRowColumnsRegistry();
  const queries = createDocumentQueries({ db, folders });
  const { visibleDocuments, selectDocuments, columnsFor, sharedFolderNames } = queries;
  // A document's assembled files, versions and downloads (downloads.ts).
  const downloads = createDocumentDownloads(
    { db, clock: deps.clock, files: deps.files, users: deps.users, logs: deps.logs },
    queries,
  );
  const { toRows, sharedFoldersOf } = createDocumentPresenter({
    users: deps.users,
    files: downloads.filesReader,
    addedColumns,
  });

  async function list(ctx: FirmContext, query: DocumentListQuery) {
    const { rows, total } = await queries.listPage(ctx, query);
    return {
      rows: await toRows(db, ctx, rows, query.type),
      page: query.page,
      total_page: Math.ceil(total / query.length),
      total_record: total,
    };
  }

  async function rowOf(tx: Database, ctx: FirmContext, id: number, section?: ListSection) {
    const rows = await selectDocuments(tx, ctx).where(and(eq(documents.id, id), visibleDocuments(ctx)));
    const [row] = await toRows(tx, ctx, rows, section);
    if (!row) throw documentNotFound();
    return row;
  }

  /** GET /doc/{id}. */
  async function get(ctx: FirmContext, id: number, section?: ListSection): Promise<DocumentDetail> {
    const [doc] = await db
      .select({ ...columnsFor(ctx), xml: documents.xml })
      .from(documents)
      .where(and(eq(documents.id, id), visibleDocuments(ctx)));
    if (!doc) throw documentNotFound();
    const [row] = await toRows(db, ctx, [doc], section);
    if (!row) throw documentNotFound();
    const links = (await sharedFolderNames(db, [id])).get(id) ?? [];
    return { ...row, xml: doc.xml, shared_folders: sharedFoldersOf(ctx, doc, links) };
  }

  /**
   * Documents named by a bulk call, as rows with their abilities and files; 404 naming the first
   * id the actor cannot see (another firm's ids included), so nothing is done for any of them.
   */
  async function visibleRows(ctx: FirmContext, ids: number[]): Promise<DocumentRow[]> {
    const unique = [...new Set(ids)];
    const docs = await selectDocuments(db, ctx)
      .where(and(inArray(documents.id, unique), visibleDocuments(ctx)))
      .orderBy(asc(documents.id));
    const found = new Set(docs.map((d) => d.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw documentNotFound(missing);
    const rows = await toRows(db, ctx, docs, undefined);
    // In the order asked for, which is the order of the files in a zip.
    return unique.flatMap((id) => rows.filter((row) => row.id === id));
  }

  const commands = createDocumentCommands({
    db,
    clock: deps.clock,
    folders,
    logs: deps.logs,
    queries,
    rowOf,
    get,
  });

  // A removed member's documents become the owner's in the removal's transaction; the folders
  // module moves the folders they sit in on the same event.
  deps.events.on("team.member-removed", async (tx, removal) => {
    removal.handedOver.documents += await commands.handOverDocuments(tx, removal);
  });

  /** Ports the folders module calls, inside its transactions. */
  const folderContents: FolderContents = {
    countDocumentsIn: queries.countDocumentsIn,
    removeSharedLinksIn: commands.removeSharedLinksIn,
    deleteRefusalIn: commands.deleteRefusalIn,
  };

  return {
    /** Adds a module's fields to every document row (see `DocumentRowColumns` for an example). */
    registerRowColumns: addedColumns.register,
    /** Adds a module's refusal to copy some documents (see `DocumentCopyGuard`). */
    registerCopyGuard: commands.registerCopyGuard,
    /** Adds a module's refusal to delete some documents. */
    registerDeleteGuard: commands.registerDeleteGuard,
    visibleDocuments,
    visibleRows,
    get,
    loadForChange: queries.loadForChange,
    folderContents,
    documentAccess: queries.documentAccess,
    visibleDocumentNames: queries.visibleDocumentNames,
    list,
    /** GET /doc/named: the documents of exactly this name, with the tabs listing each. */
    documentsNamed: (ctx: FirmContext, name: string) =>
      queries.documentsNamed(ctx, name, DOCUMENTS_NAMED_LIMIT),
    statusCounts: queries.statusCounts,

    /** GET /doc/list-shared-document/{id}: the documents in one shared folder. */
    async listSharedDocuments(ctx: FirmContext, folderId: number, page: number, length: number) {
      return list(ctx, {
        id_team: ctx.teamId,
        type: SHARED_FOLDERS,
        folder_id: folderId,
        page,
        length,
        sort: "name",
        order: "asc",
      });
    },

    setSigningStatus: commands.setSigningStatus,
    applyChange: commands.applyChange,
    createDraft: commands.createDraft,
    createDraftIn: commands.createDraftIn,
    deleteMany: commands.deleteMany,
    moveMany: commands.moveMany,
    shareMany: commands.shareMany,
    unshare: commands.unshare,
    rename: commands.rename,
    duplicate: commands.duplicate,
    changeStatus: commands.changeStatus,

    // Assembled files, versions and downloads (downloads.ts; the routes are file-routes.ts).
    downloadIds: downloads.downloadIds,
    versions: downloads.versions,
    downloadVersion: downloads.downloadVersion,
    download: downloads.download,
    /** The assembled PDF for signing, in the sender's transaction (no ability checked). */
    assembledPdf: downloads.assembledPdf,
    /** The assembled PDF as the actor may download it, for sync back to practice software. */
    downloadablePdf: downloads.downloadablePdf,

    /** GET /doc/list-user-company: the firm's users for the owner filter and the log filter. */
    async companyUsers(actor: Actor, teamId: number): Promise<CompanyUser[]> {
      const members = await deps.teams.getMembers(actor, teamId);
      return members
        .map((m) => ({ ID: m.id, display_name: m.name }))
        .sort((a, b) => a.display_name.localeCompare(b.display_name));
    },
  };
}
