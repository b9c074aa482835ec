/**
 * Who signs and who witnesses, derived from the signing parties of an interview. Each party gives one
 * execution block (a trust gives one per trustee): an individual signs, with witnesses if the
 * interview asks for them; a company executes under s127(1) Corporations Act 2001 (Cth) by two
 * directors, a director and the company secretary, or its sole director. Every signature and date has
 * a stable key (the spec's meta_key and date_key) that the document's signature boxes carry.
 */
import { type AnswerObject, type Answers, isAnswerObject, readPath } from "./answers.ts";
import { cleanAnswers, type VisibleQuestion, visibleQuestions } from "./interview.ts";
import { companyNameWithAcn, individualName, partyTypeOfAnswer, trusteesOf, trustName } from "./naming.ts";
import type { InterviewDefinition, ReferenceQuestion } from "./schema.ts";
import { type WitnessNumber, witnessCount } from "./witness-count.ts";

/** How a company executes under s127(1). */
export type ExecutionMethod =
  /** s127(1)(a): two directors. */
  | "two-directors"
  /** s127(1)(b): a director and the company secretary. */
  | "director-and-secretary"
  /** s127(1)(c)(i): a proprietary company's sole director who is also its sole secretary. */
  | "sole-director-secretary"
  /** s127(1)(c)(ii): a proprietary company's sole director, the company having no secretary. */
  | "sole-director";

/** A person who signs in an execution block, or witnesses a signature. */
export type Signatory = {
  readonly role: "signer" | "witness";
  readonly fullName: string;
  readonly email: string | null;
  /** The office or capacity printed under the signature: "Director", "Witness" … ("" for an individual). */
  readonly capacity: string;
  /** Key of the signature field (the spec's meta_key). */
  readonly metaKey: string;
  /** Key of the date field (the spec's date_key). */
  readonly dateKey: string;
  /** For a witness, the metaKey of the signature witnessed. */
  readonly witnessOf?: string;
  /** For a witness, the address printed under the name ("" leaves the line to be filled in by hand). */
  readonly address?: string;
};

/** One execution block of a document: a party (or a trustee of a trust party) and its signatories. */
export type ExecutionBlock = {
  /** The id of the reference question of the party. */
  readonly partyId: string;
  /** Answer path of the party (or the trustee): `buyer`, `buyer.trustees[1]`. */
  readonly partyPath: string;
  readonly kind: "individual" | "company";
  readonly method?: ExecutionMethod;
  /** The party as named in the block: "Jane Mary Citizen", "Acme PTY LTD ACN 004 085 616". */
  readonly partyName: string;
  /** The trust, when the block is a trustee's: "the Smith Family Trust". */
  readonly trusteeFor?: string;
  /** The party another person signs for (a member under 18), when `partyName` signs in its place. */
  readonly signedFor?: string;
  /** Signers first (in the order the block prints them), then witnesses. */
  readonly signatories: readonly Signatory[];
};

/** A witness of a signer, as the signing module needs it. */
export type SignerWitness = Pick<Signatory, "fullName" | "email" | "metaKey" | "dateKey">;

/** A person who must sign, with the witnesses of that signature (spec: Signer list response). */
export type Signer = Pick<Signatory, "fullName" | "email" | "capacity" | "metaKey" | "dateKey"> & {
  readonly partyId: string;
  readonly partyPath: string;
  readonly partyName: string;
  readonly witnessRequired: boolean;
  readonly witnesses: readonly SignerWitness[];
};

/** The execution blocks of every signing party, in interview order. */
export function executionBlocks(definition: InterviewDefinition, answers: Answers): ExecutionBlock[] {
  return executionBlocksOfClean(definition, cleanAnswers(definition, answers));
}

/** executionBlocks for answers already cleaned by cleanAnswers (as assembly has them). */
export function executionBlocksOfClean(definition: InterviewDefinition, clean: Answers): ExecutionBlock[] {
  const blocks: ExecutionBlock[] = [];
  // `levels` holds the shown questions of each enclosing level, innermost first, to find the question
  // a party's `trusteeFor` names as conditions find theirs.
  const visit = (
    nodes: readonly VisibleQuestion[],
    levels: readonly (readonly VisibleQuestion[])[],
  ): void => {
    const here = [nodes, ...levels];
    for (const node of nodes) {
      if (node.kind === "group") for (const entry of node.entries) visit(entry, here);
      else if (node.kind === "party" && node.question.signs && node.value) {
        const trust = node.question.trusteeFor ? answeredText(here, node.question.trusteeFor) : "";
        const by = node.question.signedBy;
        const substitute = by && answeredText(here, by.when) === by.equals ? answeredText(here, by.name) : "";
        const chosen = node.question.witnesses;
        // The number of witnesses may turn on an answer beside the party (one in New South Wales).
        const count = witnessCount(
          chosen,
          typeof chosen === "object" ? answeredText(here, chosen.by) || undefined : undefined,
        );
        blocks.push(
          ...partyBlocks(node.question, node.path, node.value, count).map((block) => {
            // A trust party's own trustees sign for that trust; otherwise for the trust named.
            const held =
              trust !== "" && !block.trusteeFor
                ? { ...block, trusteeFor: trustName({ name: trust }) }
                : block;
            if (substitute === "" || held.kind !== "individual") return held;
            // Someone signs in the party's place (a parent or guardian for a minor): their name and email.
            const email = by?.email ? answeredText(here, by.email) : "";
            return {
              ...held,
              partyName: substitute,
              signedFor: held.partyName,
              signatories: held.signatories.map((signatory) =>
                signatory.role === "signer"
                  ? { ...signatory, fullName: substitute, email: email === "" ? null : email }
                  : signatory,
              ),
            };
          }),
        );
      }
    }
  };
  visit(visibleQuestions(definition, clean), []);
  return blocks;
}

/** The text answer of the shown question `id`, from the innermost level outwards ("" if none). */
function answeredText(levels: readonly (readonly VisibleQuestion[])[], id: string): string {
  for (const nodes of levels) {
    const found = nodes.find((node) => node.question.id === id);
    if (found) {
      return found.kind === "field" && (typeof found.value === "string" || typeof found.value === "number")
        ? String(found.value).trim()
        : "";
    }
  }
  return "";
}

/** Who must sign and who must witness each signature, derived from the parties. */
export function signers(definition: InterviewDefinition, answers: Answers): Signer[] {
  return executionBlocks(definition, answers).flatMap((block) =>
    block.signatories
      .filter((signatory) => signatory.role === "signer")
      .map((signer) => {
        const witnesses = block.signatories
          .filter((witness) => witness.role === "witness" && witness.witnessOf === signer.metaKey)
          .map(({ fullName, email, metaKey, dateKey }) => ({ fullName, email, metaKey, dateKey }));
        return {
          fullName: signer.fullName,
          email: signer.email,
          capacity: signer.capacity,
          metaKey: signer.metaKey,
          dateKey: signer.dateKey,
          partyId: block.partyId,
          partyPath: block.partyPath,
          partyName: block.partyName,
          witnessRequired: witnesses.length > 0,
          witnesses,
        };
      }),
  );
}

/** A key for a field from an answer path: `buyer.trustees[0]` + `signature` → `buyer_trustees_1_signature`. */
export function fieldKey(path: string, ...parts: string[]): string {
  const base = path
    .replace(/\[(\d+)\]/g, (_, index: string) => `_${Number(index) + 1}`)
    .replace(/\./g, "_")
    .replace(/[^A-Za-z0-9_]/g, "");
  return [base, ...parts].filter((part) => part !== "").join("_");
}

const text = (party: unknown, path: string): string => {
  const value = readPath(party, path);
  return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
};
const emailOf = (party: unknown, path: string): string | null => text(party, path) || null;

function partyBlocks(
  reference: ReferenceQuestion,
  path: string,
  party: AnswerObject,
  count: WitnessNumber,
): ExecutionBlock[] {
  const type = partyTypeOfAnswer(party);
  if (type === "individual") return [individualBlock(reference, path, party, party, count)];
  if (type === "company") return [companyBlock(reference, path, party)];
  if (type === "trust") {
    const trust = trustName(party);
    return trusteesOf(party).flatMap((trustee, index) => {
      const trusteePath = `${path}.trustees[${index}]`;
      if (!isAnswerObject(trustee)) return [];
      const block =
        partyTypeOfAnswer(trustee) === "company"
          ? companyBlock(reference, trusteePath, trustee)
          : individualBlock(reference, trusteePath, trustee, party, count);
      return [{ ...block, trusteeFor: trust }];
    });
  }
  return [];
}

/** An individual's block; `witnessSource` holds the witness answers (the trust, for a trustee). */
function individualBlock(
  reference: ReferenceQuestion,
  path: string,
  person: AnswerObject,
  witnessSource: AnswerObject,
  count: WitnessNumber,
): ExecutionBlock {
  const signer: Signatory = {
    role: "signer",
    fullName: individualName(person),
    email: emailOf(person, "email"),
    capacity: "",
    metaKey: fieldKey(path, "signature"),
    dateKey: fieldKey(path, "date"),
  };
  const witnesses: Signatory[] = [];
  const prefixes = count === 2 ? ["", "second_"] : count === 1 ? [""] : [];
  prefixes.forEach((prefix, index) => {
    const suffix = count === 2 ? ["witness", String(index + 1)] : ["witness"];
    witnesses.push({
      role: "witness",
      fullName: text(witnessSource, `${prefix}witness_name`),
      email: emailOf(witnessSource, `${prefix}witness_email`),
      address: text(witnessSource, `${prefix}witness_address`),
      capacity: "Witness",
      metaKey: fieldKey(path, ...suffix, "signature"),
      dateKey: fieldKey(path, ...suffix, "date"),
      witnessOf: signer.metaKey,
    });
  });
  return {
    partyId: reference.id,
    partyPath: path,
    kind: "individual",
    partyName: signer.fullName,
    signatories: [signer, ...witnesses],
  };
}

function companyBlock(reference: ReferenceQuestion, path: string, company: AnswerObject): ExecutionBlock {
  const officer = (fullName: string, email: string | null, capacity: string, key: string): Signatory => ({
    role: "signer",
    fullName,
    email,
    capacity,
    metaKey: fieldKey(path, key, "signature"),
    dateKey: fieldKey(path, key, "date"),
  });
  const secretaryName = text(company, "secretary_name");
  const secretary = secretaryName
    ? officer(secretaryName, emailOf(company, "secretary_email"), "Company Secretary", "secretary")
    : undefined;
  let method: ExecutionMethod;
  let signatories: Signatory[];
  if (text(company, "director_type") === "sole") {
    const name = text(company, "sole_director_name");
    const email = emailOf(company, "sole_director_email");
    if (text(company, "sole_director_is_secretary") === "Yes") {
      method = "sole-director-secretary";
      signatories = [officer(name, email, "Sole Director and Sole Company Secretary", "sole_director")];
    } else if (secretary) {
      method = "director-and-secretary";
      signatories = [officer(name, email, "Director", "sole_director"), secretary];
    } else {
      method = "sole-director";
      signatories = [officer(name, email, "Sole Director", "sole_director")];
    }
  } else {
    const directors = readPath(company, "directors");
    const signing = (Array.isArray(directors) ? directors : [])
      .map((director, index) => ({ director, index }))
      .filter(({ director }) => text(director, "signs") === "Yes")
      .map(({ director, index }) =>
        officer(text(director, "name"), emailOf(director, "email"), "Director", `directors_${index + 1}`),
      );
    if (signing.length === 1 && secretary) {
      method = "director-and-secretary";
      signatories = [...signing, secretary];
    } else {
      method = "two-directors";
      signatories = signing;
    }
  }
  return {
    partyId: reference.id,
    partyPath: path,
    kind: "company",
    method,
    partyName: companyNameWithAcn(company),
    signatories,
  };
}
