// The media module's one public entry: other modules and the app import only this file.

export { mediaRoutes } from "./routes.ts";
export { media } from "./schema.ts";
export { createMediaService, type MediaService, mediaHoldsFile, mediaSourceUrl } from "./service.ts";
