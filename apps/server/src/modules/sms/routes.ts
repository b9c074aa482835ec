import { DEV_SMS_PAGE_SIZE, DevSmsQuery, DevSmsResponse, ErrorEnvelope } from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SandboxSms } from "./service.ts";

/**
 * The developer page of the sandbox SMS provider: the firm's latest texts, so a tester or the demo
 * reads the one-time code a signer was sent. Registered only while the sandbox is the provider
 * (app.ts), so a server with a real provider has no such page.
 */
export const smsDevRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxSms }> = async (app, { sandbox }) => {
  app.get(
    "/dev/sms",
    {
      schema: {
        tags: ["sms"],
        summary:
          "Sandbox SMS: the latest text messages (one-time signing codes) of documents the caller may see, newest first",
        description: `Only while SMS_PROVIDER is the sandbox. Lists the ${DEV_SMS_PAGE_SIZE} latest messages caused by documents of the firm the caller may see (their own, Shared Folders', and every member's for an owner or manager); never another firm's.`,
        querystring: DevSmsQuery,
        response: {
          200: DevSmsResponse,
          400: ErrorEnvelope.describe("Bad input: `data.errors` names each field"),
          404: ErrorEnvelope.describe("Not a member of this firm (or no such firm)"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const rows = await sandbox.latestVisibleTo(ctx, DEV_SMS_PAGE_SIZE);
      return {
        message: "",
        data: {
          provider: "sandbox" as const,
          rows: rows.map((sms) => ({
            id: sms.id,
            to: sms.to,
            body: sms.body,
            doc_id: sms.documentId,
            created_at: sms.at.toISOString(),
          })),
        },
      };
    },
  );
};
