import type { AssembleResponse } from "@precedent/contracts";
import { type Answers, validate } from "@precedent/docgen";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { DocumentEngine } from "../../platform/workers/index.ts";
import { fileNameOf, MEDIA_TYPES, recordVersion, replaceAssembledFiles } from "../documents/index.ts";
import { answerChanges, clientNameOf } from "./answer-changes.ts";
import { type SupplementNote, supplementAnswers } from "./answer-supplements.ts";
import {
  COMPLETED,
  type InterviewScope,
  incomplete,
  openedElsewhere,
  templateFailure,
} from "./interview-scope.ts";
import type { InterviewServiceDeps } from "./service-deps.ts";

// Assembly (interview spec §7): the answers checked, the PDF and Word file rendered and stored,
// kept as the document's files and as its next version (the documents module's tables, written
// through its versions.ts in this transaction), and the document completed.

export function createAssembly(
  deps: Pick<InterviewServiceDeps, "db" | "clock" | "documents" | "files" | "engine" | "logs">,
  scope: Pick<InterviewScope, "supplements" | "interviewable" | "isCurrentToken">,
) {
  const { db, clock, documents, files, engine, logs } = deps;
  const { supplements, interviewable, isCurrentToken } = scope;

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
          rendered = await engine.assemble(ctx.teamId, template, answers as Answers, {
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
          const now = clock();
          await replaceAssembledFiles(tx, {
            docId,
            teamId: ctx.teamId,
            userId: ctx.userId,
            at: now,
            documentName: doc.name,
            stored,
          });
          // The latest files replace the last assembly's; every assembly is also kept as a version.
          const logged = await recordVersion(tx, {
            docId,
            teamId: ctx.teamId,
            userId: ctx.userId,
            at: now,
            changesSince: (previous) => answerChanges(template.definition, previous, answers),
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
      return { doc_id: docId, status: COMPLETED, files: await documents.downloadIds(ctx, docId) };
    },
  };
}
