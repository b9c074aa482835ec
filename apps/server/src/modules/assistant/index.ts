// The assistant module's one public entry: other modules and the app import only this file.

export { createBuiltInProvider } from "./built-in-provider.ts";
// The finder over the catalogue as the chat reads it (the console's tests check what it finds).
export { createCatalogueEntries } from "./catalogue-entries.ts";
// For the benchmark (bench/assistant.ts): the finder as the chat builds it, and its measure.
export { createTemplateFinder, type FinderEntry } from "./finder.ts";
export { finderAccuracy } from "./finder-accuracy.ts";
export { FINDER_LABELLED_SET } from "./finder-labelled-set.ts";
export { finderEntriesFromLibrary } from "./library-entries.ts";
export { createOpenAiProvider, type OpenAiSettings } from "./openai-provider.ts";
export type { AssistantProvider, AssistantTools } from "./provider.ts";
export {
  type AssistantChoice,
  type AssistantSettings,
  assistantChoiceOf,
  assistantProviderOf,
  modelGatewayOf,
} from "./provider-choice.ts";
export { assistantRoutes } from "./routes.ts";
export { type SalesCatalogue, salesCatalogueOf } from "./sales.ts";
export { type AssistantService, createAssistantService, type DocumentStartCall } from "./service.ts";
export { assistantUsageOf } from "./usage-totals.ts";
export { speechPortOf } from "./voice.ts";
export { voiceRoutes } from "./voice-routes.ts";
