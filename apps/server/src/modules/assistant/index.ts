// The assistant module's one public entry: other modules and the app import only this file.

export { createBuiltInProvider } from "./built-in-provider.ts";
export type { AssistantProvider, AssistantTools } from "./provider.ts";
export { assistantRoutes } from "./routes.ts";
export { type AssistantService, createAssistantService, type DocumentStartCall } from "./service.ts";
