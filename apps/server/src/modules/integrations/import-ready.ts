import type { Database } from "../../db/client.ts";
import type { MailService } from "../mail/index.ts";

/**
 * Telling the person that a client import which failed can now be run (issue 37, loose end 3).
 * A retry from the console only learns that the app answers again: the client's data goes into
 * the document only when its person imports it in the interview (answers are saved with their
 * own action token, and nobody else decides what goes into their document). So a successful
 * retry mails them a link to the document's interview, naming what to import.
 */

/** Who is told; `personOf` answers null when the person has left the firm or the document is gone. */
export type ImportReadyPerson = { name: string; email: string; firmName: string; documentName: string };

export type ImportReadyNotice = {
  mail: Pick<MailService, "enqueue" | "sendSoon">;
  /** The configured public origin (PUBLIC_URL): links are never built on a request's Host. */
  publicUrl: string;
  personOf: (
    db: Database,
    failure: { teamId: number; userId: number; docId: number },
  ) => Promise<ImportReadyPerson | null>;
};

/** The web app's interview of a document (apps/web INTERVIEW_PATH). */
export const interviewLink = (publicUrl: string, docId: number) =>
  new URL(`/my-account/my-document/template?docId=${docId}`, publicUrl).toString();

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The mail: what failed, that it works now, and the link; the firm's name heads and signs it. */
export function importReadyMail(input: {
  person: ImportReadyPerson;
  appName: string;
  what: string;
  link: string;
  failureId: number;
  attempt: number;
}) {
  const { person } = input;
  const lines = [
    `Dear ${person.name || person.email},`,
    `Earlier, importing your client's data from ${input.appName} into "${person.documentName}" failed because ${input.appName} did not answer. ${input.appName} answers again now.`,
    `Nothing was put into your document for you: open its interview and import again (${input.what}).`,
    input.link,
  ];
  const firm = person.firmName.trim();
  return {
    to: person.email,
    subject: `You can import from ${input.appName} again: ${person.documentName}`,
    text: [...lines, ...(firm ? [firm] : [])].join("\n\n"),
    html: [
      ...lines.map((line) =>
        line === input.link
          ? `<p><a href="${escapeHtml(line)}">Open the interview</a></p>`
          : `<p>${escapeHtml(line)}</p>`,
      ),
      ...(firm ? [`<p style="color:#555">${escapeHtml(firm)}</p>`] : []),
    ].join("\n"),
    // One mail per successful attempt of this failure, however often the job runs.
    key: `integration-import-ready:${input.failureId}:${input.attempt}`,
  };
}
