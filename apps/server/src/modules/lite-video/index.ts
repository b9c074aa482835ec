// The lite-video module's one public entry: other modules and the app import only this file.

export { liteVideoRoutes } from "./routes.ts";
export { liteVideoPreferences } from "./schema.ts";
export { createLiteVideoService, type LiteVideoService, NOT_YOUR_PREFERENCE } from "./service.ts";
