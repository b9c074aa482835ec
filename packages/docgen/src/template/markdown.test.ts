import { describe, expect, it } from "vitest";
import { TemplateError } from "../errors.ts";
import { type Block, contentsEntries, plainText } from "../model.ts";
import type { ExecutionBlock } from "../signers.ts";
import { buildBlocks, forgetKeptInlineTokens, keptInlineTokenCount } from "./markdown.ts";

const build = (source: string, executionBlocks: readonly ExecutionBlock[] = []) =>
  buildBlocks(source, { executionBlocks });

/** Each clause as "label text". */
const clauses = (blocks: readonly Block[]): string[] =>
  blocks.flatMap((block) => (block.type === "clause" ? [`${block.label} ${plainText(block.runs)}`] : []));

const refusal = (source: string, executionBlocks: readonly ExecutionBlock[] = []): string => {
  try {
    build(source, executionBlocks);
  } catch (error) {
    if (error instanceof TemplateError) return error.message;
    throw error;
  }
  throw new Error("expected the template to be refused");
};

describe("numbered clauses", () => {
  it("number 1., 1.1, (a), (i), each level counting within the one above", () => {
    const blocks = build(`#. Definitions
#.# In this agreement:
(#) first;
(#) second, which has:
(##) a part; and
(##) another part.
#.# Second subclause.
#. Confidentiality
#.# Restarted.
(#) Restarted too.
`);
    expect(clauses(blocks)).toEqual([
      "1. Definitions",
      "1.1 In this agreement:",
      "(a) first;",
      "(b) second, which has:",
      "(i) a part; and",
      "(ii) another part.",
      "1.2 Second subclause.",
      "2. Confidentiality",
      "2.1 Restarted.",
      "(a) Restarted too.",
    ]);
  });

  it("make a level 1 clause a heading when clauses follow under it, and a numbered paragraph otherwise", () => {
    const blocks = build(
      "#. Definitions\n#.# Text.\n#. Entire agreement. This is the whole agreement.\n#. Last.\n",
    );
    expect(blocks.map((block) => block.type === "clause" && [block.label, block.heading])).toEqual([
      ["1.", true],
      ["1.1", false],
      ["2.", false],
      ["3.", false],
    ]);
  });

  it("join continuation lines into the clause, and stop at a blank line", () => {
    const blocks = build("#. Heading\n#.# A clause that runs\non to a second line.\n\nA plain paragraph.\n");
    expect(clauses(blocks)).toEqual(["1. Heading", "1.1 A clause that runs on to a second line."]);
    expect(blocks.at(-1)).toMatchObject({ type: "paragraph", runs: [{ text: "A plain paragraph." }] });
  });

  it("interrupt a paragraph without a blank line", () => {
    const blocks = build("Intro paragraph.\n#. First\n");
    expect(blocks.map((block) => block.type)).toEqual(["paragraph", "clause"]);
  });

  it("count letters past z as Word does (aa, bb), so Word and PDF agree", () => {
    const source = `#. H\n#.# C\n${"(#) x\n".repeat(28)}`;
    expect(clauses(build(source)).slice(-3)).toEqual(["(z) x", "(aa) x", "(bb) x"]);
  });

  it("give each clause a citation: 1.1(a)(ii)", () => {
    const blocks = build("#. H\n#.# C\n(#) a\n(##) i\n(##) ii\n");
    expect(blocks.flatMap((block) => (block.type === "clause" ? [block.reference] : []))).toEqual([
      "1",
      "1.1",
      "1.1(a)",
      "1.1(a)(i)",
      "1.1(a)(ii)",
    ]);
  });

  it("refuse a #.# clause with no #. clause before it", () => {
    expect(refusal("#.# Orphan\n")).toMatch(/A #\.# clause needs a #\. clause before it/);
  });
});

describe("cross-references", () => {
  it("print the number of a named clause, before or after it", () => {
    const blocks = build(`#. Definitions {#definitions}
#.# Subject to clause [#exclusions], see clause [#definitions].
#. Exclusions
#.# Carve-outs. {#exclusions}
`);
    expect(clauses(blocks)[1]).toBe("1.1 Subject to clause 2.1, see clause 1.");
  });

  it("work anywhere in a paragraph, including at its start", () => {
    const last = build("#. A {#a}\n\n[#a] is the first clause; so is [#a].\n").at(-1);
    expect(last?.type === "paragraph" ? plainText(last.runs) : "").toBe("1 is the first clause; so is 1.");
  });

  it("follow the numbers when a conditional clause drops out", () => {
    const withTerm = build("#. A\n#. Term\n#. Notices {#notices}\n#.# See clause [#notices].\n");
    const withoutTerm = build("#. A\n#. Notices {#notices}\n#.# See clause [#notices].\n");
    expect(clauses(withTerm).at(-1)).toBe("3.1 See clause 3.");
    expect(clauses(withoutTerm).at(-1)).toBe("2.1 See clause 2.");
  });

  it("cite a schedule's clause with its schedule", () => {
    const blocks = build("#. A\n#.# See [#item].\n::schedule[Particulars]\n#. Item {#item}\n");
    expect(clauses(blocks)[1]).toBe("1.1 See 1 of Schedule 1.");
  });

  it("refuse a reference to a clause that is not in the document", () => {
    expect(refusal("#. A\n#.# See [#gone].\n")).toMatch(/refers to \[#gone\]/);
  });

  it("refuse two clauses with one name", () => {
    expect(refusal("#. A {#x}\n#. B {#x}\n")).toMatch(/Two clauses are named \{#x\}/);
  });
});

describe("directives", () => {
  it("::pagebreak starts a new page", () => {
    expect(build("A\n\n::pagebreak\n\nB\n").map((block) => block.type)).toEqual([
      "paragraph",
      "pageBreak",
      "paragraph",
    ]);
  });

  it("::pagebreak{landscape} turns the pages from there on, ::pagebreak{portrait} turns them back", () => {
    const breaks = build(
      "A\n\n::pagebreak{landscape}\n\nB\n\n::pagebreak{portrait}\n\nC\n\n::pagebreak\n\nD\n",
    ).filter((block) => block.type === "pageBreak");
    expect(breaks).toEqual([
      { type: "pageBreak", orientation: "landscape" },
      { type: "pageBreak", orientation: "portrait" },
      { type: "pageBreak" },
    ]);
    expect(refusal("A\n\n::pagebreak{landscape portrait}\n")).toBe(
      "::pagebreak cannot be both {landscape} and {portrait}",
    );
  });

  it("::schedule[title] starts Schedule n, where numbering restarts", () => {
    const blocks = build("#. Body\n#.# Clause\n::schedule[Particulars]\n#. Item\n::schedule\n#. Other\n");
    expect(blocks.filter((block) => block.type === "schedule")).toEqual([
      { type: "schedule", number: 1, title: [{ text: "Particulars" }] },
      { type: "schedule", number: 2, title: [] },
    ]);
    expect(
      blocks
        .filter((block) => block.type === "clause")
        .map((block) => block.type === "clause" && [block.label, block.numbering]),
    ).toEqual([
      ["1.", 0],
      ["1.1", 0],
      ["1.", 1],
      ["1.", 2],
    ]);
  });

  it("reads ::contents as the contents block, titled Contents unless the label says otherwise, once only", () => {
    expect(build("::contents\n")).toEqual([{ type: "contents", title: [{ text: "Contents" }] }]);
    expect(build("::contents[Index of clauses]\n")).toEqual([
      { type: "contents", title: [{ text: "Index of clauses" }] },
    ]);
    expect(refusal("::contents\n\n::contents\n")).toMatch(/::contents is used twice/);
    const blocks = build(
      "::contents\n\n## Part 1\n\n#. Definitions\n#.# Words.\n\n::schedule[Particulars]\n\n#. Item\n#.# Text.\n",
    );
    expect(contentsEntries(blocks, 0)).toEqual([
      { block: 1, depth: 1, label: "", title: "Part 1" },
      { block: 2, depth: 2, label: "1.", title: "Definitions" },
      { block: 4, depth: 1, label: "", title: "Schedule 1 — Particulars" },
    ]);
  });

  it("refuses an unknown directive, listing the known ones", () => {
    expect(refusal("::signhere\n")).toMatch(
      /Unknown directive ::signhere \(known: ::pagebreak, ::contents, ::schedule, ::signature, ::signatures\)/,
    );
  });

  it("an escaped directive or clause marker is plain text", () => {
    const blocks = build("\\::pagebreak and \\#. not a clause\n");
    expect(blocks).toEqual([
      { type: "paragraph", indent: 0, runs: [{ text: "::pagebreak and #. not a clause" }] },
    ]);
  });
});

describe("execution blocks", () => {
  const block = (partyId: string, kind: "individual" | "company" = "individual"): ExecutionBlock => ({
    partyId,
    partyPath: partyId,
    kind,
    partyName: `Name of ${partyId}`,
    signatories: [
      {
        role: "signer",
        fullName: "Jane",
        email: null,
        capacity: "",
        metaKey: `${partyId}_signature`,
        dateKey: `${partyId}_date`,
      },
    ],
  });

  it("::signature{party=id} places that party's block, with the standard words", () => {
    const blocks = build("::signature{party=buyer}\n", [block("buyer")]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.type === "execution" && plainText(blocks[0].leadIn)).toBe("Signed by Name of buyer:");
  });

  it("uses s127's words for a company, and a deed's words when asked", () => {
    const [agreement] = build("::signature{party=co}\n", [block("co", "company")]);
    expect(agreement?.type === "execution" && plainText(agreement.leadIn)).toBe(
      "Executed by Name of co in accordance with section 127 of the Corporations Act 2001 (Cth) by:",
    );
    const [deed] = build("::signature{party=co deed}\n", [block("co", "company")]);
    expect(deed?.type === "execution" && plainText(deed.leadIn)).toMatch(/^Executed as a deed by Name of co/);
  });

  it("takes the template's own words from the label", () => {
    const [placed] = build("::signature[Signed by the will-maker in our presence:]{party=buyer}\n", [
      block("buyer"),
    ]);
    expect(placed?.type === "execution" && plainText(placed.leadIn)).toBe(
      "Signed by the will-maker in our presence:",
    );
  });

  it("reads a label holding escaped brackets (a printed answer)", () => {
    const [placed] = build("::signature[Signed by Smith \\[Jr\\] in our presence:]{party=buyer}\n", [
      block("buyer"),
    ]);
    expect(placed?.type === "execution" && plainText(placed.leadIn)).toBe(
      "Signed by Smith [Jr] in our presence:",
    );
  });

  it("::signatures places every block not yet placed", () => {
    const blocks = build("::signature{party=b}\n::signatures\n", [block("a"), block("b"), block("c")]);
    expect(blocks.map((placed) => placed.type === "execution" && placed.block.partyId)).toEqual([
      "b",
      "a",
      "c",
    ]);
  });

  it("refuses a document that leaves a signing party out, or prints one twice", () => {
    expect(refusal("No signatures here.\n", [block("buyer")])).toMatch(/no execution block for "buyer"/);
    expect(refusal("::signature{party=buyer}\n::signature{party=buyer}\n", [block("buyer")])).toMatch(
      /printed twice/,
    );
  });
});

describe("Markdown", () => {
  it("reads headings, emphasis, lists, tables, quotes and rules", () => {
    const blocks = build(`# Deed of Guarantee

## Background

The **Guarantor** agrees *as follows*:

- first
  - nested
- second

| Item | Particulars |
|------|-------------|
| Price | $10 |

> Quoted

---
`);
    expect(blocks.map((block) => block.type)).toEqual([
      "title",
      "heading",
      "paragraph",
      "list",
      "table",
      "paragraph",
      "rule",
    ]);
    expect(blocks[2]).toMatchObject({
      runs: [
        { text: "The " },
        { text: "Guarantor", bold: true },
        { text: " agrees " },
        { text: "as follows", italic: true },
        { text: ":" },
      ],
    });
    expect(blocks[3]).toMatchObject({ items: [{ depth: 0 }, { depth: 1 }, { depth: 0 }] });
    expect(blocks[4]).toMatchObject({
      header: [[{ text: "Item" }], [{ text: "Particulars" }]],
      rows: [[[{ text: "Price" }], [{ text: "$10" }]]],
    });
    expect(blocks[5]).toMatchObject({ indent: 1 });
  });

  it("treats raw HTML and code as text: a template cannot smuggle markup", () => {
    const blocks = build("<script>alert(1)</script> and <b>bold</b>\n\n    indented code\n");
    expect(blocks.map((block) => (block.type === "paragraph" ? plainText(block.runs) : block.type))).toEqual([
      "<script>alert(1)</script> and <b>bold</b>",
      "indented code",
    ]);
  });
});

describe("inline tokens kept across documents", () => {
  const source = `#. Definitions {#defs}
#.# A **Trustee** acts under clause [#defs] and *may* resign.

::schedule[Particulars of the _fund_]

Made for Jane Citizen.`;

  it("keep a text's tokens once a second document has it, and build the third exactly as cold", () => {
    forgetKeptInlineTokens();
    const cold = build(source);
    // One document's texts are remembered, not kept: a client's own paragraph goes no further.
    expect(keptInlineTokenCount()).toBe(0);
    expect(build(source)).toEqual(cold);
    // The two clauses' texts, the schedule's label and the paragraph: each met in two documents now.
    expect(keptInlineTokenCount()).toBe(4);
    const warm = build(source);
    expect(warm).toEqual(cold);
    expect(clauses(warm)).toEqual(["1. Definitions", "1.1 A Trustee acts under clause 1 and may resign."]);
  });

  it("give each document its own cross-reference numbers from the shared tokens", () => {
    forgetKeptInlineTokens();
    const cited = "#.# See clause [#later].";
    const first = (before: string) => `#. Start\n${cited}\n\n${before}#. Later {#later}\n#.# Text.`;
    build(first(""));
    build(first(""));
    // Kept now; a document with one more clause before the named one cites its own number.
    expect(clauses(build(first("#. Extra\n#.# More.\n\n")))).toContain("1.1 See clause 3.");
    expect(clauses(build(first("")))).toContain("1.1 See clause 2.");
  });
});
