import { z } from "zod";
import { envelope } from "./envelope.ts";

/** Folder depth (documents spec §4, §9): sub folders go 2 levels deep, 3 in Shared Folders. */
export const FOLDER_DEPTH = 2;
export const SHARED_FOLDER_DEPTH = 3;
/** Longest folder name accepted (the spec sets none; this keeps trees readable and rows small). */
export const FOLDER_NAME_MAX_LENGTH = 255;

export const FOLDER_NAME_REQUIRED = "Folder name is required";
export const FOLDER_NAME_TOO_LONG = `Folder name must be ${FOLDER_NAME_MAX_LENGTH} characters or fewer`;
export const FOLDER_TYPE_REQUIRED = "Type is required";
export const FOLDER_NOT_EMPTY = "You cannot delete a folder which contains sub folder(s) or document(s).";
/** A folder holding a document that may never be deleted (a registered company's application). */
export const folderKeptFor = (documentName: string, reason: string) =>
  `This folder cannot be deleted: it holds “${documentName}”. ${reason}`;
/** A folder beside another of the same name (ignoring case and spaces) in the same place of a tab. */
export const folderNameExists = (name: string) =>
  `A folder named "${name}" is already here. Please choose another name.`;
/** A warning, not a refusal: two documents may share a name, but rarely should in one folder. */
export const documentNameInFolder = (name: string) =>
  `A document named "${name}" is already in this folder. You can keep the name or choose another.`;
export const FOLDER_SHARED_SUCCESS = "Your folder has been shared successfully.";

/** The largest id the database holds (PostgreSQL's `integer`); a larger one names nothing. */
export const ID_MAX = 2_147_483_647;

/** A positive whole-number id in a path or query string, named in its message. */
export const idParam = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(ID_MAX, `${field} is too large`);

/** `?id_team=`: every documents, folders and logs call is made within one firm. */
export const TeamScopeQuery = z.object({
  id_team: idParam("id_team").describe(
    "The firm (team) the call acts in; the caller must be one of its members.",
  ),
});

/**
 * A list of ids in a query string: `1,2,3`, or the key repeated (`user_ids=1&user_ids=2`).
 * An empty value means no filter.
 */
export const idListQuery = (field: string, max = 500) =>
  z.preprocess((value) => {
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((v) => (typeof v === "string" ? v.split(",") : [v]))
      .map((v) => (typeof v === "string" ? v.trim() : v))
      .filter((v) => v !== "" && v !== undefined && v !== null);
    return parts.length === 0 ? undefined : parts;
  }, z.array(idParam(field)).max(max, `${field} may name at most ${max} ids`).optional());

/** The spec's list sections, used by documents and folders alike: the three top tabs. */
export const MY_DOCUMENTS = 1;
export const SHARED_FOLDERS = 2;
export const ORGANISATION_DOCUMENTS = 3;
export const ListSection = z.coerce.number({ error: "type must be 1, 2 or 3" }).pipe(
  z.union([z.literal(MY_DOCUMENTS), z.literal(SHARED_FOLDERS), z.literal(ORGANISATION_DOCUMENTS)], {
    error: "type must be 1 (My Documents), 2 (Shared Folders) or 3 (Organisation Documents)",
  }),
);
export type ListSection = z.infer<typeof ListSection>;

/**
 * A folder's kind: 1 lives in its creator's My Documents (and may be shared into Shared Folders),
 * 2 was created in Shared Folders and belongs to the firm (the spec's "type 2 nodes").
 */
export const PERSONAL_FOLDER = 1;
export const SHARED_FOLDER = 2;
export const FolderType = z.union([z.literal(PERSONAL_FOLDER), z.literal(SHARED_FOLDER)], {
  error: FOLDER_TYPE_REQUIRED,
});
export type FolderType = z.infer<typeof FolderType>;

export const FolderName = z
  .string({ error: FOLDER_NAME_REQUIRED })
  .trim()
  .min(1, FOLDER_NAME_REQUIRED)
  .max(FOLDER_NAME_MAX_LENGTH, FOLDER_NAME_TOO_LONG);

/** What this actor may do to this folder in the tab it was listed for (documents spec §6). */
export const FolderAbilities = z.object({
  /** The three-dot menu is shown at all. */
  menu: z.boolean(),
  create_subfolder: z.boolean(),
  /** Add to Shared Folders. */
  share: z.boolean(),
  /** Remove from Shared Folders. */
  unshare: z.boolean(),
  move: z.boolean(),
  rename: z.boolean(),
  delete: z.boolean(),
});
export type FolderAbilities = z.infer<typeof FolderAbilities>;

export const FolderUser = z.object({ ID: z.number().int(), display_name: z.string() });

const folderFields = {
  id: z.number().int(),
  name: z.string(),
  type: FolderType,
  folder_parent_id: z.number().int().nullable(),
  /** Ancestor ids, top-level first (empty for a top-level folder). */
  parent_id: z.array(z.number().int()),
  created_by: z.number().int(),
  created_by_user: FolderUser,
  /** In Shared Folders: this folder itself or one of its ancestors is shared. */
  shared: z.boolean(),
  /** The share record of this folder (set only on the folder that was shared, not its sub folders). */
  folder_share_id: z.number().int().nullable(),
  folder_share_created_by: z.number().int().nullable(),
  /** The shared ancestor this folder is shared through, when it is not shared itself. */
  shared_parent_folder: z.number().int().nullable(),
  /** Call that removes this folder's share (`DELETE`), present when the folder itself is shared. */
  api_remove_share: z.string().nullable(),
  /** Call that lists this folder's documents. */
  api_get_doc: z.string(),
  abilities: FolderAbilities,
};

export const Folder = z.object(folderFields);
export type Folder = z.infer<typeof Folder>;

export type FolderNode = Folder & { children: FolderNode[] };
export const FolderNode: z.ZodType<FolderNode> = z.object({
  ...folderFields,
  get children() {
    return z.array(FolderNode);
  },
});

export const FolderTreeQuery = TeamScopeQuery.extend({
  type: ListSection.default(MY_DOCUMENTS).describe(
    "Tab: 1 My Documents (the caller's folders), 2 Shared Folders, 3 Organisation Documents (every member's My Documents folders; owner and manager only).",
  ),
  include_folder: z
    .enum(["0", "1"])
    .default("1")
    .describe(
      "Shared Folders tab only: 1 (default) includes folders shared from members' My Documents beside the folders created in Shared Folders; 0 lists only the latter.",
    ),
});
export type FolderTreeQuery = z.infer<typeof FolderTreeQuery>;

export const FolderTreeResponse = envelope(z.object({ rows: z.array(FolderNode) }));

export const FolderIdParams = z.object({ id: idParam("id") });

export const CreateFolderRequest = z.object({
  name: FolderName,
  type: FolderType.describe("1: a folder in the caller's My Documents; 2: a folder in Shared Folders."),
  folder_parent_id: idParam("folder_parent_id")
    .nullable()
    .optional()
    .describe("The parent folder; omitted or null for a top-level folder."),
});
export type CreateFolderRequest = z.infer<typeof CreateFolderRequest>;

export const RenameFolderRequest = z.object({ name: FolderName });
export type RenameFolderRequest = z.infer<typeof RenameFolderRequest>;

export const MoveFolderRequest = z.object({
  to_folder_id: idParam("to_folder_id")
    .nullable()
    .describe("Destination folder, or null for the top level of the folder's own tree."),
});
export type MoveFolderRequest = z.infer<typeof MoveFolderRequest>;

export const FolderResponse = envelope(Folder);
export const DeleteFolderResponse = envelope(z.object({ id: z.number().int() }));
/**
 * Whether a folder could be deleted now, asked before the confirmation: a folder that is not
 * empty is refused at once, not after the user has agreed to delete it.
 */
export const FolderDeleteCheckResponse = envelope(
  z.object({
    id: z.number().int(),
    refusal: z
      .string()
      .nullable()
      .describe(
        "The message DELETE /folder/{id} would refuse with now (409: sub folders or documents in it, or a document that may never be deleted), or null when it would delete the folder.",
      ),
  }),
);

/** A destination offered by the move dialog; `disabled` when the folder may not go there. */
export type MoveTarget = {
  id: number;
  name: string;
  folder_parent_id: number | null;
  parent_id: number[];
  disabled: boolean;
  children: MoveTarget[];
};
export const MoveTarget: z.ZodType<MoveTarget> = z.object({
  id: z.number().int(),
  name: z.string(),
  folder_parent_id: z.number().int().nullable(),
  parent_id: z.array(z.number().int()),
  /** True when moving here would put folders deeper than the limit. */
  disabled: z.boolean(),
  get children() {
    return z.array(MoveTarget);
  },
});

export const PopupMoveResponse = envelope(
  z.object({
    /** The folder's own tree without the folder and its sub folders. */
    rows: z.array(MoveTarget),
    /** The folder may move to the top level of its tree. */
    can_move_to_root: z.boolean(),
    /** The folder's current parent (moving there changes nothing). */
    folder_parent_id: z.number().int().nullable(),
  }),
);

export const ShareFoldersRequest = z.object({
  folder_ids: z
    .array(idParam("folder_ids"))
    .min(1, "Please select at least one folder.")
    .max(100, "At most 100 folders can be shared at once.")
    .describe("Folders of the caller's My Documents to add to Shared Folders; all or none are shared."),
});
export type ShareFoldersRequest = z.infer<typeof ShareFoldersRequest>;

export const ShareFoldersResponse = envelope(
  z.object({
    rows: z.array(z.object({ folder_id: z.number().int(), folder_share_id: z.number().int() })),
  }),
);

export const UnshareFolderQuery = TeamScopeQuery.extend({
  folder_share_id: idParam("folder_share_id").describe(
    "The share to remove (from the folder's api_remove_share).",
  ),
});
export type UnshareFolderQuery = z.infer<typeof UnshareFolderQuery>;

export const UnshareFolderResponse = envelope(
  z.object({
    folder_id: z.number().int(),
    /** Documents that had been added to the folder (or its sub folders) and are no longer shared there. */
    removed_document_ids: z.array(z.number().int()),
  }),
);
