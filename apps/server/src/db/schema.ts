// Every module's tables, gathered for Drizzle and drizzle-kit. Modules own their tables;
// only their own service reads or writes them.
export * from "../modules/auth/schema.ts";
export * from "../modules/catalogue/schema.ts";
export * from "../modules/coupons/schema.ts";
export * from "../modules/documents/schema.ts";
export * from "../modules/files/schema.ts";
export * from "../modules/folders/schema.ts";
export * from "../modules/interview/schema.ts";
export * from "../modules/logs/schema.ts";
export * from "../modules/mail/schema.ts";
export * from "../modules/orders/schema.ts";
export * from "../modules/payments/schema.ts";
export * from "../modules/teams/schema.ts";
export * from "../modules/users/schema.ts";
export * from "../platform/jobs/schema.ts";
