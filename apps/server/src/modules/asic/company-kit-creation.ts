import { ASIC_KIT_ALREADY_MADE, ASIC_KIT_NOT_REGISTERED, companyKitMade } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { formatNumericDay } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { DocumentsService } from "../documents/index.ts";
import type { InterviewService } from "../interview/index.ts";
import { type TemplateLibrary, templateName } from "../templates/index.ts";
import type { ApplicationReads } from "./application-reads.ts";
import {
  COMPANY_KIT_TEMPLATES,
  companyKindOf,
  companyKitAnswers,
  companyKitKindRefusal,
  companyKitRefusal,
  companyNameOf,
} from "./company-kit.ts";
import { asicApplications } from "./schema.ts";

// The company kit, made once ASIC has registered the company: its documents created in the
// registration's folder, answered from the application (company-kit.ts maps the answers) and
// assembled as the interview does it.

export function createCompanyKitCreation(deps: {
  db: Database;
  clock: Clock;
  documents: Pick<DocumentsService, "createDraftIn">;
  /** The company kit's documents are answered and assembled as the interview does it. */
  interview: Pick<InterviewService, "issueToken" | "save" | "assemble">;
  library: TemplateLibrary;
  reads: ApplicationReads;
}) {
  const { db, clock, documents, interview, library } = deps;
  const { log, readRow, stateOf, requireActionable, kitDocuments } = deps.reads;

  return {
    /**
     * POST asic/company-kit: once ASIC has registered the company, the constitution, the officers'
     * consents, the first directors' minutes and the share certificates and registers, made as new
     * documents of the firm in the registration's folder, answered from the application and
     * assembled. Made once: the application's row lock lets one of two calls at once make it, and
     * the other (or any later call) is refused with 409. Included with the registration: no plan
     * use or order is taken (docs/decisions.md).
     */
    async createCompanyKit(ctx: FirmContext, docId: number) {
      const { doc } = await requireActionable(ctx, docId);
      const lodged = (await readRow(docId))?.lodgedApplication;
      // The company's name is the one lodged (and so certified), whatever the answers hold.
      const answers = {
        ...((doc as { xml?: Record<string, unknown> }).xml ?? {}),
        ...(lodged
          ? {
              name_choice: lodged.proposedName === null ? "acn" : "name",
              proposed_name: lodged.proposedName ?? "",
              legal_element: lodged.legalElement,
            }
          : {}),
      };
      // The type of company does not change once lodged: refused whatever ASIC has decided so far.
      const companyKind = companyKindOf(answers);
      const kindRefusal = companyKitKindRefusal(companyKind);
      if (kindRefusal) {
        await log(
          ctx.teamId,
          ctx.userId,
          docId,
          "asic/company-kit",
          false,
          { doc_id: docId },
          { status: 400 },
          kindRefusal,
        );
        throw new AppError(400, kindRefusal);
      }
      // The kit goes where the registration is, when this user may add documents there (their own
      // folder, or a shared one unless on the Lite plan); otherwise to their My Documents.
      const mayAddThere =
        doc.createdBy === ctx.userId || (doc.homedInSharedFolder && ctx.planSlug !== LITE_PLAN_SLUG);
      const folderId = doc.folderId !== null && mayAddThere ? doc.folderId : null;
      const made = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(asicApplications)
          .where(eq(asicApplications.docId, docId))
          .for("update");
        if (row?.asicStatus !== "COMP" || !row.acn || !row.registrationDate) {
          return { refused: ASIC_KIT_NOT_REGISTERED } as const;
        }
        // Registered, and of the kit's type (refused above): made already is the one reason left.
        if (row.kitCreatedAt) return { refused: ASIC_KIT_ALREADY_MADE } as const;
        const refusal = companyKitRefusal(answers);
        if (refusal) return { refused: refusal } as const;
        const kitAnswers = companyKitAnswers({
          answers,
          acn: row.acn,
          registrationDate: row.registrationDate,
          kitDate: formatNumericDay(clock()),
        });
        const companyName = companyNameOf(answers, row.acn);
        const created: { id: number; answers: Record<string, unknown> }[] = [];
        for (const identifier of COMPANY_KIT_TEMPLATES) {
          const template = library.starter(identifier);
          if (!template) throw new Error(`The company kit's template ${identifier} is missing`);
          const name = templateName(template);
          const id = await documents.createDraftIn(tx, ctx, {
            folder_id: folderId,
            name: `${name} - ${companyName}`.slice(0, 200),
            template_name: name,
            x_template_id: identifier,
            is_asic_document: 0,
          });
          created.push({ id, answers: kitAnswers[identifier] });
        }
        const now = clock();
        await tx
          .update(asicApplications)
          .set({
            kitCreatedAt: now,
            kitCreatedBy: ctx.userId,
            kitDocIds: created.map((c) => c.id),
            updatedAt: now,
          })
          .where(eq(asicApplications.id, row.id));
        return { created } as const;
      });
      if ("refused" in made) {
        const refused = made.refused as string;
        await log(ctx.teamId, ctx.userId, docId, "asic/company-kit", false, { doc_id: docId }, {}, refused);
        throw new AppError(409, refused);
      }
      // Each document answered and assembled as the interview does it (in its own transactions: the
      // rendering takes a while). One that cannot be assembled stays In Progress with its answers.
      const notAssembled: { id: number; message: string }[] = [];
      for (const kitDoc of made.created) {
        try {
          const token = await interview.issueToken(ctx, kitDoc.id);
          const saved = await interview.save(ctx, kitDoc.id, kitDoc.answers, token);
          if (!saved.status) throw new AppError(409, "The document is open in another tab.");
          await interview.assemble(ctx, kitDoc.id, token);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          notAssembled.push({ id: kitDoc.id, message: error.message });
        }
      }
      const kit = await kitDocuments(
        ctx,
        made.created.map((c) => c.id),
      );
      const message = companyKitMade(kit.map((d) => d.name));
      await log(
        ctx.teamId,
        ctx.userId,
        docId,
        "asic/company-kit",
        notAssembled.length === 0,
        { doc_id: docId },
        { documents: kit.map((d) => d.id), not_assembled: notAssembled },
        message,
      );
      return {
        message,
        data: { documents: kit, not_assembled: notAssembled, application: stateOf(await readRow(docId)) },
      };
    },
  };
}
