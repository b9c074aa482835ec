export * from "./auth.ts";
export * from "./envelope.ts";
export * from "./system.ts";
export * from "./teams.ts";
export * from "./users.ts";
