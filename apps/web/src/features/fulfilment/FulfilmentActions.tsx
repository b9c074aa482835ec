import type { DocumentRow, FulfilmentKind, ListSection } from "@precedent/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "antd";
import { useState } from "react";
import { FulfilmentDialog } from "./FulfilmentDialogs";
import { FulfilmentStatusTag } from "./FulfilmentStatusTag";

type FulfilmentDocument = Pick<
  DocumentRow,
  | "id"
  | "name"
  | "status"
  | "abilities"
  | "created_by_user"
  | "legal_review_status"
  | "hard_copy_status"
  | "may_legal_review"
  | "may_order_hard_copy"
  | "legal_review_upgrade"
>;

/**
 * Whether each action is offered on this document: exactly the server's abilities for the reader
 * (the fulfilment policy's), which the list's menu, the panel and the post-completion dialog share.
 * On the Lite plan "Legal review" opens the upgrade notice, where a paid plan would be offered it.
 */
export const offersLegalReview = (d: Partial<FulfilmentDocument>) =>
  d.may_legal_review === true || d.legal_review_upgrade === true;
export const offersHardCopy = (d: Partial<FulfilmentDocument>) => d.may_order_hard_copy === true;

/** 'Legal review' and 'Order hard copy' buttons where a finished document's actions are listed. */
export function FulfilmentActions({
  teamId,
  document,
  section,
  block,
}: {
  teamId: number;
  document: FulfilmentDocument;
  section: ListSection;
  block?: boolean;
}) {
  const [open, setOpen] = useState<FulfilmentKind | undefined>(undefined);
  const queryClient = useQueryClient();
  if (!offersLegalReview(document) && !offersHardCopy(document)) return null;
  return (
    <>
      {offersLegalReview(document) && (
        <Button block={block} onClick={() => setOpen("legal_review")}>
          Legal review
        </Button>
      )}
      {offersHardCopy(document) && (
        <Button block={block} onClick={() => setOpen("hard_copy")}>
          Order hard copy
        </Button>
      )}
      {open && (
        <FulfilmentDialog
          kind={open}
          teamId={teamId}
          document={document}
          section={section}
          onClose={() => {
            setOpen(undefined);
            // The row's and the panel's request state may have moved.
            void queryClient.invalidateQueries({ queryKey: ["documents"] });
          }}
        />
      )}
    </>
  );
}

/** The request states shown among the document's details (none before a first request). */
export function fulfilmentItems(document: FulfilmentDocument) {
  const items = [];
  if (document.legal_review_status)
    items.push({
      key: "legal-review",
      label: "Legal review",
      children: <FulfilmentStatusTag status={document.legal_review_status} kind="legal_review" />,
    });
  if (document.hard_copy_status)
    items.push({
      key: "hard-copy",
      label: "Hard copy",
      children: <FulfilmentStatusTag status={document.hard_copy_status} kind="hard_copy" />,
    });
  return items;
}
