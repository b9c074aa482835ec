import { ExportOutlined } from "@ant-design/icons";
import type { DocumentRow } from "@precedent/contracts";
import { Button } from "antd";

type NextStepsDocument = Pick<
  DocumentRow,
  | "status"
  | "is_proceed_abn_tfn"
  | "proceed_abn_tfn_link"
  | "is_trust_deed_stamping"
  | "trust_deed_stamping_link"
  | "is_protector"
  | "protector_link"
  | "is_eo_ppsr"
  | "ppsr_link"
  | "cas360"
  | "simple_fund"
>;

/** Finished documents (completed, pending signature or signed) are the ones with steps after completion. */
const FINISHED = new Set([3, 4, 5]);

/**
 * The next steps after completion a document calls for (documents spec §2's panel, §4's dialog):
 * each offered exactly when the server's flag says so, to the link the server's settings give.
 */
export function nextStepsOf(document: Partial<NextStepsDocument>) {
  const steps: { key: string; label: string; href: string }[] = [];
  if (document.status === undefined || !FINISHED.has(document.status)) return steps;
  const add = (key: string, label: string, flag: string | undefined, href: string | null | undefined) => {
    if (flag === "yes" && href) steps.push({ key, label, href });
  };
  add("abn-tfn", "Proceed to ABN/TFN", document.is_proceed_abn_tfn, document.proceed_abn_tfn_link);
  add("stamping", "Trust deed stamping", document.is_trust_deed_stamping, document.trust_deed_stamping_link);
  add("protector", "Protector next steps", document.is_protector, document.protector_link);
  add("ppsr", "Register on the PPSR", document.is_eo_ppsr, document.ppsr_link);
  if (document.cas360) steps.push({ key: "cas360", label: "View company in CAS 360", href: document.cas360 });
  if (document.simple_fund)
    steps.push({ key: "simple-fund", label: "View fund in Simple Fund 360", href: document.simple_fund });
  return steps;
}

/** One button per next step; web addresses open in a new tab, e-mail addresses in the mail app. */
export function NextStepButton({ step, block }: { step: { label: string; href: string }; block?: boolean }) {
  const external = step.href.startsWith("https:");
  return (
    <Button
      block={block}
      href={step.href}
      icon={external ? <ExportOutlined aria-hidden /> : undefined}
      iconPlacement="end"
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {step.label}
      {external && <span className="visually-hidden"> (opens in a new tab)</span>}
    </Button>
  );
}
