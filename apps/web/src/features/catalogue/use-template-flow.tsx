import {
  CATEGORY_STRATEGIST_ONLY,
  DOCUMENT_LIMIT_REACHED,
  DOCUMENT_STRATEGIST_ONLY,
  type Product,
} from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App } from "antd";
import { type ReactNode, useCallback, useContext, useState } from "react";
import { categoriesQuery, membershipProductsQuery } from "../../api/catalogue";
import { SUPPORT_EMAIL } from "../../constants";
import { TalkToSalesModal } from "../session/TalkToSalesModal";
import { type TemplateAccess, templateAccess } from "./catalogue-model";
import {
  type DraftTarget,
  DraftTargetContext,
  draftForPurchase,
  forgetDraftForPurchase,
  rememberDraftForPurchase,
} from "./draft-target";
import { NoticeWithVideo } from "./NoticeWithVideo";
import { PurchaseModal } from "./PurchaseModal";
import { type StartSource, StartWizard } from "./StartWizard";
import { TemplatePreviewModal } from "./TemplatePreviewModal";
import { startNotices } from "./template-notices";

export const STRATEGIST_PLAN_REQUIRED = "Strategist plan required";

type FlowState =
  | { step: "preview"; product: Product }
  | { step: "purchase"; product: Product }
  | { step: "start"; product: Product; source: StartSource; draft?: DraftTarget }
  | undefined;

export type TemplateFlow = {
  /** What the plan allows for a product (the card's button and price follow it). */
  accessOf: (product: Product) => TemplateAccess;
  /** Start Document or Purchase, with the plan's refusals, the limit dialog and notices first. */
  act: (product: Product) => void;
  preview: (product: Product) => void;
  /** Starts the document a paid order bought (after 'Payment Confirmed'). */
  startFromOrder: (product: Product, orderId: number) => void;
  /** The flow's dialogs; render once where the flow is used. */
  element: ReactNode;
  /** Whether one of its dialogs is open. */
  active: boolean;
};

/**
 * The way from a template to a started document (documents spec §4 "Template use and limits"):
 * the firm's plan (GET /api/membership/products) decides between Start Document and Purchase;
 * the server checks again when the order is created or the document started.
 */
export function useTemplateFlow(teamId: number): TemplateFlow {
  const { modal } = App.useApp();
  const membership = useQuery(membershipProductsQuery(teamId));
  const categories = useQuery(categoriesQuery());
  const [state, setState] = useState<FlowState>(undefined);
  /** 'Talk to Sales' open, with what the e-mail is about. */
  const [salesSubject, setSalesSubject] = useState<string | undefined>(undefined);
  // Opened for a blank draft: the template goes to that draft.
  const draft = useContext(DraftTargetContext);

  const accessOf = useCallback(
    (product: Product) => templateAccess(product, membership.data, categories.data ?? []),
    [membership.data, categories.data],
  );

  const startWithNotices = useCallback(
    async (product: Product, source: StartSource, target: DraftTarget | undefined) => {
      setState(undefined);
      for (const notice of startNotices(product)) {
        const confirmed = await modal.confirm({
          title: notice.title,
          content: notice.video ? <NoticeWithVideo text={notice.text} video={notice.video} /> : notice.text,
          width: notice.video ? 720 : undefined,
          okText: "Continue",
          cancelText: "Cancel",
        });
        if (!confirmed) return;
      }
      setState({ step: "start", product, source, draft: target });
    },
    [modal],
  );

  const act = useCallback(
    (product: Product) => {
      const access = accessOf(product);
      switch (access.kind) {
        case "strategist-only":
          // The card already says 'Strategist only'; this is its upgrade action.
          modal.confirm({
            title: STRATEGIST_PLAN_REQUIRED,
            content: `${access.reason === "category" ? CATEGORY_STRATEGIST_ONLY : DOCUMENT_STRATEGIST_ONLY}. Talk to us about upgrading your firm's plan.`,
            okText: "Talk to Sales",
            cancelText: "Cancel",
            onOk: () => setSalesSubject("Upgrade to Strategist"),
          });
          return;
        case "order":
          // Paid for already: the order starts the document, nothing is charged or spent again.
          void startWithNotices(product, { orderId: access.orderId }, draft);
          return;
        case "purchase":
          if (draft) rememberDraftForPurchase(product.id, draft);
          else forgetDraftForPurchase(product.id);
          setState({ step: "purchase", product });
          return;
        case "plan":
          if (access.limitReached) {
            modal.confirm({
              title: DOCUMENT_LIMIT_REACHED,
              content:
                "Your firm has used every document its plan allows for this period. Contact support to add more.",
              okText: "Contact Support",
              cancelText: "Cancel",
              onOk: () => {
                window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(DOCUMENT_LIMIT_REACHED)}`;
              },
            });
            return;
          }
          void startWithNotices(product, { productId: product.id }, draft);
          return;
        case "free":
          void startWithNotices(product, { productId: product.id }, draft);
          return;
      }
    },
    [accessOf, modal, startWithNotices, draft],
  );

  const close = () => setState(undefined);
  let element: ReactNode = null;
  if (state?.step === "preview") {
    element = (
      <TemplatePreviewModal
        product={state.product}
        access={accessOf(state.product)}
        onAct={() => act(state.product)}
        onClose={close}
      />
    );
  } else if (state?.step === "purchase") {
    element = <PurchaseModal teamId={teamId} product={state.product} onClose={close} />;
  } else if (state?.step === "start") {
    element = (
      <StartWizard
        teamId={teamId}
        product={state.product}
        source={state.source}
        draft={state.draft}
        onClose={close}
      />
    );
  }

  element = (
    <>
      {element}
      <TalkToSalesModal
        open={salesSubject !== undefined}
        subject={salesSubject}
        onClose={() => setSalesSubject(undefined)}
      />
    </>
  );

  return {
    accessOf,
    act,
    preview: (product) => setState({ step: "preview", product }),
    startFromOrder: (product, orderId) =>
      void startWithNotices(product, { orderId }, draft ?? draftForPurchase(product.id)),
    element,
    active: state !== undefined || salesSubject !== undefined,
  };
}
