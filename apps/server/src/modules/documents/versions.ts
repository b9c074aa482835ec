import type { AnswerChange } from "@precedent/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type StoredFile, sha256Hex } from "../files/index.ts";
import { type FileKind, fileNameOf } from "./file-names.ts";
import { documentFiles, documentVersions } from "./schema.ts";

// What an assembly leaves on a document: its latest files and the assembly kept as a version.
// Moved here from the interview module's assembly (which calls them in its transaction, as the
// demo data does) with the tables they write; the interview module still decides which answers
// changed, since only it reads a template's questions.

/**
 * The document's latest assembled files, in place of the last assembly's, named after the
 * document; in the caller's transaction.
 */
export async function replaceAssembledFiles(
  tx: Database,
  input: {
    docId: number;
    teamId: number;
    userId: number;
    at: Date;
    documentName: string;
    stored: Record<FileKind, StoredFile>;
  },
) {
  const { docId, stored } = input;
  await tx
    .delete(documentFiles)
    .where(and(eq(documentFiles.teamId, input.teamId), eq(documentFiles.docId, docId)));
  await tx.insert(documentFiles).values(
    (["pdf", "word"] as const).map((kind) => ({
      docId,
      teamId: input.teamId,
      kind,
      name: fileNameOf(input.documentName, kind),
      sha256: stored[kind].sha256,
      size: stored[kind].size,
      createdBy: input.userId,
      createdAt: input.at,
    })),
  );
}

/**
 * Keeps one assembly as the document's next version, with the answers that changed since the
 * version before (`changesSince` is told the previous version's answers); the caller's
 * transaction must hold the document's row lock (assemblies of one document then number their
 * versions one after another). Returns the log change to record.
 */
export async function recordVersion(
  tx: Database,
  input: {
    docId: number;
    teamId: number;
    userId: number;
    at: Date;
    changesSince: (previousAnswers: Record<string, unknown>) => AnswerChange[];
    answers: Record<string, unknown>;
    files: Record<FileKind, StoredFile & { name: string }>;
  },
) {
  const [previous] = await tx
    .select({ version: documentVersions.version, answers: documentVersions.answers })
    .from(documentVersions)
    .where(and(eq(documentVersions.teamId, input.teamId), eq(documentVersions.docId, input.docId)))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  const version = (previous?.version ?? 0) + 1;
  const changes = previous ? input.changesSince(previous.answers) : [];
  await tx.insert(documentVersions).values({
    docId: input.docId,
    teamId: input.teamId,
    version,
    assembledAt: input.at,
    assembledBy: input.userId,
    answers: input.answers,
    answersSha256: sha256Hex(new TextEncoder().encode(JSON.stringify(input.answers))),
    changes,
    pdfName: input.files.pdf.name,
    pdfSha256: input.files.pdf.sha256,
    pdfSize: input.files.pdf.size,
    wordName: input.files.word.name,
    wordSha256: input.files.word.sha256,
    wordSize: input.files.word.size,
  });
  return { version: { from: previous?.version ?? null, to: version, answers: changes } };
}
