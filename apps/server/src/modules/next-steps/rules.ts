import type { DocumentType, NextStepsRowColumns } from "@precedent/contracts";
import type { NextStepLinks } from "./settings.ts";

/** The answers the rules read: the security a loan agreement grants (templates/loan-agreement). */
export const ANSWERS_READ = ["secured", "security_kind"] as const;

export type NextStepFacts = {
  type: DocumentType;
  /** The template's catalogue meta (documents spec §3), empty without a template. */
  meta: readonly { key: string; value: string }[];
  answers: Partial<Record<(typeof ANSWERS_READ)[number], string | null>>;
};

const yes = (flag: boolean) => (flag ? "yes" : "no");
const metaYes = (facts: NextStepFacts, key: string) =>
  facts.meta.some((entry) => entry.key === key && entry.value === "yes");

/**
 * The next steps a document calls for after completion (documents spec §3, §4), each from what the
 * document is rather than from its name:
 * - protector: the template provides for a protector (meta is_protector);
 * - trust deed stamping: a trust deed (meta is_trust_template): duty may be payable on it, by state;
 * - PPSR: the answers grant a security interest in personal property (a loan agreement's
 *   `security_kind` "ppsa"), which is perfected by registration (PPSA 2009 (Cth) s21);
 * - ABN/TFN: it sets up a new entity, a company registration (ASIC document) or a trust deed;
 * - used_xero: the template uses the accounting app (meta used_xero);
 * - cas360 / simple_fund: a CAS 360 or Simple Fund 360 document, linking to that app.
 */
export function nextStepsOf(facts: NextStepFacts, links: NextStepLinks): NextStepsRowColumns {
  const protector = metaYes(facts, "is_protector");
  const trustDeed = metaYes(facts, "is_trust_template");
  const ppsr = facts.answers.secured === "Yes" && facts.answers.security_kind === "ppsa";
  const abnTfn = facts.type === "ASIC" || trustDeed;
  return {
    is_protector: yes(protector),
    protector_link: protector ? links.protector : null,
    is_trust_deed_stamping: yes(trustDeed),
    trust_deed_stamping_link: trustDeed ? links.trustDeedStamping : null,
    is_eo_ppsr: yes(ppsr),
    ppsr_link: ppsr ? links.ppsr : null,
    is_proceed_abn_tfn: yes(abnTfn),
    proceed_abn_tfn_link: abnTfn ? links.abnTfn : null,
    used_xero: yes(metaYes(facts, "used_xero")),
    cas360: facts.type === "CAS 360" ? links.cas360 : null,
    simple_fund: facts.type === "Simple Fund 360" ? links.simpleFund : null,
  };
}
