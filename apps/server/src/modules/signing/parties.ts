import { type ListedSigner, NO_SIGNERS } from "@precedent/contracts";
import { type Answers, executionBlocks, signers } from "@precedent/docgen";
import { AppError } from "../../errors.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import {
  checkElectronicExecution,
  type DocumentKind,
  governingLawOf,
  type SignerKind,
} from "./execution-rules.ts";

/** What kind of document the template makes, for the execution check. */
function documentKindOf(template: { body: string; catalogue: Record<string, unknown> }): DocumentKind {
  const meta = Array.isArray(template.catalogue.meta_data)
    ? (template.catalogue.meta_data as { key?: unknown; value?: unknown }[])
    : [];
  if (meta.some((m) => m.key === "is_will" && m.value === "yes")) return "will";
  if (/executed as a deed|executes this deed|signed,? sealed and delivered/i.test(template.body))
    return "deed";
  return "agreement";
}

/** The document's template, or 409: without it there is no one to ask to sign. */
async function templateOf(library: TemplateLibrary, doc: { xTemplateId: string | null }) {
  const template = doc.xTemplateId ? await library.get(doc.xTemplateId) : undefined;
  if (!template) throw new AppError(409, NO_SIGNERS);
  return template;
}

/** Signers and witnesses from the document's parties (docgen's `signers()`), and the execution check. */
export async function partiesOf(
  library: TemplateLibrary,
  doc: { xTemplateId: string | null; xml: Record<string, unknown> },
) {
  const template = await templateOf(library, doc);
  const answers = doc.xml as Answers;
  const kindByKey = new Map<string, SignerKind>();
  for (const block of executionBlocks(template.definition, answers)) {
    for (const signatory of block.signatories) kindByKey.set(signatory.metaKey, block.kind);
  }
  const list: ListedSigner[] = signers(template.definition, answers).map((signer) => ({
    Email: signer.email ?? "",
    full_name: signer.fullName,
    meta_key: signer.metaKey,
    date_key: signer.dateKey,
    Witness_Required: signer.witnessRequired ? "Yes" : "No",
    witness: signer.witnesses.map((w) => ({
      email: w.email ?? "",
      full_name: w.fullName,
      meta_key: w.metaKey,
      date_key: w.dateKey,
    })),
    title: signer.capacity ? `${signer.capacity}, ${signer.partyName}` : signer.partyName,
    kind: kindByKey.get(signer.metaKey) ?? "individual",
  }));
  const law = governingLawOf(doc.xml);
  const check = checkElectronicExecution({
    kind: documentKindOf(template),
    law,
    signerKinds: list.map((s) => s.kind),
  });
  return {
    template,
    list,
    execution: {
      electronic: check.electronic,
      message: check.message,
      governing_law: law,
      rules: check.rules.map((r) => ({ rule: r.rule, source: r.source })),
    },
  };
}
