import {
  type FundContactRelation,
  INTEGRATION_IMPORT_FAILED,
  INTEGRATION_LIST_PAGE_SIZE,
  INTEGRATION_NO_CLIENT,
  type IntegrationAppSlug,
  type IntegrationClientType,
  integrationImportMismatch,
  type SimpleFundContact,
} from "@precedent/contracts";
import type { InterviewDefinition } from "@precedent/docgen";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { LogsService } from "../logs/index.ts";
import { appOf, type Connection, type Person, providerError } from "./connections.ts";
import { importFund, importFundContact, importIntoParty } from "./import-mapping.ts";
import type { IntegrationProvider } from "./provider.ts";
import { redact } from "./redact.ts";
import { integrationImportFailures } from "./schema.ts";

// Reading the connected app's clients, and importing one (or a fund, or a fund's member or
// trustee) as answers for a document's interview: the lists the import dialogs page through, and
// the mapping of one client onto the interview's party, each attempt in the document log.

/** The document's interview, if the actor may interview it now (refuses completed documents). */
export type InterviewOf = (
  ctx: FirmContext,
  docId: number,
) => Promise<{ definition: Record<string, unknown>; xml?: Record<string, unknown> | null }>;

export function createClientImport(deps: {
  db: Database;
  clock: Clock;
  providers: (slug: IntegrationAppSlug) => IntegrationProvider;
  ownConnection: (person: Person, slug: IntegrationAppSlug) => Promise<Connection>;
  accessTokenOf: (connection: Connection) => Promise<string>;
  requireInterview: InterviewOf;
  logs?: Pick<LogsService, "recordAction">;
}) {
  const { db, ownConnection, accessTokenOf, requireInterview } = deps;

  /** The fund's people, from the caller's connection; another organisation's fund is not found. */
  async function contactsOfFund(person: Person, slug: IntegrationAppSlug, fundId: string) {
    const connection = await ownConnection(person, slug);
    const provider = deps.providers(slug);
    if (!provider.listFundContacts) throw new AppError(409, `${appOf(slug).app} does not hold funds.`);
    const token = await accessTokenOf(connection);
    let contacts: SimpleFundContact[] | null;
    try {
      contacts = await provider.listFundContacts(token, connection.tenantId, fundId);
    } catch (error) {
      throw providerError(error, INTEGRATION_IMPORT_FAILED);
    }
    if (!contacts) throw notFound(INTEGRATION_NO_CLIENT);
    return contacts;
  }

  async function clientDetail(person: Person, slug: IntegrationAppSlug, clientId: string) {
    const connection = await ownConnection(person, slug);
    const token = await accessTokenOf(connection);
    let client: Awaited<ReturnType<IntegrationProvider["getClient"]>>;
    try {
      client = await deps.providers(slug).getClient(token, connection.tenantId, clientId);
    } catch (error) {
      throw providerError(error, INTEGRATION_IMPORT_FAILED);
    }
    if (!client) throw notFound(INTEGRATION_NO_CLIENT);
    return client;
  }

  return {
    /**
     * The connected app's clients of one type (the route refuses none: 'no contact type') and by
     * name (trimmed, any case), a page at a time (15 by
     * default, as the lists load on scroll; the wizard asks for 100).
     */
    async clients(
      person: Person,
      slug: IntegrationAppSlug,
      query: { search?: string; type: IntegrationClientType; page?: number; limit?: number },
    ) {
      const connection = await ownConnection(person, slug);
      const token = await accessTokenOf(connection);
      let all: Awaited<ReturnType<IntegrationProvider["listClients"]>>;
      try {
        all = await deps.providers(slug).listClients(token, connection.tenantId);
      } catch (error) {
        throw providerError(error, INTEGRATION_IMPORT_FAILED);
      }
      const search = query.search?.trim().toLowerCase() ?? "";
      const limit = query.limit ?? INTEGRATION_LIST_PAGE_SIZE;
      const start = ((query.page ?? 1) - 1) * limit;
      return all
        .filter((c) => c.type === query.type && c.name.toLowerCase().includes(search))
        .slice(start, start + limit);
    },

    /**
     * list-contact: the people Simple Fund 360 relates to one fund of the connection's
     * organisation, members or trustees (spec §7's mapping) or both, by name, 15 a page.
     */
    async fundContacts(
      person: Person,
      slug: IntegrationAppSlug,
      fundId: string,
      query: { entityRelation?: FundContactRelation; name?: string; page?: number } = {},
    ) {
      const all = await contactsOfFund(person, slug, fundId);
      const name = query.name?.trim().toLowerCase() ?? "";
      const start = ((query.page ?? 1) - 1) * INTEGRATION_LIST_PAGE_SIZE;
      return all
        .filter(
          (c) =>
            (!query.entityRelation || c.type === query.entityRelation) && c.name.toLowerCase().includes(name),
        )
        .slice(start, start + INTEGRATION_LIST_PAGE_SIZE);
    },

    /** One client of the connection's organisation; another organisation's client is not found. */
    clientDetail,

    /**
     * An import's ask of the app, again (the console's retry of a failed import): the client or
     * fund, or the fund's member or trustee, read from the person's connection. Throws as the
     * import did when the app fails or the client is gone.
     */
    async askAgain(person: Person, slug: IntegrationAppSlug, clientId: string, contactId: string | null) {
      if (contactId === null) return (await clientDetail(person, slug, clientId)).name;
      const contact = (await contactsOfFund(person, slug, clientId)).find((c) => c.id === contactId);
      if (!contact) throw notFound(INTEGRATION_NO_CLIENT);
      return contact.name;
    },

    /**
     * Import Client and Select Fund: the client's data as answers for the document's interview.
     * The document must be one the actor may interview now (not completed), the client one of the
     * connection's organisation, and of a type the chosen party takes; each attempt is logged.
     * The answers are returned for the interview page to show and save with its action token.
     */
    async importClient(
      ctx: FirmContext,
      slug: IntegrationAppSlug,
      input: { doc_id: number; client_id: string; question_id: string; contact_id?: string },
    ) {
      const { definition, xml } = await requireInterview(ctx, input.doc_id);
      const log = (isSuccess: boolean, status: number, message: string, clientType?: string) =>
        deps.logs?.recordAction(db, {
          teamId: ctx.teamId,
          docId: input.doc_id,
          docType: "DOC",
          userId: ctx.userId,
          action: input.contact_id
            ? `Select member/trustee (${appOf(slug).app})`
            : input.question_id === "fund"
              ? `Select fund (${appOf(slug).app})`
              : `Import client (${appOf(slug).app})`,
          isSuccess,
          // Ids only: the client's name, people and addresses stay out of the log.
          request: redact({
            app: slug,
            client_id: input.client_id,
            ...(input.contact_id ? { contact_id: input.contact_id } : {}),
            question_id: input.question_id,
          }) as Record<string, unknown>,
          response: { status, ...(clientType ? { client_type: clientType } : {}) },
          message,
        });
      /**
       * The app failed or did not answer (not the person's choice of client or party): kept for
       * the console's integrations queue, where staff retry it (issue 37 item 7).
       */
      const recordFailure = async (status: number, message: string) => {
        if (status < 500) return;
        const action = input.contact_id
          ? `Select member/trustee (${appOf(slug).app})`
          : input.question_id === "fund"
            ? `Select fund (${appOf(slug).app})`
            : `Import client (${appOf(slug).app})`;
        await db.insert(integrationImportFailures).values({
          teamId: ctx.teamId,
          userId: ctx.userId,
          docId: input.doc_id,
          app: slug,
          clientId: input.client_id,
          contactId: input.contact_id ?? null,
          questionId: input.question_id,
          action,
          status: "failed",
          // In plain words for staff: which app, that it failed, and what the person was told.
          lastError:
            status === 502
              ? `${appOf(slug).app} did not answer or failed (502): ${message}`
              : `${appOf(slug).app}'s data could not be read (${status}): ${message}`,
          failedAt: deps.clock(),
        });
      };
      if (input.contact_id) {
        const contactId = input.contact_id;
        let contact: SimpleFundContact | undefined;
        try {
          contact = (await contactsOfFund(ctx, slug, input.client_id)).find((c) => c.id === contactId);
          if (!contact) throw notFound(INTEGRATION_NO_CLIENT);
        } catch (error) {
          const status = error instanceof AppError ? error.status : 500;
          const message = error instanceof AppError ? error.message : INTEGRATION_IMPORT_FAILED;
          await log(false, status, message);
          await recordFailure(status, message);
          throw error;
        }
        const outcome = importFundContact(
          definition as unknown as InterviewDefinition,
          input.question_id,
          contact,
          appOf(slug).app,
          xml ?? {},
        );
        if (!outcome.ok) {
          const [status, message]: [number, string] =
            outcome.reason === "mismatch"
              ? [422, integrationImportMismatch(outcome.why)]
              : outcome.reason === "full"
                ? [409, "This group has as many people as it takes."]
                : [400, "This document's interview has no such party to import into."];
          await log(false, status, message, contact.type);
          throw new AppError(status, message);
        }
        await log(true, 200, "Data imported successfully.", contact.type);
        return { question_id: input.question_id, answers: outcome.answers, client_name: contact.name };
      }
      let client: Awaited<ReturnType<typeof clientDetail>>;
      try {
        client = await clientDetail(ctx, slug, input.client_id);
      } catch (error) {
        const status = error instanceof AppError ? error.status : 500;
        const message = error instanceof AppError ? error.message : INTEGRATION_IMPORT_FAILED;
        await log(false, status, message);
        await recordFailure(status, message);
        throw error;
      }
      const outcome =
        input.question_id === "fund"
          ? importFund(definition as unknown as InterviewDefinition, client)
          : importIntoParty(definition as unknown as InterviewDefinition, input.question_id, client);
      if (!outcome.ok) {
        const message =
          outcome.reason === "mismatch"
            ? integrationImportMismatch(outcome.why)
            : "This document's interview has no such party to import into.";
        await log(false, outcome.reason === "mismatch" ? 422 : 400, message, client.type);
        throw new AppError(outcome.reason === "mismatch" ? 422 : 400, message);
      }
      await log(true, 200, "Data imported successfully.", client.type);
      return { question_id: input.question_id, answers: outcome.answers, client_name: client.name };
    },
  };
}
