import type { DocumentDetail, DocumentRow, DocumentStatus, ListSection } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import { factsOf, statusName } from "./facts.ts";
import {
  allowedInSomeTab,
  canUnshareDocumentFrom,
  documentAbilities,
  documentAppearsIn,
  homeSection,
} from "./policy.ts";
import type { LoadedDocument } from "./queries.ts";
import type { RowColumnsRegistry } from "./row-columns.ts";

/**
 * The assembled files listed on documents (documents spec §3 `files`; downloads.ts): read for a
 * page of documents at once, only those their status and flags let be downloaded.
 */
export type DocumentFilesReader = (
  docs: { id: number; status: DocumentStatus; allowDownloadPdf: boolean; allowDownloadWord: boolean }[],
) => Promise<Map<number, { id: number; name: string; kind: "pdf" | "word" }[]>>;

/** The documents module's presenter: loaded documents as the API's rows, with their abilities. */
export function createDocumentPresenter(deps: {
  users: UsersService;
  files: DocumentFilesReader;
  addedColumns: RowColumnsRegistry;
}) {
  const { users, addedColumns } = deps;

  async function toRows(
    tx: Database,
    ctx: FirmContext,
    docs: LoadedDocument[],
    section: ListSection | undefined,
  ) {
    const names = await users.summaries([...new Set(docs.flatMap((d) => [d.createdBy, d.updatedBy]))]);
    const files = docs.length > 0 ? await deps.files(docs) : new Map();
    const rows = docs.map((doc): DocumentRow => {
      const docFiles: { id: number; name: string; kind: "pdf" | "word" }[] = files.get(doc.id) ?? [];
      const facts = factsOf(doc, docFiles);
      const tab =
        section !== undefined && documentAppearsIn(ctx, facts, section) ? section : homeSection(ctx, facts);
      return {
        id: doc.id,
        type: doc.type,
        name: doc.name,
        folder:
          doc.folderId !== null && doc.folderName !== null
            ? { id: doc.folderId, name: doc.folderName }
            : null,
        status: doc.status,
        status_name: statusName(doc.status),
        template: doc.templateId !== null ? { id: doc.templateId, name: doc.templateName ?? "" } : null,
        template_id: doc.templateId,
        x_template_id: doc.xTemplateId,
        is_asic_document: doc.type === "ASIC" ? "1" : "0",
        is_share: facts.isShared ? "1" : "0",
        created_at: doc.createdAt.toISOString(),
        updated_at: doc.updatedAt.toISOString(),
        created_by: doc.createdBy,
        created_by_user: { ID: doc.createdBy, display_name: names.get(doc.createdBy)?.name ?? "" },
        updated_by_user: { display_name: names.get(doc.updatedBy)?.name ?? "" },
        is_relaunch: doc.isRelaunch,
        ...(doc.newerTemplateVersion !== null ? { newer_template_version: doc.newerTemplateVersion } : {}),
        files: docFiles.map(({ id, name }) => ({ id, name })),
        allow_download_pdf: doc.allowDownloadPdf,
        allow_download_word: doc.allowDownloadWord,
        is_allow_sign: doc.allowSign ? "yes" : "no",
        is_cas360: doc.type === "CAS 360",
        is_simple_fund: doc.type === "Simple Fund 360",
        abilities: documentAbilities(ctx, facts, tab),
      };
    });
    // Other modules' columns, and their rules taking abilities away (row-columns.ts).
    return addedColumns.present(tx, ctx.teamId, rows, ctx);
  }

  /**
   * A document's shared folders for its detail (the remove-from-shared dialog): those it was added
   * to, each with whether the reader may take it out, after the one it sits in.
   */
  function sharedFoldersOf(
    ctx: FirmContext,
    doc: LoadedDocument,
    links: { folderId: number; name: string; createdBy: number }[],
  ): DocumentDetail["shared_folders"] {
    const facts = factsOf(doc);
    // A document sitting in a folder of Shared Folders is shared there too, as the Shared Folders
    // tab lists it; it leaves that folder by being moved, not from this list.
    const homeFolder =
      doc.homedInSharedFolder && doc.folderId !== null && !links.some((l) => l.folderId === doc.folderId)
        ? [{ id: doc.folderId, name: doc.folderName ?? "", can_remove: false, sits_in: true }]
        : [];
    return [
      ...homeFolder,
      ...links.map((link) => ({
        id: link.folderId,
        name: link.name,
        can_remove: allowedInSomeTab(
          (viewer, d, tab) => canUnshareDocumentFrom(viewer, d, tab, link),
          ctx,
          facts,
        ),
      })),
    ];
  }

  return { toRows, sharedFoldersOf };
}

export type DocumentPresenter = ReturnType<typeof createDocumentPresenter>;
