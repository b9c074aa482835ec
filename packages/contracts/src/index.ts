export * from "./auth.ts";
export * from "./documents.ts";
export * from "./envelope.ts";
export * from "./folders.ts";
export * from "./logs.ts";
export * from "./system.ts";
export * from "./teams.ts";
export * from "./users.ts";
