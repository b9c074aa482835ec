import {
  ACKNOWLEDGEMENT_DATE_INVALID,
  ACKNOWLEDGEMENT_REQUIRED,
  ACKNOWLEDGEMENT_USER_REQUIRED,
  DOCUMENT_LIMIT_REACHED,
  DRAFT_HAS_TEMPLATE,
  DRAFT_KEEPS_FOLDER,
  DRAFT_NOT_EDITABLE,
  type FieldError,
  isDdMmYyyy,
  PLAN_EXPIRED_START,
  PURCHASE_REQUIRED,
  type StartDocumentRequest,
  type StartDocumentResult,
} from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import {
  type CatalogueService,
  productAcknowledgement,
  productFlags,
  productPopupVideo,
  strategistRefusal,
  templateOfProduct,
} from "../catalogue/index.ts";
import type { DocumentsService } from "../documents/index.ts";
import { allowedInSomeTab, canInterviewDocument, EDITABLE_STATUSES } from "../documents/index.ts";
import { planInForce, type TeamsService } from "../teams/index.ts";
import { documentStarts } from "./schema.ts";
import type { OrdersService } from "./service.ts";

/**
 * POST /doc/start: creates the draft of a template and consumes exactly one right to it, in one
 * transaction — a paid unused order (marked used), or a use of a limited plan, or nothing for a
 * free product or a full-access category on an unlimited plan. Anything refused changes nothing.
 * With `doc_id` the template goes to a blank draft (Create New > New Document) instead of a new
 * document, paid for the same way. `byAssistant` (the assistant's start) marks the document
 * is_interview_ai in the same transaction; a request body cannot ask for it.
 */
export type DocumentStart = ReturnType<typeof createDocumentStart>;

export function createDocumentStart(deps: {
  db: Database;
  clock: Clock;
  catalogue: CatalogueService;
  orders: OrdersService;
  teams: TeamsService;
  documents: DocumentsService;
  /** Records the plan uses taken (the Credit Spending History). */
  credits: {
    recordUse(
      tx: Database,
      use: { teamId: number; userId: number; used: number; documentIds: number[] },
    ): Promise<void>;
  };
}) {
  const { db, clock, catalogue, orders, teams, documents, credits } = deps;

  return async function start(
    ctx: FirmContext,
    input: StartDocumentRequest,
    options: { byAssistant?: boolean } = {},
  ): Promise<StartDocumentResult> {
    const interviewAi = options.byAssistant ? ({ is_interview_ai: true } as const) : {};
    if (input.product_id === undefined && input.order_id === undefined) {
      throw badRequest("Please choose a template or a paid order.", [
        { field: "product_id", message: "product_id or order_id is required" },
      ]);
    }
    let productId = input.product_id;
    if (input.order_id !== undefined) {
      const order = await orders.requireOwn(db, ctx, input.order_id);
      if (productId !== undefined && productId !== order.productId) {
        throw badRequest("This order is for another template.", [
          { field: "product_id", message: "product_id does not match the order" },
        ]);
      }
      productId = order.productId;
    }
    if (productId === undefined) throw badRequest("Please choose a template.");
    if (input.doc_id !== undefined && input.folder_id !== undefined) {
      throw badRequest(DRAFT_KEEPS_FOLDER, [{ field: "folder_id", message: DRAFT_KEEPS_FOLDER }]);
    }
    // A paid order starts what it bought even when the product was withdrawn since (the order
    // itself is checked paid and unused in `consume`, so an unpaid one still buys nothing).
    const product =
      input.order_id !== undefined
        ? await catalogue.orderedProduct(productId)
        : await catalogue.pricedProduct(productId);

    const acknowledgement = productAcknowledgement(product);
    if (acknowledgement) {
      const errors: FieldError[] = [];
      if (input.acknowledgement !== true && input.acknowledgement !== "yes") {
        errors.push({ field: "acknowledgement", message: ACKNOWLEDGEMENT_REQUIRED });
      }
      if (!input.acknowledgement_date || !isDdMmYyyy(input.acknowledgement_date)) {
        errors.push({ field: "acknowledgement_date", message: ACKNOWLEDGEMENT_DATE_INVALID });
      }
      if (!input.acknowledgement_user) {
        errors.push({ field: "acknowledgement_user", message: ACKNOWLEDGEMENT_USER_REQUIRED });
      }
      const first = errors[0];
      if (first) throw badRequest(first.message, errors);
    }

    const inForce = planInForce(ctx, clock());
    const access = await catalogue.planAccess(ctx.planSlug, inForce);
    const refusal = strategistRefusal(product, access);
    const fullAccess = product.categoryIds.some((id) => access.full.has(id));
    // A template the plan gives, refused only because the plan has expired or ended: say so.
    const fullWhenInForce = inForce ? access.full : (await catalogue.planAccess(ctx.planSlug, true)).full;
    const planExpired =
      !inForce && ctx.planStatus !== "others" && product.categoryIds.some((id) => fullWhenInForce.has(id));

    const newDraft = (tx: Database) =>
      documents.createDraftIn(tx, ctx, {
        folder_id: input.folder_id ?? null,
        name: input.name,
        template_id: product.id,
        template_name: product.name,
        x_template_id: templateOfProduct(product),
        is_asic_document: input.is_asic ?? 0,
        ...interviewAi,
      });

    /**
     * The blank draft the template goes to, checked before any right is taken and again, locked
     * until commit, when the template is attached: of parallel starts on one draft, the first
     * attaches and the others change nothing (their use of the plan rolls back with them).
     */
    const checkDraft = async (tx: Database, docId: number, lock: boolean) => {
      const loaded = await documents.loadForChange(tx, ctx, docId, lock);
      if (!loaded) throw notFound(`Doc ID ${docId} was not found.`);
      const { doc, facts } = loaded;
      if (doc.xTemplateId !== null || doc.templateId !== null) throw new AppError(409, DRAFT_HAS_TEMPLATE);
      if (!EDITABLE_STATUSES.has(doc.status)) throw new AppError(409, DRAFT_NOT_EDITABLE);
      if (!allowedInSomeTab(canInterviewDocument, ctx, facts)) {
        throw forbidden(
          "Only the document's creator, the company owner or a manager can choose its template.",
        );
      }
      return doc;
    };

    const outcome = await db.transaction(async (tx) => {
      if (input.doc_id !== undefined) await checkDraft(tx, input.doc_id, false);
      const attach = async () => {
        if (input.doc_id === undefined) return newDraft(tx);
        // Locked only now, after the plan's use is taken from the firm's row: the firm before its
        // documents, the order a member's removal locks in (the firm, then the member's documents
        // it hands over); the other order deadlocked a start with a removal.
        const blank = await checkDraft(tx, input.doc_id, true);
        await documents.applyChange(
          tx,
          ctx,
          blank,
          {
            name: input.name,
            templateId: product.id,
            templateName: product.name,
            xTemplateId: templateOfProduct(product),
            ...(options.byAssistant ? { isInterviewAi: true as const } : {}),
          },
          input.name !== blank.name ? { name: { from: blank.name, to: input.name } } : {},
        );
        return blank.id;
      };
      const result = await consume(tx, attach);
      await tx.insert(documentStarts).values({
        documentId: result.id,
        teamId: ctx.teamId,
        productId: product.id,
        orderId: input.order_id ?? null,
        consumed: result.consumed,
        acknowledgement,
        acknowledgementDate: acknowledgement ? (input.acknowledgement_date ?? null) : null,
        acknowledgementUser: acknowledgement ? (input.acknowledgement_user ?? null) : null,
        startedBy: ctx.userId,
        startedAt: clock(),
      });
      return result;
    });

    /** Takes the one right this start uses and creates the draft, or throws having changed nothing. */
    async function consume(tx: Database, draft: () => Promise<number>) {
      if (input.order_id !== undefined) {
        const { documentId } = await orders.consume(tx, ctx, input.order_id, draft);
        return { id: documentId, consumed: "order" as const, limit: null };
      }
      if (refusal) throw forbidden(refusal);
      if (product.priceCents === 0) return { id: await draft(), consumed: "free" as const, limit: null };
      if (!fullAccess) throw forbidden(planExpired ? PLAN_EXPIRED_START : PURCHASE_REQUIRED);
      const left = await teams.consumeDocumentUse(tx, ctx.teamId);
      if (left === false) throw forbidden(DOCUMENT_LIMIT_REACHED);
      const id = await draft();
      if (left !== null) {
        await credits.recordUse(tx, { teamId: ctx.teamId, userId: ctx.userId, used: 1, documentIds: [id] });
      }
      return {
        id,
        consumed: left === null ? ("full_access" as const) : ("plan_use" as const),
        limit: left,
      };
    }

    return {
      id: outcome.id,
      template_identifier: templateOfProduct(product),
      template_name: product.name,
      consumed: outcome.consumed,
      limit: outcome.limit,
      popup_video: productPopupVideo(product),
      acknowledgement,
      ...productFlags(product),
    };
  };
}
