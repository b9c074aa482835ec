import { and, eq, isNull } from "drizzle-orm";
import { AppError, notFound } from "../../../errors.ts";
import { signingEnvelopes, signingRecipients } from "../schema.ts";
import type { SigningCeremonyDeps } from "./ceremony-deps.ts";
import { fileBaseName, type RequestMeta, SIGNING_LINK_MESSAGES } from "./link-messages.ts";
import { SIGNING_STATE_MESSAGES } from "./policy.ts";
import type { SigningLinks } from "./signing-links.ts";

// What a signer does before signing (issue 15 §3): open the page (the first view recorded once),
// read the original or the sealed PDF, and consent to sign electronically.

export function createPageActions(
  deps: Pick<SigningCeremonyDeps, "db" | "clock" | "files">,
  links: Pick<SigningLinks, "resolve" | "stateOf" | "page" | "record" | "actionable" | "documentName">,
) {
  const { db, clock, files } = deps;
  const { resolve, stateOf, page, record, actionable, documentName } = links;

  return {
    /** GET /api/sign/:token: the page; the first view of a live link is recorded once. */
    async view(token: string, meta: RequestMeta) {
      return db.transaction(async (tx) => {
        const resolved = await resolve(tx, token);
        const { state } = await stateOf(tx, resolved);
        if (
          resolved.canSign &&
          resolved.recipient.viewedAt === null &&
          // Viewed only when the document itself was shown: not for "not your turn" or "waiting".
          state === "ready"
        ) {
          // The event below holds the envelope's row (key share, for its foreign key): taken here,
          // before the recipient's row is written, as a reminder or a signature takes them, so that
          // a reminder holding the envelope is waited for rather than waiting on this view.
          await tx
            .select({ id: signingEnvelopes.id })
            .from(signingEnvelopes)
            .where(eq(signingEnvelopes.id, resolved.envelope.id))
            .for("key share");
          const [first] = await tx
            .update(signingRecipients)
            .set({ viewedAt: clock() })
            .where(and(eq(signingRecipients.id, resolved.recipient.id), isNull(signingRecipients.viewedAt)))
            .returning();
          if (first) {
            resolved.recipient = first;
            await record(
              tx,
              resolved.envelope,
              first,
              "viewed",
              `${first.fullName} opened the document`,
              meta,
            );
          }
        }
        return page(tx, resolved);
      });
    },

    /** GET /api/sign/:token/pdf: the original, while the request is live or for a party afterwards. */
    async originalPdf(token: string) {
      const resolved = await resolve(db, token);
      const { state } = await stateOf(db, resolved);
      if (state === "void" || state === "expired") throw new AppError(409, SIGNING_STATE_MESSAGES[state]);
      const file = await files.stream(resolved.envelope.originalSha256);
      if (!file) throw notFound("The document is not available.");
      return { file, name: `${fileBaseName(await documentName(resolved.envelope))}.pdf` };
    },

    /** GET /api/sign/:token/signed.pdf: the sealed PDF, once completed and sealed. */
    async signedPdf(token: string) {
      const { envelope } = await resolve(db, token);
      if (envelope.status !== "completed" || envelope.signedSha256 === null) {
        throw new AppError(409, SIGNING_LINK_MESSAGES.notSigned);
      }
      const file = await files.stream(envelope.signedSha256);
      if (!file) throw notFound(SIGNING_LINK_MESSAGES.notSigned);
      return { file, name: `${fileBaseName(await documentName(envelope))} (signed).pdf` };
    },

    /** POST /api/sign/:token/consent: consent to sign electronically (ETA 1999 (Cth) s10). */
    async consent(token: string, meta: RequestMeta) {
      return db.transaction(async (tx) => {
        const resolved = await actionable(tx, token);
        const [updated] = await tx
          .update(signingRecipients)
          .set({ consentedAt: clock() })
          .where(and(eq(signingRecipients.id, resolved.recipient.id), isNull(signingRecipients.consentedAt)))
          .returning();
        if (updated) {
          resolved.recipient = updated;
          await record(
            tx,
            resolved.envelope,
            updated,
            "consented",
            `${updated.fullName} agreed to sign electronically`,
            meta,
          );
        }
        return page(tx, resolved);
      });
    },
  };
}
