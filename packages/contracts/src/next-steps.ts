import { z } from "zod";

// Apart from documents.ts, as fulfilment-columns.ts is: the document row spreads these fields.

const YesNoFlag = z.enum(["yes", "no"]);
const Link = z.string().nullable();

/**
 * The next steps after completion a document calls for (documents spec §3 and §4's
 * post-completion dialog), derived by the server from the template, the answers and the firm's
 * integrations. Each link is from the server's settings, and null when the step does not apply.
 */
export const NextStepsRowColumns = z.object({
  /** The template provides for a protector (product meta is_protector). */
  is_protector: YesNoFlag,
  protector_link: Link,
  /** A trust deed (product meta is_trust_template): duty may be payable on it. */
  is_trust_deed_stamping: YesNoFlag,
  trust_deed_stamping_link: Link,
  /** The answers grant a security interest in personal property: register it on the PPSR. */
  is_eo_ppsr: YesNoFlag,
  ppsr_link: Link,
  /** It sets up an entity that needs an ABN and TFN: a company registration or a trust deed. */
  is_proceed_abn_tfn: YesNoFlag,
  proceed_abn_tfn_link: Link,
  /** The template uses the accounting app (product meta used_xero), or the document was sent to Xero. */
  used_xero: YesNoFlag,
  /** A CAS 360 document: where to view the company in CAS 360. */
  cas360: Link,
  /** A Simple Fund 360 document: where to view the fund in Simple Fund 360. */
  simple_fund: Link,
});
export type NextStepsRowColumns = z.infer<typeof NextStepsRowColumns>;
