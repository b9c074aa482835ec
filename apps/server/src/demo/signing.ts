import { and, asc, desc, eq, like } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { documents } from "../modules/documents/index.ts";
import { mailOutbox } from "../modules/mail/index.ts";
import {
  type SigningCeremony,
  type SigningService,
  signingEnvelopes,
  signingRecipients,
} from "../modules/signing/index.ts";
import { teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";
import type { JobQueue } from "../platform/jobs/queue.ts";
import { sydneyDay } from "../platform/kernel/calendar.ts";
import type { FirmContexts } from "../platform/kernel/index.ts";

/** Sent, signed by everyone and sealed at start-up: a new user opens its sealed PDF and certificate. */
export const DEMO_SIGNED_DOCUMENT = "Non-Disclosure Agreement – Northwind Traders";
/** Sent and left pending: its signers' private links are printed at start-up. */
export const DEMO_PENDING_DOCUMENT = "Company Constitution – Harbourview Pty Ltd";

export type DemoSigningLink = { name: string; email: string; role: string; url: string };

/** The services the demo's signing goes through, as main.ts has them. */
type DemoSigningServices = {
  db: Database;
  jobs: JobQueue;
  firmContext: FirmContexts;
  signing: SigningService;
  signingCeremony: SigningCeremony;
};

/**
 * Runs once, just after the demo data was loaded and the services started: sends two of the demo
 * firm's completed documents for signing through the signing service, as the wizard does, signs
 * the first by every recipient through the signing pages' own calls and seals it (the seal job),
 * and leaves the second pending. Returns the pending document's private signing links.
 */
export async function signDemoDocuments(
  services: DemoSigningServices,
  origin: string,
  now: Date,
): Promise<DemoSigningLink[]> {
  const { db } = services;
  const [owner] = await db
    .select({ userId: users.id, teamId: teams.id })
    .from(users)
    .innerJoin(teams, eq(teams.name, "Demo Advisory Pty Ltd"))
    .where(eq(users.email, "owner@demo.test"));
  if (!owner) throw new Error("the demo firm's owner is missing");
  const ctx = await services.firmContext({ userId: owner.userId, sessionId: 0 }, owner.teamId);

  const send = async (name: string) => {
    const [doc] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.teamId, owner.teamId), eq(documents.name, name)));
    if (!doc) throw new Error(`demo document missing: ${name}`);
    const { list } = await services.signing.listSigners(ctx, doc.id);
    const people = list.flatMap((s) => [
      { full_name: s.full_name, email: s.Email, meta_key: s.meta_key, date_key: s.date_key },
      ...s.witness.map((w) => ({
        full_name: w.full_name,
        email: w.email,
        meta_key: w.meta_key,
        date_key: w.date_key,
      })),
    ]);
    // The sample answers may leave an email blank: each person gets a demo address of their own.
    const fallbackEmail = (fullName: string, i: number) =>
      `${
        fullName
          .toLowerCase()
          .replace(/[^a-z]+/g, ".")
          .replace(/^\.|\.$/g, "") || "signer"
      }.${i + 1}@client.example`;
    const dueDate = sydneyDay(new Date(now.getTime() + 14 * 24 * 60 * 60_000));
    await services.signing.confirm(ctx, {
      doc_id: doc.id,
      sms_notify: 0,
      due_date: dueDate,
      email_subject: `Please sign: ${name}`,
      email_body: "Please read and sign the document.",
      is_group: 0,
      // Demo witnesses are adults who are not parties.
      witnesses_adult: true,
      signer: people.map((p, i) => ({
        ...p,
        email: p.email?.trim() || fallbackEmail(p.full_name, i),
        signing_group: 0,
        signing_group_name: "Signers",
      })),
    });
    const [envelope] = await db
      .select({ id: signingEnvelopes.id })
      .from(signingEnvelopes)
      .where(eq(signingEnvelopes.documentId, doc.id))
      .orderBy(desc(signingEnvelopes.id))
      .limit(1);
    if (!envelope) throw new Error(`no signing request for ${name}`);
    const recipients = await db
      .select()
      .from(signingRecipients)
      .where(eq(signingRecipients.envelopeId, envelope.id))
      .orderBy(asc(signingRecipients.groupIndex), asc(signingRecipients.id));
    // Each private link is only in the email sent to its recipient (the database keeps its hash).
    const mails = await db
      .select({ key: mailOutbox.key, text: mailOutbox.text })
      .from(mailOutbox)
      .where(like(mailOutbox.key, `signing:${envelope.id}:%`));
    return recipients.map((r) => {
      const text = mails.find((m) => m.key === `signing:${envelope.id}:${r.id}:sent`)?.text ?? "";
      const token = /\/sign\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
      if (!token) throw new Error(`no signing link mailed to ${r.fullName}`);
      return { recipient: r, token };
    });
  };

  const meta = { ip: "127.0.0.1", userAgent: "Precedent demo data" };
  const signed = await send(DEMO_SIGNED_DOCUMENT);
  // Signers before the witnesses who watch them, as the signing pages allow.
  const inTurn = [...signed].sort(
    (a, b) => Number(a.recipient.role === "witness") - Number(b.recipient.role === "witness"),
  );
  for (const { recipient, token } of inTurn) {
    await services.signingCeremony.consent(token, meta);
    await services.signingCeremony.sign(
      token,
      {
        signature: { kind: "typed", text: recipient.fullName, font: "Dancing Script" },
        ...(recipient.role === "witness" ? { witnessed_by: "in-person" as const } : {}),
      },
      meta,
    );
  }
  // The seal job the last signature queued (and the emails), run now rather than by the worker.
  await services.jobs.runDue();

  const pending = await send(DEMO_PENDING_DOCUMENT);
  return pending.map(({ recipient, token }) => ({
    name: recipient.fullName,
    email: recipient.email,
    role: recipient.role,
    url: new URL(`/sign/${token}`, origin).toString(),
  }));
}
