/**
 * The intermediate document model: what the template produced, laid out by none of the renderers yet.
 * HTML, Word and PDF are three readings of the same model, so they say the same thing in the same order
 * with the same clause numbers.
 */
import type { ExecutionBlock, Signatory } from "./signers.ts";
import { typographicText } from "./typography.ts";

/** A stretch of text with one look; `lineBreak` runs end a line within the paragraph. */
export type Run =
  | {
      readonly text: string;
      readonly bold?: boolean;
      readonly italic?: boolean;
      readonly underline?: boolean;
      /** A draft's placeholder for a missing answer: printed on a yellow highlight. */
      readonly highlight?: boolean;
      /**
       * A cross-reference (`[#name]`): `text` is the citation ("2.1", "1 of Schedule 2"), `anchor` the
       * clause's name, `number` the clause's own number within the citation ("1"), which Word computes.
       */
      readonly crossReference?: { readonly anchor: string; readonly number: string };
    }
  | { readonly lineBreak: true };

/** A text run (not a line break). */
export type TextRun = Extract<Run, { text: string }>;

/** The depth of a numbered clause: 1 (1.), 2 (1.1), 3 ((a)), 4 ((i)). */
export type ClauseLevel = 1 | 2 | 3 | 4;

/** One block of the document, in reading order. */
export type Block =
  /** The document's title (Markdown `#`). */
  | { readonly type: "title"; readonly runs: readonly Run[] }
  /** An unnumbered heading (Markdown `##` is level 1, `###` and deeper level 2). */
  | { readonly type: "heading"; readonly level: 1 | 2; readonly runs: readonly Run[] }
  /**
   * A paragraph; `indent` counts block-quote levels. `label` is a recital's letter ("A."), printed
   * hanging in the margin of the text as a clause number is.
   */
  | {
      readonly type: "paragraph";
      readonly runs: readonly Run[];
      readonly indent: number;
      readonly label?: string;
    }
  /**
   * A numbered clause. `label` is printed ("1.1", "(a)"); `reference` is how other clauses cite it
   * ("1.1(a)"); `numbering` is 0 in the body and n in Schedule n, where numbering restarts. A level 1
   * clause followed by deeper clauses is a `heading` ("1. Definitions"); otherwise it is a numbered
   * paragraph like any other. `anchor` is the name `{#name}` gives it, for cross-references.
   */
  | {
      readonly type: "clause";
      readonly level: ClauseLevel;
      readonly heading: boolean;
      readonly label: string;
      readonly reference: string;
      readonly numbering: number;
      readonly anchor?: string;
      readonly runs: readonly Run[];
    }
  /** A bullet or numbered list; each item's `depth` is its nesting (0 outermost). */
  | {
      readonly type: "list";
      readonly ordered: boolean;
      readonly items: readonly {
        readonly depth: number;
        readonly label: string;
        readonly runs: readonly Run[];
      }[];
    }
  /** A table; `header` is the first row when the Markdown gives one. */
  | {
      readonly type: "table";
      readonly header: readonly (readonly Run[])[] | null;
      readonly rows: readonly (readonly (readonly Run[])[])[];
    }
  /**
   * The contents (`::contents`): a heading, then an entry for each heading after it in the outline no
   * more than two deep (parts, clauses, schedules; see contentsEntries), with the page it starts on.
   */
  | { readonly type: "contents"; readonly title: readonly Run[] }
  /**
   * A cover page, first and on a page of its own: the title, then the parties (one a line, "and"
   * between them), as a deed's front page names them.
   */
  | { readonly type: "cover"; readonly title: string; readonly parties: readonly string[] }
  /**
   * Start a new page; with an orientation, the pages from there on are turned that way (until another
   * break turns them back), as a share certificate is printed landscape after portrait registers.
   */
  | { readonly type: "pageBreak"; readonly orientation?: "portrait" | "landscape" }
  /** A horizontal rule. */
  | { readonly type: "rule" }
  /** The start of Schedule `number`, on a new page: "Schedule 1 — Particulars". */
  | { readonly type: "schedule"; readonly number: number; readonly title: readonly Run[] }
  /**
   * An execution block: the lead-in words, then signature boxes for each signatory. `initials`: its
   * signatories (a will-maker and the witnesses) initial every page but the one they sign on, in
   * boxes at each page's foot (see initialsOf).
   */
  | {
      readonly type: "execution";
      readonly leadIn: readonly Run[];
      readonly block: ExecutionBlock;
      readonly initials?: boolean;
    };

/** A document ready to render. */
export type DocumentModel = {
  /** Printed in the footer of every page (the interview definition's title). */
  readonly title: string;
  readonly blocks: readonly Block[];
  /** A draft (missing answers shown as placeholders): every page carries a DRAFT watermark. */
  readonly draft?: boolean;
};

/**
 * How deep each heading sits in the document's outline (the PDF's bookmarks, Word's navigation pane,
 * the contents page), by block index; other blocks have none. A schedule holds `##` headings, which
 * hold `###` headings, which hold clause headings: each heading sits under the nearest heading before
 * it of a kind that holds it, so depth 1 is the outermost.
 */
export function outlineDepths(blocks: readonly Block[]): (number | undefined)[] {
  const open: number[] = [];
  return blocks.map((block) => {
    const rank =
      block.type === "schedule"
        ? 0
        : block.type === "heading"
          ? block.level
          : block.type === "contents"
            ? 1
            : block.type === "clause" && block.heading
              ? 3
              : undefined;
    if (rank === undefined) return undefined;
    while (open.length > 0 && (open[open.length - 1] as number) >= rank) open.pop();
    open.push(rank);
    return open.length;
  });
}

/** One line of a contents page: the heading's block, its depth, its number (clauses) and its words. */
export type ContentsEntry = {
  readonly block: number;
  readonly depth: number;
  /** A clause heading's number ("1."); empty for other headings. */
  readonly label: string;
  readonly title: string;
};

/** The deepest outline level a contents page lists (parts and schedules, and the clauses in them). */
export const CONTENTS_DEPTH = 2;

/**
 * What a contents block lists: every heading after it no deeper than CONTENTS_DEPTH in the outline,
 * in order, except the clause headings of schedules. Word's TOC field lists the same paragraphs
 * (`\o "1-2" \u`: outline levels 1 to 2), and a schedule's clause headings too once Word updates it.
 */
export function contentsEntries(blocks: readonly Block[], contents: number): ContentsEntry[] {
  const depths = outlineDepths(blocks);
  const entries: ContentsEntry[] = [];
  blocks.forEach((block, index) => {
    const depth = depths[index];
    if (index <= contents || depth === undefined || depth > CONTENTS_DEPTH) return;
    switch (block.type) {
      case "clause":
        // A schedule's own clauses are not listed: the schedule is.
        if (block.numbering === 0) {
          entries.push({ block: index, depth, label: block.label, title: plainText(block.runs) });
        }
        break;
      case "schedule": {
        const title = plainText(block.title);
        entries.push({
          block: index,
          depth,
          label: "",
          title: title === "" ? `Schedule ${block.number}` : `Schedule ${block.number} — ${title}`,
        });
        break;
      }
      case "heading":
      case "contents":
        entries.push({
          block: index,
          depth,
          label: "",
          title: plainText(block.type === "heading" ? block.runs : block.title),
        });
        break;
      default:
        break;
    }
  });
  return entries;
}

/** Who initials each page: the signatories of execution blocks marked `initials`, in order. */
export function initialsOf(blocks: readonly Block[]): Signatory[] {
  return blocks.flatMap((block) =>
    block.type === "execution" && block.initials ? [...block.block.signatories] : [],
  );
}

/** The words under an initials box: the signer's name, or "Witness" and the witness's name. */
export function initialsCaption(signatory: Signatory, position: number): string {
  if (signatory.role === "witness") {
    return signatory.fullName === "" ? `Witness ${position}` : `Witness: ${signatory.fullName}`;
  }
  return signatory.fullName === "" ? "Signatory" : signatory.fullName;
}

/** The plain text of runs (line breaks become spaces). */
export function plainText(runs: readonly Run[]): string {
  return runs.map((run) => ("text" in run ? run.text : " ")).join("");
}

/** Level 3 labels as Word writes them: a … z, then aa, bb … (so the PDF and Word agree). */
export function letterLabel(position: number): string {
  const letter = String.fromCharCode(97 + ((position - 1) % 26));
  return letter.repeat(Math.floor((position - 1) / 26) + 1);
}

/** Level 4 labels: lower-case roman numerals. */
export function romanLabel(position: number): string {
  const numerals: [number, string][] = [
    [1000, "m"],
    [900, "cm"],
    [500, "d"],
    [400, "cd"],
    [100, "c"],
    [90, "xc"],
    [50, "l"],
    [40, "xl"],
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"],
  ];
  let rest = position;
  let text = "";
  for (const [value, numeral] of numerals) {
    while (rest >= value) {
      text += numeral;
      rest -= value;
    }
  }
  return text;
}

/**
 * Numbers clauses as a document does: each level counts within the one above and restarts when a
 * higher level (or a new schedule) begins.
 */
export class ClauseNumbering {
  private counts = [0, 0, 0, 0];

  /** Starts numbering again from 1 (a new schedule). */
  restart(): void {
    this.counts = [0, 0, 0, 0];
  }

  /** Counts the next clause at a level; gives its label and reference, or undefined if level 2 has no level 1. */
  next(level: ClauseLevel): { label: string; reference: string } | undefined {
    const [first = 0] = this.counts;
    if (level === 2 && first === 0) return undefined;
    this.counts[level - 1] = (this.counts[level - 1] ?? 0) + 1;
    for (let deeper = level; deeper < 4; deeper++) this.counts[deeper] = 0;
    const [one = 0, two = 0, three = 0, four = 0] = this.counts;
    const head = [one > 0 ? String(one) : "", two > 0 ? `.${two}` : ""].join("");
    switch (level) {
      case 1:
        return { label: `${one}.`, reference: String(one) };
      case 2:
        return { label: `${one}.${two}`, reference: `${one}.${two}` };
      case 3:
        return { label: `(${letterLabel(three)})`, reference: `${head}(${letterLabel(three)})` };
      case 4: {
        const parent = three > 0 ? `(${letterLabel(three)})` : "";
        return { label: `(${romanLabel(four)})`, reference: `${head}${parent}(${romanLabel(four)})` };
      }
    }
  }
}

/** The words under a signature line: "Signature of director", "Signature of witness" … */
export function signatureCaption(signatory: Signatory): string {
  if (signatory.role === "witness") return "Signature of witness";
  return signatory.capacity === "" ? "Signature" : `Signature of ${signatory.capacity.toLowerCase()}`;
}

/** The name line under a signature: "Name: Jane Citizen" (a blank line to fill in when unknown). */
export function signatureName(signatory: Signatory): string {
  return signatory.fullName === "" ? "Name:" : `Name: ${typographicText(signatory.fullName)}`;
}

/** A witness's address line ("Address: …", or "Address:" to fill in); undefined for a signer. */
export function signatureAddress(signatory: Signatory): string | undefined {
  if (signatory.role !== "witness") return undefined;
  return signatory.address ? `Address: ${typographicText(signatory.address)}` : "Address:";
}

/**
 * How a table's width is shared between its columns, from the length of their text (so Word and the
 * PDF agree): each column gets at least 12%, and no more than its longest cell asks for.
 */
export function columnShares(table: Extract<Block, { type: "table" }>): number[] {
  const rows = table.header ? [table.header, ...table.rows] : table.rows;
  const columns = Math.max(1, ...rows.map((row) => row.length));
  const wants = Array.from({ length: columns }, (_, column) =>
    Math.max(4, ...rows.map((row) => Math.min(plainText(row[column] ?? []).length, 60))),
  );
  const total = wants.reduce((sum, want) => sum + want, 0);
  const floor = Math.min(0.12, 1 / columns);
  const raw = wants.map((want) => Math.max(floor, want / total));
  const sum = raw.reduce((acc, share) => acc + share, 0);
  return raw.map((share) => share / sum);
}
