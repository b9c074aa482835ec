import { type DocumentRow, RELAUNCHED_TOOLTIP } from "@precedent/contracts";
import { Button, Tag, Tooltip } from "antd";

/**
 * A row's signing progress: signed/total, which opens the status modal on pending and signed
 * documents (spec §6 'click on the signed count'); the rejected (declined) or cancelled indicator,
 * which opens it too so the request can be resent; and, on a relaunched
 * document, the spec's tooltip that its signing request must be sent again.
 */
export function SigningProgress({ document, onOpen }: { document: DocumentRow; onOpen: () => void }) {
  const total = document.total_signer ?? 0;
  const relaunched = document.is_relaunch && document.status !== 3 && document.status !== 4;
  return (
    <>
      {total > 0 && (document.status === 4 || document.status === 3) && (
        <Button
          size="small"
          type="link"
          className="signing-progress"
          // The name holds the visible "n/total signed" (axe: label-content-name-mismatch).
          aria-label={`Signing status: ${document.total_signed ?? 0}/${total} signed`}
          onClick={onOpen}
        >
          {document.total_signed ?? 0}/{total} signed
        </Button>
      )}
      {(document.bundle_status === "rejected" || document.bundle_status === "cancelled") && (
        // Opens the status modal, where a declined or cancelled request can be resent.
        <Button
          size="small"
          type="link"
          danger={document.bundle_status === "rejected"}
          className="signing-progress"
          aria-label={`${document.bundle_status === "rejected" ? "Rejected" : "Cancelled"}: open the signing status`}
          onClick={onOpen}
        >
          {document.bundle_status === "rejected" ? "Rejected" : "Cancelled"}
        </Button>
      )}
      {relaunched && (
        <Tooltip title={RELAUNCHED_TOOLTIP}>
          <Tag tabIndex={0} aria-label={RELAUNCHED_TOOLTIP}>
            Relaunched
          </Tag>
        </Tooltip>
      )}
    </>
  );
}
