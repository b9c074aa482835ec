// The folders module's one public entry: other modules and the app import only this file.

export type { Viewer } from "./policy.ts";
export { folderRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { type FolderRow, folderShares, folders } from "./schema.ts";
export { isSharedLocation } from "./scope.ts";
export { createFoldersService, type FolderContents, type FoldersService } from "./service.ts";
