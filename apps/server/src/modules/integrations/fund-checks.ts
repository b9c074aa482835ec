import { type IntegrationAppSlug, SF360_VALIDATED } from "@precedent/contracts";
import type { InterviewDefinition } from "@precedent/docgen";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { recordSimpleFundAction } from "../documents/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { InterviewOf } from "./client-import.ts";
import { appOf, type Connection, type Person, providerError } from "./connections.ts";
import { fundOfAnswers } from "./import-mapping.ts";
import type { IntegrationProvider } from "./provider.ts";

// Simple Fund 360's checks of a document's fund, as the document's answers hold it: whether the
// fund is already there, and whether its members and trustees pass the fund app's validation.

const SF360_CHECK_FAILED = "Could not reach Simple Fund 360. Please try again.";

export function createFundChecks(deps: {
  db: Database;
  providers: (slug: IntegrationAppSlug) => IntegrationProvider;
  ownConnection: (person: Person, slug: IntegrationAppSlug) => Promise<Connection>;
  accessTokenOf: (connection: Connection) => Promise<string>;
  requireInterview: InterviewOf;
  logs?: Pick<LogsService, "recordAction">;
}) {
  const { db, ownConnection, accessTokenOf, requireInterview } = deps;

  /** The fund of a document the caller may interview, with their connection to the fund app. */
  async function fundOfDocument(ctx: FirmContext, slug: IntegrationAppSlug, docId: number) {
    const { definition, xml } = await requireInterview(ctx, docId);
    const connection = await ownConnection(ctx, slug);
    const token = await accessTokenOf(connection);
    const fund = fundOfAnswers(definition as unknown as InterviewDefinition, xml ?? {});
    return { fund, connection, token, provider: deps.providers(slug) };
  }

  return {
    /**
     * check-exist-contact: whether the fund of the document's answers is already on Simple Fund
     * 360 for the caller's connection (then assembling creates nothing there, and later changes
     * are not synced).
     */
    async fundExists(ctx: FirmContext, slug: IntegrationAppSlug, docId: number) {
      const { fund, connection, token, provider } = await fundOfDocument(ctx, slug, docId);
      if (!provider.findFund) throw new AppError(409, `${appOf(slug).app} does not hold funds.`);
      let found: Awaited<ReturnType<NonNullable<IntegrationProvider["findFund"]>>>;
      try {
        found = fund.name ? await provider.findFund(token, connection.tenantId, fund.name) : null;
      } catch (error) {
        throw providerError(error, SF360_CHECK_FAILED);
      }
      return {
        exists: found !== null,
        fund_id: found?.fundId ?? null,
        fund_name: found?.fundName ?? fund.name,
      };
    },

    /**
     * Contact validation with Simple Fund 360: the fund's people as the document's answers hold
     * them, checked by the fund app. Each validation is in the document's log with its outcome
     * (counts and the fund app's errors; no names or dates of birth). One without errors marks the
     * document is_sf_action in the transaction of its log entry (SF 360 takes no resubmission);
     * a failed one marks nothing.
     */
    async validateFundContacts(ctx: FirmContext, slug: IntegrationAppSlug, docId: number) {
      const { fund, connection, token, provider } = await fundOfDocument(ctx, slug, docId);
      if (!provider.validateFundContacts) throw new AppError(409, `${appOf(slug).app} does not hold funds.`);
      const log = (
        tx: Database,
        isSuccess: boolean,
        response: { status: number } & Record<string, unknown>,
        message: string,
      ) =>
        deps.logs?.recordAction(tx, {
          teamId: ctx.teamId,
          docId,
          docType: "Simple Fund 360",
          userId: ctx.userId,
          action: `Validate contacts (${appOf(slug).app})`,
          isSuccess,
          request: {
            app: slug,
            members: fund.contacts.filter((c) => c.relation === "member").length,
            trustees: fund.contacts.filter((c) => c.relation === "trustee").length,
          },
          response,
          message,
        });
      let outcome: Awaited<ReturnType<NonNullable<IntegrationProvider["validateFundContacts"]>>>;
      try {
        outcome = await provider.validateFundContacts(token, connection.tenantId, fund);
      } catch (error) {
        const failure = providerError(error, SF360_CHECK_FAILED);
        const status = failure instanceof AppError ? failure.status : 500;
        await log(db, false, { status }, SF360_CHECK_FAILED);
        throw failure;
      }
      const validated = outcome.errors.length === 0;
      const response = {
        status: 200,
        valid: outcome.data.filter((c) => c.valid).length,
        errors: outcome.errors,
      };
      await db.transaction(async (tx) => {
        // The log first: its foreign key holds the firm's row (key share) before the document's row
        // is locked, the order every transaction takes them in (firm, then documents).
        await log(tx, validated, response, outcome.errors[0] ?? SF360_VALIDATED);
        if (validated) await recordSimpleFundAction(tx, { teamId: ctx.teamId, documentId: docId });
      });
      return outcome;
    },
  };
}
