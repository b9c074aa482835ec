import type { AssembleResponse } from "@precedent/contracts";
import { type Answers, type InterviewDefinition, validate } from "@precedent/docgen";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { DocumentEngine } from "../../platform/workers/index.ts";
import { type StoredFile, sha256Hex } from "../files/index.ts";
import { answerChanges, clientNameOf } from "./answer-changes.ts";
import { type SupplementNote, supplementAnswers } from "./answer-supplements.ts";
import type { InterviewDownloads } from "./downloads.ts";
import { type FileKind, fileNameOf, MEDIA_TYPES } from "./file-names.ts";
import {
  COMPLETED,
  type InterviewScope,
  incomplete,
  openedElsewhere,
  templateFailure,
} from "./interview-scope.ts";
import { documentFiles, documentVersions } from "./schema.ts";
import type { InterviewServiceDeps } from "./service-deps.ts";

// Assembly (interview spec §7): the answers checked, the PDF and Word file rendered and stored,
// kept as the document's files and as its next version, and the document completed. Also the
// assembled PDF signing sends, read from the files assembly wrote.

/**
 * Keeps one assembly as the document's next version, with the answers that changed since the
 * version before; the caller's transaction must hold the document's row lock (assemblies of one
 * document then number their versions one after another). Returns the log change to record.
 */
export async function recordVersion(
  tx: Database,
  input: {
    docId: number;
    teamId: number;
    userId: number;
    at: Date;
    definition: InterviewDefinition;
    answers: Record<string, unknown>;
    files: Record<FileKind, StoredFile & { name: string }>;
  },
) {
  const [previous] = await tx
    .select({ version: documentVersions.version, answers: documentVersions.answers })
    .from(documentVersions)
    .where(eq(documentVersions.docId, input.docId))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  const version = (previous?.version ?? 0) + 1;
  const changes = previous ? answerChanges(input.definition, previous.answers, input.answers) : [];
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

export function createAssembly(
  deps: Pick<InterviewServiceDeps, "db" | "clock" | "documents" | "files" | "engine" | "logs">,
  scope: Pick<InterviewScope, "supplements" | "interviewable" | "isCurrentToken">,
  downloads: Pick<InterviewDownloads, "downloadIds">,
) {
  const { db, clock, documents, files, engine, logs } = deps;
  const { supplements, interviewable, isCurrentToken } = scope;
  const { downloadIds } = downloads;

  return {
    /**
     * POST /xpressdox/assemble/{docId}: every required answer checked, then the PDF and Word file
     * rendered (outside any transaction: it takes a while), stored, recorded in place of any earlier
     * assembly, and the document completed — all in one transaction that checks again that nothing
     * changed meanwhile.
     */
    async assemble(
      ctx: FirmContext,
      docId: number,
      token: string,
    ): Promise<z.infer<typeof AssembleResponse>["data"]> {
      const before = await db.transaction(async (tx) => {
        const found = await interviewable(tx, ctx, docId, false);
        if (!(await isCurrentToken(tx, docId, token))) throw openedElsewhere();
        // Answers other modules know and the user left empty, checked and rendered with the rest
        // and saved with the assembly.
        const supplied = await supplementAnswers(tx, supplements, {
          teamId: ctx.teamId,
          docId,
          templateId: found.template.identifier,
          definition: found.template.definition,
          answers: found.doc.xml as Answers,
        });
        return { ...found, supplied };
      });
      const { template, supplied } = before;
      const answers = (supplied.answers ?? before.doc.xml) as Record<string, unknown>;
      const logAssembly = (tx: Database, outcome: { status: number; message: string }) =>
        logs.recordAction(tx, {
          teamId: ctx.teamId,
          docId,
          docType: before.doc.type,
          userId: ctx.userId,
          action: "Assemble document",
          isSuccess: outcome.status < 300,
          request: { template: before.doc.xTemplateId, name: before.doc.name },
          response: { status: outcome.status },
          message: outcome.message,
        });
      /** What the supplements did (or would not do, and why), for the document's log. */
      const logNotes = async (tx: Database, notes: readonly SupplementNote[]) => {
        for (const note of notes) {
          await logs.recordAction(tx, {
            teamId: ctx.teamId,
            docId,
            docType: before.doc.type,
            userId: ctx.userId,
            action: "Fill answers",
            isSuccess: note.filled,
            request: { template: before.doc.xTemplateId },
            response: { status: note.filled ? 200 : 409 },
            message: note.message,
          });
        }
      };
      try {
        const issues = validate(template.definition, answers as Answers);
        if (issues.length > 0) throw incomplete(issues);
        let rendered: Awaited<ReturnType<DocumentEngine["assemble"]>>;
        try {
          rendered = await engine.assemble(ctx.teamId, template.identifier, answers as Answers, {
            assembledAt: clock(),
          });
        } catch (error) {
          templateFailure(error);
        }
        const stored = {
          pdf: await files.put(rendered.pdf, { mediaType: MEDIA_TYPES.pdf }),
          word: await files.put(rendered.docx, { mediaType: MEDIA_TYPES.word }),
        };
        await db.transaction(async (tx) => {
          const { doc } = await interviewable(tx, ctx, docId, true);
          if (!(await isCurrentToken(tx, docId, token))) throw openedElsewhere();
          if (JSON.stringify(doc.xml) !== JSON.stringify(before.doc.xml)) {
            throw new AppError(
              409,
              "The answers changed while the document was being assembled. Please try again.",
            );
          }
          await tx.delete(documentFiles).where(eq(documentFiles.docId, docId));
          const now = clock();
          await tx.insert(documentFiles).values(
            (["pdf", "word"] as const).map((kind) => ({
              docId,
              teamId: ctx.teamId,
              kind,
              name: fileNameOf(doc.name, kind),
              sha256: stored[kind].sha256,
              size: stored[kind].size,
              createdBy: ctx.userId,
              createdAt: now,
            })),
          );
          // The latest files replace the last assembly's; every assembly is also kept as a version.
          const logged = await recordVersion(tx, {
            docId,
            teamId: ctx.teamId,
            userId: ctx.userId,
            at: now,
            definition: template.definition,
            answers,
            files: {
              pdf: { ...stored.pdf, name: fileNameOf(doc.name, "pdf") },
              word: { ...stored.word, name: fileNameOf(doc.name, "word") },
            },
          });
          const filled = supplied.answers
            ? {
                answers: {
                  from: null,
                  to: `${supplied.changes.length} ${supplied.changes.length === 1 ? "answer" : "answers"} filled`,
                  answers: supplied.changes,
                },
              }
            : {};
          await documents.applyChange(
            tx,
            ctx,
            doc,
            {
              status: COMPLETED,
              clientName: clientNameOf(template.definition, answers),
              ...(supplied.answers ? { xml: answers } : {}),
            },
            { ...logged, ...filled },
          );
          await logNotes(tx, supplied.notes);
          await logAssembly(tx, { status: 200, message: "The document was assembled." });
        });
      } catch (error) {
        // A refusal the user can act on is logged as a failed assembly; the assembly rolled back,
        // so the entry is written on its own.
        if (error instanceof AppError && error.status < 500) {
          // Nothing is saved, but an answer a supplement left empty on purpose is worth saying
          // (it may be why the assembly failed).
          await logNotes(
            db,
            supplied.notes.filter((note) => !note.filled),
          );
          await logAssembly(db, { status: error.status, message: error.message });
        }
        throw error;
      }
      return { doc_id: docId, status: COMPLETED, files: await downloadIds(ctx, docId) };
    },

    /** The document's assembled PDF (its store key and name), for signing; undefined before assembly. */
    async assembledPdf(tx: Database, docId: number) {
      const [row] = await tx
        .select({ sha256: documentFiles.sha256, name: documentFiles.name })
        .from(documentFiles)
        .where(and(eq(documentFiles.docId, docId), eq(documentFiles.kind, "pdf")));
      return row;
    },
  };
}
