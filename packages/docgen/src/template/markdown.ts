/**
 * The Markdown half of the template language: CommonMark (via marked) without the parts that make no
 * sense in a legal document or would let text become markup (raw HTML, code blocks, link definitions),
 * plus the directives of this engine:
 *
 *   #. Heading clause        1.          ::pagebreak   ::pagebreak{landscape}   ::pagebreak{portrait}
 *   #.# Clause               1.1         ::schedule[Particulars]
 *   (#) Paragraph            (a)         ::signature{party=buyer}   ::signature[Signed by …]{party=x deed}
 *   (##) Subparagraph        (i)         ::signatures{deed}   ::contents
 *   {#anchor} after a clause names it; [#anchor] in text prints its number ("3.2(a)").
 *
 * The result is the document model, with clause numbers, schedules and execution blocks resolved.
 */
import { Lexer, Marked, type Token, type TokenizerExtension, type Tokens } from "marked";
import { LIMITS } from "../constants.ts";
import { TemplateError } from "../errors.ts";
import { KeptAcrossDocuments } from "../kept-across-documents.ts";
import { type Block, type ClauseLevel, ClauseNumbering, type Run } from "../model.ts";
import type { ExecutionBlock } from "../signers.ts";

const CLAUSE_MARKERS: Record<string, ClauseLevel> = { "#.": 1, "#.#": 2, "(#)": 3, "(##)": 4 };
const CLAUSE_LINE = /^ {0,3}(#\.#|#\.|\(##\)|\(#\))[ \t]+/;
// The label and attributes may hold escaped characters (a printed answer such as "Smith \[Jr\]").
const DIRECTIVE_LINE =
  /^ {0,3}::([A-Za-z][\w-]*)(?:\[((?:\\.|[^\]\\\n])*)\])?(?:\{((?:\\.|[^}\\\n])*)\})?[ \t]*(?:\n|$)/;
// A clause's text runs on until a blank line or a line that starts another block.
const ENDS_CLAUSE =
  /^(?:[ \t]*$| {0,3}(?:#\.|\(##?\)[ \t]|::|#{1,6}[ \t]|[-*+][ \t]|\d+[.)][ \t]|\||>|(?:[-*_][ \t]*){3,}$))/;
const ANCHOR = /[ \t]*\{#([A-Za-z][\w-]*)\}[ \t]*$/;

type ClauseToken = {
  type: "clause";
  raw: string;
  level: ClauseLevel;
  anchor: string | undefined;
  tokens: Token[];
};
type DirectiveToken = {
  type: "directive";
  raw: string;
  name: string;
  label: string | undefined;
  labelTokens: Token[];
  attributes: Record<string, string | true>;
};
type CrossReferenceToken = { type: "xref"; raw: string; anchor: string };

const clauseExtension: TokenizerExtension = {
  name: "clause",
  level: "block",
  start(src) {
    const match = /\n {0,3}(?:#\.#?|\(##?\))[ \t]/.exec(src);
    return match ? match.index + 1 : undefined;
  },
  tokenizer(src) {
    const marker = CLAUSE_LINE.exec(src);
    if (!marker) return undefined;
    // Read line by line only as far as the clause goes (not the rest of the document).
    const lines: string[] = [];
    let start = 0;
    while (start <= src.length) {
      const newline = src.indexOf("\n", start);
      const line = src.slice(start, newline < 0 ? src.length : newline);
      if (lines.length > 0 && ENDS_CLAUSE.test(line)) break;
      lines.push(line);
      if (newline < 0) {
        start = src.length + 1;
        break;
      }
      start = newline + 1;
    }
    const raw = src.slice(0, Math.min(start, src.length));
    const [firstLine = "", ...rest] = lines;
    let first = firstLine.slice(marker[0].length);
    const anchor = ANCHOR.exec(first)?.[1];
    if (anchor) first = first.replace(ANCHOR, "");
    const text = [first, ...rest].join("\n").trim();
    const token: ClauseToken = {
      type: "clause",
      raw,
      level: CLAUSE_MARKERS[marker[1] ?? "#."] ?? 1,
      anchor,
      tokens: [],
    };
    this.lexer.inline(text, token.tokens);
    return token;
  },
};

const directiveExtension: TokenizerExtension = {
  name: "directive",
  level: "block",
  start(src) {
    const match = /\n {0,3}::[A-Za-z]/.exec(src);
    return match ? match.index + 1 : undefined;
  },
  tokenizer(src) {
    const match = DIRECTIVE_LINE.exec(src);
    if (!match) return undefined;
    const token: DirectiveToken = {
      type: "directive",
      raw: match[0],
      name: match[1] ?? "",
      label: match[2],
      labelTokens: [],
      attributes: parseAttributes(match[3] ?? ""),
    };
    if (token.label !== undefined) this.lexer.inline(token.label, token.labelTokens);
    return token;
  },
};

const crossReferenceExtension: TokenizerExtension = {
  name: "xref",
  level: "inline",
  start(src) {
    const index = src.indexOf("[#");
    return index >= 0 ? index : undefined;
  },
  tokenizer(src) {
    const match = /^\[#([A-Za-z][\w-]*)\]/.exec(src);
    if (!match) return undefined;
    const token: CrossReferenceToken = { type: "xref", raw: match[0], anchor: match[1] ?? "" };
    return token;
  },
};

/** Attributes as in `{party=buyer deed title="A B"}`: key=value, key="quoted value", or a bare flag. */
function parseAttributes(source: string): Record<string, string | true> {
  // Keys are the template's own text: no prototype for one named `constructor` to meet.
  const attributes: Record<string, string | true> = Object.create(null);
  const pattern = /([A-Za-z][\w-]*)(?:=(?:"([^"]*)"|([^\s"]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const key = match[1] ?? "";
    attributes[key] = match[2] ?? match[3] ?? true;
  }
  return attributes;
}

// Tokenizers switched off: returning undefined means "not this", so the text stays text.
const off = () => undefined;

const markdown = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  extensions: [clauseExtension, directiveExtension, crossReferenceExtension],
  tokenizer: {
    html: off,
    code: off,
    fences: off,
    lheading: off,
    def: off,
    tag: off,
    autolink: off,
    url: off,
  },
});

/**
 * The inline tokens of each paragraph's text, kept across documents (see KeptAcrossDocuments):
 * scanning a clause's text for emphasis and cross-references was half of building a deed's model,
 * and most clauses read the same in every document of a template. What inline lexing gives depends
 * on the text alone here: link definitions, raw HTML and autolinks are off, so no state of the
 * document's lexer reaches it. The tokens are shared, so nothing may change them (toRuns only reads).
 * Bounded at 300,000 characters of kept text.
 */
const keptInlineTokens = new KeptAcrossDocuments<Token[]>(300_000);

/** Forgets the kept inline tokens (for tests that measure or compare the cold path). */
export function forgetKeptInlineTokens(): void {
  keptInlineTokens.clear();
}

/** How many texts' inline tokens are kept (for tests and benchmarks). */
export const keptInlineTokenCount = (): number => keptInlineTokens.size;

/**
 * The document's tokens: marked's `lex` (block tokens, then each queued text's inline tokens),
 * with a text's inline tokens taken from those kept when another document had the same text.
 */
function lexDocument(source: string): Token[] {
  const lexer = new Lexer(markdown.defaults);
  const document = lexer.tokens;
  lexer.blockTokens(source.replace(/\r\n|\r/g, "\n"), lexer.tokens);
  for (const { src, tokens } of lexer.inlineQueue) {
    const kept = keptInlineTokens.get(src);
    if (kept) {
      tokens.push(...kept);
      continue;
    }
    lexer.state.inRawBlock = false;
    lexer.inlineTokens(src, tokens);
    // Copied through JSON when kept: strings of their own, not slices of this document's text.
    keptInlineTokens.offer(src, document, () => JSON.parse(JSON.stringify({ key: src, value: tokens })));
  }
  lexer.inlineQueue = [];
  return lexer.tokens;
}

/** A cross-reference awaiting its number: the run is filled in place once every clause is numbered. */
type PendingReference = {
  readonly run: { text: string; crossReference?: { anchor: string; number: string } };
  readonly anchor: string;
};
/** A named clause: how it is cited, and its own number within that citation. */
type Citation = { readonly citation: string; readonly number: string };
type InlineContext = { references: Map<string, Citation>; pending: PendingReference[] };
type Style = { bold?: boolean; italic?: boolean; underline?: boolean };

/** Inline tokens to runs; cross-references are left as placeholders filled once every clause is numbered. */
function toRuns(
  tokens: readonly Token[],
  context: InlineContext,
  style: Style = {},
  runs: Run[] = [],
): Run[] {
  for (const token of tokens) {
    switch (token.type) {
      case "text":
      case "escape":
      case "codespan": {
        const typed = token as Tokens.Text | Tokens.Escape | Tokens.Codespan;
        if ("tokens" in typed && typed.tokens && typed.tokens.length > 0) {
          toRuns(typed.tokens, context, style, runs);
        } else {
          pushText(runs, decodeEntities(typed.text), style);
        }
        break;
      }
      case "strong":
        toRuns((token as Tokens.Strong).tokens, context, { ...style, bold: true }, runs);
        break;
      case "em":
        toRuns((token as Tokens.Em).tokens, context, { ...style, italic: true }, runs);
        break;
      case "del":
        toRuns((token as Tokens.Del).tokens, context, style, runs);
        break;
      case "link": {
        const link = token as Tokens.Link;
        toRuns(link.tokens, context, { ...style, underline: true }, runs);
        break;
      }
      case "image":
        pushText(runs, (token as Tokens.Image).text, style);
        break;
      case "br":
        runs.push({ lineBreak: true });
        break;
      case "xref": {
        const anchor = (token as unknown as CrossReferenceToken).anchor;
        const placeholder = { text: `[#${anchor}]`, ...style };
        placeholders.add(placeholder);
        context.pending.push({ run: placeholder, anchor });
        runs.push(placeholder);
        break;
      }
      default:
        if ("text" in token && typeof token.text === "string") pushText(runs, token.text, style);
    }
  }
  return runs;
}

// Cross-reference placeholders stay runs of their own until their numbers are known.
const placeholders = new WeakSet<Run>();

function pushText(runs: Run[], source: string, style: Style): void {
  // A line break inside a Markdown paragraph is a space.
  const text = source.replace(/[ \t]*\n[ \t]*/g, " ");
  if (text === "") return;
  const last = runs[runs.length - 1];
  if (
    last &&
    !placeholders.has(last) &&
    "text" in last &&
    !!last.bold === !!style.bold &&
    !!last.italic === !!style.italic &&
    !!last.underline === !!style.underline
  ) {
    runs[runs.length - 1] = { ...last, text: last.text + text };
    return;
  }
  runs.push({
    text,
    ...(style.bold ? { bold: true } : {}),
    ...(style.italic ? { italic: true } : {}),
    ...(style.underline ? { underline: true } : {}),
  });
}

/**
 * A recital ("A. The Lender is …") under a heading or after another recital: its letter, to hang in
 * the margin, and the runs without it. Elsewhere a paragraph starting "A. " is left as written.
 */
function recitalLabel(runs: Run[], previous: Block | undefined): { label: string; runs: Run[] } | undefined {
  const follows =
    previous?.type === "heading" || (previous?.type === "paragraph" && previous.label !== undefined);
  const [first, ...rest] = runs;
  if (!follows || !first || !("text" in first) || placeholders.has(first)) return undefined;
  const match = /^([A-Z]{1,2})\.[ \t\u00a0]+(?=\S)/.exec(first.text);
  if (!match?.[1]) return undefined;
  return { label: `${match[1]}.`, runs: [{ ...first, text: first.text.slice(match[0].length) }, ...rest] };
}

/** Drops spaces at the start and end of a paragraph (indentation is not meaning here). */
function trimRuns(runs: Run[]): Run[] {
  const first = runs[0];
  if (first && "text" in first && !placeholders.has(first))
    runs[0] = { ...first, text: first.text.trimStart() };
  const last = runs[runs.length - 1];
  if (last && "text" in last && !placeholders.has(last))
    runs[runs.length - 1] = { ...last, text: last.text.trimEnd() };
  return runs.filter((run) => !("text" in run) || run.text !== "" || placeholders.has(run));
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: "\u00a0",
};

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "");
}

/** Options for building the model. */
export type BuildOptions = {
  /** Every execution block the answers call for, in interview order. */
  readonly executionBlocks: readonly ExecutionBlock[];
};

/** Turns rendered template text (Markdown with directives) into document blocks. */
export function buildBlocks(source: string, options: BuildOptions): Block[] {
  const tokens = lexDocument(source);
  const blocks: Block[] = [];
  const numbering = new ClauseNumbering();
  const context: InlineContext = { references: new Map(), pending: [] };
  let schedule = 0;
  const placed = new Set<ExecutionBlock>();

  const push = (block: Block): void => {
    if (blocks.length >= LIMITS.blocks) {
      throw new TemplateError(`The document has more than ${LIMITS.blocks} blocks`);
    }
    blocks.push(block);
  };

  const placeExecution = (
    block: ExecutionBlock,
    label: Run[] | undefined,
    deed: boolean,
    initials = false,
  ): void => {
    if (placed.has(block)) {
      throw new TemplateError(`The execution block of "${block.partyPath}" is printed twice`);
    }
    placed.add(block);
    push({
      type: "execution",
      leadIn: label ?? defaultLeadIn(block, deed),
      block,
      ...(initials ? { initials: true } : {}),
    });
  };

  const visit = (token: Token, indent: number): void => {
    switch (token.type) {
      case "space":
        return;
      case "heading": {
        const heading = token as Tokens.Heading;
        const runs = toRuns(heading.tokens, context);
        if (heading.depth === 1) push({ type: "title", runs });
        else push({ type: "heading", level: heading.depth === 2 ? 1 : 2, runs });
        return;
      }
      case "paragraph":
      case "text": {
        const paragraph = token as Tokens.Paragraph | Tokens.Text;
        const runs = trimRuns(toRuns(paragraph.tokens ?? [], context));
        if (runs.length === 0) return;
        const recital = indent === 0 ? recitalLabel(runs, blocks[blocks.length - 1]) : undefined;
        push(recital ? { type: "paragraph", ...recital, indent } : { type: "paragraph", runs, indent });
        return;
      }
      case "blockquote":
        for (const inner of (token as Tokens.Blockquote).tokens) visit(inner, indent + 1);
        return;
      case "hr":
        push({ type: "rule" });
        return;
      case "list": {
        const items: { depth: number; label: string; runs: Run[] }[] = [];
        collectListItems(token as Tokens.List, 0, items, context);
        push({ type: "list", ordered: (token as Tokens.List).ordered, items });
        return;
      }
      case "table": {
        const table = token as Tokens.Table;
        const header = table.header.map((cell) => toRuns(cell.tokens, context));
        const rows = table.rows.map((row) => row.map((cell) => toRuns(cell.tokens, context)));
        const hasHeader = header.some((cell) => cell.length > 0);
        push({ type: "table", header: hasHeader ? header : null, rows });
        return;
      }
      case "clause": {
        const clause = token as unknown as ClauseToken;
        const number = numbering.next(clause.level);
        if (!number) {
          throw new TemplateError(
            `A #.# clause needs a #. clause before it: "${clause.raw.trim().slice(0, 60)}"`,
          );
        }
        if (clause.anchor) {
          if (context.references.has(clause.anchor)) {
            throw new TemplateError(`Two clauses are named {#${clause.anchor}}`);
          }
          // A clause of a schedule is cited with its schedule: "2.1 of Schedule 1".
          const citation = schedule > 0 ? `${number.reference} of Schedule ${schedule}` : number.reference;
          context.references.set(clause.anchor, { citation, number: number.reference });
        }
        push({
          type: "clause",
          level: clause.level,
          heading: false,
          label: number.label,
          reference: number.reference,
          numbering: schedule,
          ...(clause.anchor ? { anchor: clause.anchor } : {}),
          runs: toRuns(clause.tokens, context),
        });
        return;
      }
      case "directive": {
        const directive = token as unknown as DirectiveToken;
        const label = directive.label !== undefined ? toRuns(directive.labelTokens, context) : undefined;
        const deed = directive.attributes.deed === true || directive.attributes.as === "deed";
        switch (directive.name) {
          case "pagebreak": {
            // ::pagebreak{landscape} turns the pages from here on; ::pagebreak{portrait} turns them back.
            const { landscape, portrait } = directive.attributes;
            if (landscape === true && portrait === true) {
              throw new TemplateError("::pagebreak cannot be both {landscape} and {portrait}");
            }
            const orientation = landscape === true ? "landscape" : portrait === true ? "portrait" : undefined;
            push(orientation ? { type: "pageBreak", orientation } : { type: "pageBreak" });
            return;
          }
          case "contents":
            if (blocks.some((block) => block.type === "contents")) {
              throw new TemplateError("::contents is used twice: a document has one contents page");
            }
            push({ type: "contents", title: label ?? [{ text: "Contents" }] });
            return;
          case "schedule":
            schedule += 1;
            numbering.restart();
            push({ type: "schedule", number: schedule, title: label ?? [] });
            return;
          case "signature": {
            const party = directive.attributes.party;
            if (typeof party !== "string") {
              throw new TemplateError("::signature needs the party it is for: ::signature{party=buyer}");
            }
            const matching = options.executionBlocks.filter((block) => block.partyId === party);
            // `initials`: the signatories initial every other page (a will), in boxes at each page's foot.
            const initials = directive.attributes.initials === true;
            for (const block of matching) placeExecution(block, label, deed, initials);
            return;
          }
          case "signatures":
            for (const block of options.executionBlocks) {
              if (!placed.has(block)) placeExecution(block, undefined, deed);
            }
            return;
          default:
            throw new TemplateError(
              `Unknown directive ::${directive.name} (known: ::pagebreak, ::contents, ::schedule, ::signature, ::signatures)`,
            );
        }
      }
      default:
        throw new TemplateError(`Unsupported Markdown (${token.type}): "${token.raw.trim().slice(0, 60)}"`);
    }
  };

  for (const token of tokens) visit(token, 0);

  // A level 1 clause heads the clauses under it; one with none under it is a numbered paragraph.
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (block.type === "clause" && block.level === 1 && next?.type === "clause" && next.level > 1) {
      blocks[index] = { ...block, heading: true };
    }
  });

  for (const reference of context.pending) {
    const cited = context.references.get(reference.anchor);
    if (cited === undefined) {
      throw new TemplateError(
        `The template refers to [#${reference.anchor}], but no clause in this document is named {#${reference.anchor}}`,
      );
    }
    reference.run.text = cited.citation;
    reference.run.crossReference = { anchor: reference.anchor, number: cited.number };
  }
  const missing = options.executionBlocks.filter((block) => !placed.has(block));
  if (missing.length > 0) {
    throw new TemplateError(
      `The template has no execution block for ${missing.map((block) => `"${block.partyPath}"`).join(", ")}: add ::signature{party=${missing[0]?.partyId}} or ::signatures`,
    );
  }
  return blocks;
}

function collectListItems(
  list: Tokens.List,
  depth: number,
  items: { depth: number; label: string; runs: Run[] }[],
  context: InlineContext,
): void {
  const start = typeof list.start === "number" ? list.start : 1;
  list.items.forEach((item, index) => {
    const runs: Run[] = [];
    const nested: Tokens.List[] = [];
    for (const child of item.tokens) {
      if (child.type === "list") nested.push(child as Tokens.List);
      else if ("tokens" in child && Array.isArray(child.tokens)) {
        if (runs.length > 0) runs.push({ lineBreak: true });
        toRuns(child.tokens, context, {}, runs);
      }
    }
    items.push({ depth, label: list.ordered ? `${start + index}.` : "•", runs });
    for (const inner of nested) collectListItems(inner, depth + 1, items, context);
  });
}

/** The words before the signatures, when the template does not give its own. */
function defaultLeadIn(block: ExecutionBlock, deed: boolean): Run[] {
  const trustee = block.trusteeFor ? ` as trustee for ${block.trusteeFor}` : "";
  if (block.kind === "company") {
    return [
      { text: deed ? "Executed as a deed by " : "Executed by " },
      { text: block.partyName, bold: true },
      { text: `${trustee} in accordance with section 127 of the ` },
      { text: "Corporations Act 2001", italic: true },
      { text: " (Cth) by:" },
    ];
  }
  const witnessed = block.signatories.some((signatory) => signatory.role === "witness");
  return [
    { text: deed ? "Signed, sealed and delivered by " : "Signed by " },
    { text: block.partyName, bold: true },
    ...(block.signedFor ? [{ text: ` for ${block.signedFor}` }] : []),
    { text: `${trustee}${witnessed ? " in the presence of:" : ":"}` },
  ];
}
