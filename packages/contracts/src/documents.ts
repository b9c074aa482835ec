import { z } from "zod";
import { AsicApplicationState, AsicWizardColumns } from "./asic-state.ts";
import { envelope, paged } from "./envelope.ts";
import { idListQuery, idParam, ListSection, MY_DOCUMENTS, TeamScopeQuery } from "./folders.ts";
import { FulfilmentRowColumns } from "./fulfilment-columns.ts";
import { NextStepsRowColumns } from "./next-steps.ts";
import { SigningRowColumns } from "./signing.ts";

/** Document statuses (documents spec §4): 1 and 2 are the editable states; 5 cannot be interviewed. */
export const DOCUMENT_STATUSES = {
  1: "Draft",
  2: "In Progress",
  3: "Signed",
  4: "Pending",
  5: "Completed",
} as const;
export type DocumentStatus = keyof typeof DOCUMENT_STATUSES;
export const DocumentStatus = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

export const DOCUMENT_TYPES = ["DOC", "ASIC", "CAS 360", "Simple Fund 360"] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;

/** Document list default page size (documents spec §9). */
export const DOCUMENT_LIST_PAGE_SIZE = 10;
export const DOCUMENT_LIST_MAX_PAGE_SIZE = 100;
/** Longest document name accepted (the spec sets none). */
export const DOCUMENT_NAME_MAX_LENGTH = 255;
/** Most documents one bulk action (delete, move, add to a shared folder) may name. */
export const BULK_DOCUMENTS_MAX = 500;

export const DOCUMENT_NAME_REQUIRED = "Document name is required";
export const DOCUMENT_NAME_TOO_LONG = `Document name must be ${DOCUMENT_NAME_MAX_LENGTH} characters or fewer`;
export const DOCUMENT_NAME_DUPLICATED = "Document name is duplicated";
export const COPY_NAME_EXISTS = "This document name already exists. Please enter a new document name.";
export const DOCUMENT_SHARED_SUCCESS = "Your document has been added to the share folder successfully.";
export const DOCUMENT_UNSHARED_SUCCESS = "Your document was removed from the shared folders successfully.";
export const ORGANISATION_NOT_ALLOWED =
  "You are not allowed to view this information. Please contact your manager or owner of the company.";

/**
 * The five sort options, in the spec's order (documents spec §3). The default is the fourth
 * option in that list: creation date, newest to oldest.
 */
export const DOCUMENT_SORT_OPTIONS = [
  { label: "Title A-Z", sort: "name", order: "asc" },
  { label: "Title Z-A", sort: "name", order: "desc" },
  { label: "Creation date oldest to newest", sort: "created_at", order: "asc" },
  { label: "Creation date newest to oldest", sort: "created_at", order: "desc" },
  { label: "Last updated newest to oldest", sort: "updated_at", order: "desc" },
] as const;
export const DEFAULT_DOCUMENT_SORT = DOCUMENT_SORT_OPTIONS[3];

export const DocumentSortField = z.enum(["name", "created_at", "updated_at"]);
export const SortOrder = z.enum(["asc", "desc"]);

/** What this actor may do to this document in the tab it was listed for (documents spec §6). */
export const DocumentAbilities = z.object({
  move: z.boolean(),
  rename: z.boolean(),
  delete: z.boolean(),
  /** Add to a shared folder. */
  share: z.boolean(),
  /** Remove from Shared Folders (from at least one of the shared folders holding it). */
  unshare: z.boolean(),
  copy: z.boolean(),
  /** Open the interview (draft or in progress). */
  interview: z.boolean(),
  download_pdf: z.boolean(),
  download_word: z.boolean(),
  sign: z.boolean(),
  legal_review: z.boolean(),
  /** Lite plan: legal review and signing show the upgrade-to-sales prompt instead. */
  upgrade_prompt: z.boolean(),
  /** An organisation document opened by a non-creator: launch, hard copy, legal review and ASIC
   * payment first ask 'Changes need to be notified'. */
  owner_confirmation: z.boolean(),
  /** Relaunch a completed document (5 → 2): only when it has a template to interview. */
  relaunch: z.boolean(),
  /** Lite plan: where a paid plan would be offered Sign, Add to a shared folder or Copy, the
   * upgrade notice is offered instead (false wherever the action would not be offered at all). */
  sign_upgrade: z.boolean(),
  share_upgrade: z.boolean(),
  copy_upgrade: z.boolean(),
});
export type DocumentAbilities = z.infer<typeof DocumentAbilities>;

export const DocumentRow = z.object({
  id: z.number().int(),
  type: DocumentType,
  name: z.string(),
  /** The folder of the creator's My Documents holding it; null at the top level, or when the reader may not see that folder. */
  folder: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: DocumentStatus,
  status_name: z.string(),
  template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  template_id: z.number().int().nullable(),
  x_template_id: z.string().nullable(),
  is_asic_document: z.enum(["0", "1"]),
  /** "1" when the document is in Shared Folders (added to a shared folder, or in a shared folder). */
  is_share: z.enum(["0", "1"]),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.number().int(),
  created_by_user: z.object({ ID: z.number().int(), display_name: z.string() }),
  updated_by_user: z.object({ display_name: z.string() }),
  is_relaunch: z.boolean(),
  /**
   * The template's published version, when it is newer than the one the document was made from
   * (absent otherwise): relaunching offers it (GET /api/doc/relaunch/{docId} says what changed).
   */
  newer_template_version: z.number().int().optional(),
  files: z.array(z.object({ id: z.number().int(), name: z.string() })),
  allow_download_pdf: z.boolean(),
  allow_download_word: z.boolean(),
  is_allow_sign: z.enum(["yes", "no"]),
  is_cas360: z.boolean(),
  is_simple_fund: z.boolean(),
  abilities: DocumentAbilities,
  /**
   * Columns other modules add to each row through the documents module's row-columns registry
   * (`registerRowColumns`): optional, as a server without that module sends none. A module's
   * columns are its own schema, spread here: E-signing's progress (recipients, those signed, the
   * request's state); ASIC registration's payment and lodgement state (ASIC documents).
   */
  ...SigningRowColumns.partial().shape,
  ...AsicApplicationState.partial().shape,
  // A registration's start wizard: its mode and where it reopens.
  ...AsicWizardColumns.partial().shape,
  // Legal review and hard copy: the newest request of each kind.
  ...FulfilmentRowColumns.partial().shape,
  // The next steps after completion (protector, stamping, PPSR, ABN/TFN, the 360 apps).
  ...NextStepsRowColumns.partial().shape,
});
export type DocumentRow = z.infer<typeof DocumentRow>;

export const SharedFolderOfDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller may take the document out of this folder. */
  can_remove: z.boolean(),
  /** The document sits in this folder (or below it) rather than was added to it: moving it takes it out. */
  sits_in: z.boolean().optional(),
});

export const DocumentDetail = DocumentRow.extend({
  /** Interview answers; filled by the interview. */
  xml: z.record(z.string(), z.unknown()),
  /** Shared folders the document was added to (for the remove-from-shared dialog). */
  shared_folders: z.array(SharedFolderOfDocument),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

const searchText = z
  .string()
  .max(200, "name (search) must be 200 characters or fewer")
  .transform((s) => s.trim())
  .optional()
  .describe(
    "Search text, trimmed; matches the document name (any part, any case) or its id. Empty: no search.",
  );

const listFilters = {
  type: ListSection.default(MY_DOCUMENTS).describe(
    "Tab: 1 My Documents (the caller's documents), 2 Shared Folders, 3 Organisation Documents (every member's documents; owner and manager only).",
  ),
  folder_id: idParam("folder_id")
    .optional()
    .describe(
      "Only documents in this folder (in Shared Folders also those added to it); omitted: the whole tab.",
    ),
  name: searchText,
  user_ids: idListQuery("user_ids").describe(
    "Organisation Documents: only documents created by these users (comma list or repeated key).",
  ),
  category: idListQuery("category").describe(
    "Only documents made from a template (catalogue product) in one of these categories or their sub categories (comma list or repeated key); documents without a template never match.",
  ),
  template: z
    .string()
    .trim()
    .max(100, "template must be 100 characters or fewer")
    .transform((s) => (s === "" ? undefined : s))
    .optional()
    .describe(
      "Only documents made from this template, by its identifier (the catalogue's template_identifier, e.g. mutual-nda). Empty: every template.",
    ),
  client: z
    .string()
    .max(200, "client must be 200 characters or fewer")
    .transform((s) => s.trim())
    .optional()
    .describe(
      "Client search, trimmed: any part of the first party's name in the answers, any case. Documents whose first party is not yet named never match. Empty: no client filter.",
    ),
};

export const DocumentListQuery = TeamScopeQuery.extend({
  ...listFilters,
  status: z.coerce
    .number({ error: "status must be 1 to 5" })
    .pipe(DocumentStatus)
    .optional()
    .describe("1 Draft, 2 In Progress, 3 Signed, 4 Pending, 5 Completed; omitted: every status."),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page starts at 1").default(1),
  length: z.coerce
    .number({ error: "length must be a number" })
    .int()
    .min(1)
    .max(DOCUMENT_LIST_MAX_PAGE_SIZE, `length must be at most ${DOCUMENT_LIST_MAX_PAGE_SIZE}`)
    .default(DOCUMENT_LIST_PAGE_SIZE),
  sort: DocumentSortField.default(DEFAULT_DOCUMENT_SORT.sort).describe(
    "name, created_at or updated_at; default created_at (with order desc: the spec's fourth option).",
  ),
  order: SortOrder.default(DEFAULT_DOCUMENT_SORT.order),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

export const DocumentListResponse = envelope(paged(DocumentRow));

/** Most documents of one name `GET /doc/named` returns (an address naming more is searched instead). */
export const DOCUMENTS_NAMED_LIMIT = 100;

/** A list address's `docName`: the name to find, exactly (any case, surrounding spaces aside). */
export const DocumentsNamedQuery = TeamScopeQuery.extend({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name is required")
    .max(DOCUMENT_NAME_MAX_LENGTH, DOCUMENT_NAME_TOO_LONG)
    .describe("The document name to find: exactly this name, any case, surrounding spaces aside."),
});
export type DocumentsNamedQuery = z.infer<typeof DocumentsNamedQuery>;

export const NamedDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  sections: z
    .array(ListSection)
    .describe(
      "The tabs listing the document for the caller: 1 My Documents, 2 Shared Folders, 3 Organisation Documents.",
    ),
});
export type NamedDocument = z.infer<typeof NamedDocument>;

export const DocumentsNamedResponse = envelope(
  z.object({
    rows: z
      .array(NamedDocument)
      .describe(`The caller's visible documents of that name, by id; at most ${DOCUMENTS_NAMED_LIMIT}.`),
  }),
);

export const StatusCountsQuery = TeamScopeQuery.extend(listFilters);
export type StatusCountsQuery = z.infer<typeof StatusCountsQuery>;

/** Organisation Documents' list and counts: the list's filters without the section (it is theirs). */
export const OrganisationListQuery = DocumentListQuery.omit({ type: true });
export const OrganisationStatusCountsQuery = StatusCountsQuery.omit({ type: true });

export const StatusCountsResponse = envelope(
  z.object({
    /** One row per status, 1 to 5, zeros included. */
    rows: z.array(z.object({ status: DocumentStatus, status_name: z.string(), total: z.number().int() })),
    /** Every status together (the "All" tab). */
    total_record: z.number().int(),
  }),
);

export const DocumentIdParams = z.object({ id: idParam("id") });

export const DocumentDetailQuery = TeamScopeQuery.extend({
  type: ListSection.optional().describe(
    "The tab the document was opened from, for its abilities; omitted: My Documents for the creator, else Shared Folders when shared, else Organisation Documents.",
  ),
});
export type DocumentDetailQuery = z.infer<typeof DocumentDetailQuery>;

export const DocumentDetailResponse = envelope(DocumentDetail);

const listDoc = z
  .array(idParam("list_doc"))
  .min(1, "Please select at least one document.")
  .max(BULK_DOCUMENTS_MAX, `At most ${BULK_DOCUMENTS_MAX} documents at once.`)
  .describe("Document ids; the action applies to all of them or, if any is refused, to none.");

export const DeleteDocumentsRequest = z.object({
  type: ListSection.describe("The tab the documents are deleted from."),
  list_doc: listDoc,
});
export type DeleteDocumentsRequest = z.infer<typeof DeleteDocumentsRequest>;

export const MoveDocumentsRequest = z.object({
  type: ListSection.describe("The tab the documents are moved from (only My Documents allows moving)."),
  list_doc: listDoc,
  folder_id: idParam("folder_id")
    .nullable()
    .describe("A folder of the caller's My Documents, or null for its top level."),
});
export type MoveDocumentsRequest = z.infer<typeof MoveDocumentsRequest>;

export const ShareDocumentsRequest = z.object({
  check: z
    .boolean()
    .default(false)
    .describe("true: only check that every document may be added (nothing is saved); false: add them."),
  list_doc: listDoc,
  folder_id: idParam("folder_id").describe("A folder in Shared Folders."),
});
export type ShareDocumentsRequest = z.infer<typeof ShareDocumentsRequest>;

export const UnshareDocumentRequest = z.object({
  doc_id: idParam("doc_id"),
  list_folder: z
    .array(idParam("list_folder"))
    .min(1, "Please select at least one folder.")
    .max(100)
    .describe("Shared folders to take the document out of."),
});
export type UnshareDocumentRequest = z.infer<typeof UnshareDocumentRequest>;

const documentName = z
  .string({ error: DOCUMENT_NAME_REQUIRED })
  .trim()
  .min(1, DOCUMENT_NAME_REQUIRED)
  .max(DOCUMENT_NAME_MAX_LENGTH, DOCUMENT_NAME_TOO_LONG);

export const RenameDocumentRequest = z.object({ new_name: documentName });
export type RenameDocumentRequest = z.infer<typeof RenameDocumentRequest>;

const STATUS_RANGE = "status must be 1 to 5";
export const ChangeStatusRequest = z.object({
  status: z
    .number({ error: STATUS_RANGE })
    .int(STATUS_RANGE)
    .min(1, STATUS_RANGE)
    .max(5, STATUS_RANGE)
    .pipe(DocumentStatus)
    .describe("1 Draft, 2 In Progress, 3 Signed, 4 Pending, 5 Completed."),
});
export type ChangeStatusRequest = z.infer<typeof ChangeStatusRequest>;

export const DuplicateDocumentRequest = z.object({
  doc_id: idParam("doc_id"),
  name: documentName.describe(
    "Name of the copy; must differ from the original's (default 'Copy of {name}').",
  ),
});
export type DuplicateDocumentRequest = z.infer<typeof DuplicateDocumentRequest>;

export const CreateDraftRequest = z.object({
  folder_id: idParam("folder_id")
    .nullable()
    .optional()
    .describe(
      "A folder of the caller's My Documents, or a folder in Shared Folders (the draft then sits at the top of My Documents and is added to it); omitted: top level.",
    ),
  template_id: idParam("template_id").nullable().optional(),
  template_name: z.string().trim().max(DOCUMENT_NAME_MAX_LENGTH).optional(),
  is_asic_document: z.union([z.literal(0), z.literal(1)]).default(0),
  name: documentName.optional().describe("Defaults to the template name, else 'Untitled document'."),
  doc_type: DocumentType.optional().describe("Defaults to ASIC when is_asic_document is 1, else DOC."),
});
export type CreateDraftRequest = z.infer<typeof CreateDraftRequest>;

export const CreateDraftResponse = envelope(z.object({ id: z.number().int(), document: DocumentDetail }));

export const DocumentResponse = envelope(DocumentRow);

export const DeleteDocumentsResponse = envelope(z.object({ list_doc: z.array(z.number().int()) }));
export const MoveDocumentsResponse = envelope(
  z.object({ list_doc: z.array(z.number().int()), folder_id: z.number().int().nullable() }),
);
export const ShareDocumentsResponse = envelope(
  z.object({
    folder_id: z.number().int(),
    /** Documents added (or, with check, that would be added). */
    list_doc: z.array(z.number().int()),
    /** Documents already in the folder, left as they were. */
    already_shared: z.array(z.number().int()),
    checked_only: z.boolean(),
  }),
);
export const UnshareDocumentResponse = envelope(
  z.object({ doc_id: z.number().int(), list_folder: z.array(z.number().int()) }),
);

export const SharedDocumentsQuery = TeamScopeQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  length: z.coerce
    .number()
    .int()
    .min(1)
    .max(DOCUMENT_LIST_MAX_PAGE_SIZE)
    .default(DOCUMENT_LIST_MAX_PAGE_SIZE),
});
export type SharedDocumentsQuery = z.infer<typeof SharedDocumentsQuery>;

export const CompanyUser = z.object({ ID: z.number().int(), display_name: z.string() });
export type CompanyUser = z.infer<typeof CompanyUser>;
export const CompanyUsersResponse = envelope(z.object({ rows: z.array(CompanyUser) }));

/** Most documents one zip download may hold (documents spec §2 bulk actions: a zip of the selection). */
export const DOWNLOAD_ZIP_MAX_DOCUMENTS = 50;

/** POST /doc/download-zip: the selected documents' files (PDF, and Word where allowed) as one zip. */
export const DownloadZipRequest = z.object({
  list_doc: z
    .array(idParam("list_doc"))
    .min(1, "Please select at least one document.")
    .max(
      DOWNLOAD_ZIP_MAX_DOCUMENTS,
      `Please select at most ${DOWNLOAD_ZIP_MAX_DOCUMENTS} documents to download at once.`,
    ),
});
export type DownloadZipRequest = z.infer<typeof DownloadZipRequest>;
