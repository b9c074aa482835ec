/**
 * The signature and date boxes renderPdf returns are where the PDF draws them. The boxes are checked
 * against the PDF's own bytes, not against the renderer's numbers: each page's content stream is
 * inflated and interpreted (paths, strokes, text positions, the `cm` transforms and q/Q saves pdfkit
 * writes), and what is drawn is turned into points from the page's top-left corner, as the boxes are.
 *
 * How a box is drawn: a signature box is the space above a 0.75 pt black rule that runs along its
 * bottom edge, across its width; a date box holds a 0.5 pt black rule across its width, 1.5 pt above
 * its bottom edge, with "Date:" before it. No text starts inside either box.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assemble } from "../assemble.ts";
import { loadTemplateFolder } from "../library.ts";
import type { Block, DocumentModel, Run } from "../model.ts";
import type { ExecutionBlock, Signatory } from "../signers.ts";
import { WITNESSED_WILL } from "../testing/execution-blocks.ts";
import { readObjects } from "../testing/pdf.ts";
import { PAGE_SIZE, type PageBox, renderPdf, type SignatureField } from "./pdf.ts";

/** How far a returned coordinate may be from the drawn one, in points. */
const TOLERANCE = 0.5;
const SIGNATURE_RULE_WIDTH = 0.75;
const DATE_RULE_WIDTH = 0.5;
/** The date rule's height above the date box's bottom edge. */
const DATE_RULE_ABOVE_BOTTOM = 1.5;

type Matrix = readonly [number, number, number, number, number, number];
type Point = { readonly x: number; readonly y: number };
/** A stroked straight line, in points from the page's top-left corner. */
type Stroke = {
  readonly from: Point;
  readonly to: Point;
  readonly lineWidth: number;
  readonly colour: string;
};
/** Where a piece of text starts (its baseline origin), in points from the page's top-left corner. */
type TextOrigin = Point & { readonly size: number };
type Drawing = { readonly strokes: Stroke[]; readonly text: TextOrigin[] };

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** `first` then `second`, as PDF matrices compose (row vectors). */
const multiply = (first: Matrix, second: Matrix): Matrix => [
  first[0] * second[0] + first[1] * second[2],
  first[0] * second[1] + first[1] * second[3],
  first[2] * second[0] + first[3] * second[2],
  first[2] * second[1] + first[3] * second[3],
  first[4] * second[0] + first[5] * second[2] + second[4],
  first[4] * second[1] + first[5] * second[3] + second[5],
];
/** A point in user space to points from the top-left of the page (PDF device space is bottom-left). */
const toPage = (matrix: Matrix, x: number, y: number): Point => ({
  x: x * matrix[0] + y * matrix[2] + matrix[4],
  y: PAGE_SIZE.height - (x * matrix[1] + y * matrix[3] + matrix[5]),
});

type Token = number | string | { readonly name: string } | { readonly literal: true } | Token[];

/** Splits a content stream into operands and operators (PDF 32000-1 §7.2, enough for pdfkit's). */
function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  const arrays: Token[][] = [];
  const push = (token: Token) => (arrays.at(-1) ?? tokens).push(token);
  let index = 0;
  while (index < content.length) {
    const character = content[index] as string;
    if (/\s/.test(character)) {
      index++;
    } else if (character === "%") {
      while (index < content.length && content[index] !== "\n" && content[index] !== "\r") index++;
    } else if (character === "(") {
      // A literal string: balanced parentheses, backslash escapes; its bytes do not matter here.
      let depth = 0;
      do {
        const current = content[index];
        if (current === "\\") index++;
        else if (current === "(") depth++;
        else if (current === ")") depth--;
        index++;
      } while (depth > 0 && index < content.length);
      push({ literal: true });
    } else if (content.startsWith("<<", index) || content.startsWith(">>", index)) {
      index += 2;
    } else if (character === "<") {
      index = content.indexOf(">", index) + 1;
      push({ literal: true });
    } else if (character === "[") {
      arrays.push([]);
      index++;
    } else if (character === "]") {
      const array = arrays.pop() ?? [];
      push(array);
      index++;
    } else if (character === "/") {
      const name = /^\/[^\s/[\]()<>{}%]*/.exec(content.slice(index))?.[0] ?? "/";
      push({ name: name.slice(1) });
      index += name.length;
    } else {
      const word = /^[^\s/[\]()<>{}%]+/.exec(content.slice(index))?.[0] ?? character;
      const number = Number(word);
      push(/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(number) ? number : word);
      index += word.length;
    }
  }
  return tokens;
}

/** Interprets one page's content: the straight lines it strokes and where it starts text. */
function interpret(content: string): Drawing {
  type State = { matrix: Matrix; lineWidth: number; colour: string };
  let state: State = { matrix: IDENTITY, lineWidth: 1, colour: "0" };
  const saved: State[] = [];
  const drawing: Drawing = { strokes: [], text: [] };
  let path: { from: Point; to: Point }[] = [];
  let current: Point | undefined;
  let start: Point | undefined;
  let textMatrix: Matrix = IDENTITY;
  let lineMatrix: Matrix = IDENTITY;
  let size = 0;
  let operands: Token[] = [];
  const numbers = () => operands.filter((operand): operand is number => typeof operand === "number");
  const showText = () => {
    const origin = toPage(multiply(textMatrix, state.matrix), 0, 0);
    drawing.text.push({ ...origin, size });
  };
  for (const token of tokenize(content)) {
    if (typeof token !== "string") {
      operands.push(token);
      continue;
    }
    const values = numbers();
    switch (token) {
      case "q":
        saved.push({ ...state });
        break;
      case "Q":
        state = saved.pop() ?? state;
        break;
      case "cm":
        state.matrix = multiply(values as unknown as Matrix, state.matrix);
        break;
      case "w":
        state.lineWidth = values[0] ?? 1;
        break;
      case "RG":
      case "G":
      case "K":
      case "SC":
      case "SCN":
        state.colour = values.join(" ");
        break;
      case "m":
        current = toPage(state.matrix, values[0] ?? 0, values[1] ?? 0);
        start = current;
        break;
      case "l": {
        const to = toPage(state.matrix, values[0] ?? 0, values[1] ?? 0);
        if (current) path.push({ from: current, to });
        current = to;
        break;
      }
      case "re": {
        const [x = 0, y = 0, width = 0, height = 0] = values;
        const corners = [
          [x, y],
          [x + width, y],
          [x + width, y + height],
          [x, y + height],
          [x, y],
        ].map(([cornerX = 0, cornerY = 0]) => toPage(state.matrix, cornerX, cornerY));
        for (let corner = 1; corner < corners.length; corner++) {
          path.push({ from: corners[corner - 1] as Point, to: corners[corner] as Point });
        }
        break;
      }
      case "h":
        if (current && start) path.push({ from: current, to: start });
        current = start;
        break;
      case "S":
      case "s":
      case "B":
      case "B*":
      case "b":
      case "b*":
        for (const segment of path) {
          drawing.strokes.push({ ...segment, lineWidth: state.lineWidth, colour: state.colour });
        }
        path = [];
        break;
      case "f":
      case "F":
      case "f*":
      case "n":
        path = [];
        break;
      case "BT":
        textMatrix = IDENTITY;
        lineMatrix = IDENTITY;
        break;
      case "Tf":
        size = values[0] ?? 0;
        break;
      case "Tm":
        textMatrix = values as unknown as Matrix;
        lineMatrix = textMatrix;
        break;
      case "Td":
      case "TD":
        lineMatrix = multiply([1, 0, 0, 1, values[0] ?? 0, values[1] ?? 0], lineMatrix);
        textMatrix = lineMatrix;
        break;
      case "Tj":
      case "TJ":
      case "'":
      case '"':
        showText();
        break;
    }
    operands = [];
  }
  return drawing;
}

/** Each page's drawing, read from the PDF's bytes. */
function readDrawings(pdf: Uint8Array): Drawing[] {
  const objects = readObjects(pdf);
  const latin1 = new TextDecoder("latin1");
  const trailer = latin1.decode(pdf.subarray(Math.max(0, pdf.byteLength - 400)));
  const at = (dictionary: string, key: string) =>
    Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary)?.[1]);
  const root = objects.get(at(trailer, "Root"))?.dictionary ?? "";
  const tree = objects.get(at(root, "Pages"))?.dictionary ?? "";
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree)?.[1] ?? "").matchAll(/(\d+) 0 R/g)];
  return kids.map((kid, index) => {
    const page = objects.get(Number(kid[1]))?.dictionary ?? "";
    // readObjects has inflated the FlateDecode content streams pdfkit writes (zlib's inflateSync).
    const stream = objects.get(at(page, "Contents"))?.stream;
    if (!stream) throw new Error(`page ${index + 1} has no content stream`);
    return interpret(latin1.decode(stream));
  });
}

/** A horizontal rule: a stroke whose ends share a y. */
type Rule = { readonly page: number; readonly x1: number; readonly x2: number; readonly y: number };
const BLACK = new Set(["0", "0 0 0", "0 0 0 1"]);

function blackRules(drawings: readonly Drawing[], lineWidth: number): Rule[] {
  return drawings.flatMap((drawing, index) =>
    drawing.strokes
      .filter(
        (stroke) =>
          Math.abs(stroke.lineWidth - lineWidth) < 0.001 &&
          BLACK.has(stroke.colour) &&
          Math.abs(stroke.from.y - stroke.to.y) < 0.001,
      )
      .map((stroke) => ({
        page: index + 1,
        x1: Math.min(stroke.from.x, stroke.to.x),
        x2: Math.max(stroke.from.x, stroke.to.x),
        y: stroke.from.y,
      })),
  );
}

const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;
/** Whether a rule runs across `box` at `above` points over its bottom edge. */
const ruleOf = (rule: Rule, box: PageBox, above: number) =>
  rule.page === box.page &&
  near(rule.x1, box.x) &&
  near(rule.x2, box.x + box.width) &&
  near(rule.y, box.y + box.height - above);
const describeBox = (box: PageBox) => `page ${box.page} (${box.x}, ${box.y}) ${box.width}×${box.height}`;

/**
 * Checks every returned box against the drawing: each has its rule, no rule is left without a box
 * (other than a witness's ruled address lines, which lie between its signature and date boxes), and
 * no text starts inside a box. Gives the address rules found, for the caller to count.
 */
function expectBoxesWhereDrawn(pdf: Uint8Array, fields: readonly SignatureField[]): Rule[] {
  const drawings = readDrawings(pdf);
  const signatureRules = blackRules(drawings, SIGNATURE_RULE_WIDTH);
  const thinRules = blackRules(drawings, DATE_RULE_WIDTH);
  expect(fields.length, "the document has signature fields").toBeGreaterThan(0);
  for (const field of fields) {
    const { signature, date } = field;
    expect(
      signatureRules.filter((rule) => ruleOf(rule, signature, 0)),
      `${field.metaKey}: one signature rule along the bottom of ${describeBox(signature)}`,
    ).toHaveLength(1);
    expect(
      thinRules.filter((rule) => ruleOf(rule, date, DATE_RULE_ABOVE_BOTTOM)),
      `${field.dateKey}: one date rule across ${describeBox(date)}`,
    ).toHaveLength(1);
    for (const box of [signature, date]) {
      const inside = (drawings[box.page - 1]?.text ?? []).filter(
        (origin) =>
          origin.x > box.x - TOLERANCE &&
          origin.x < box.x + box.width - TOLERANCE &&
          origin.y > box.y + TOLERANCE &&
          origin.y < box.y + box.height - TOLERANCE,
      );
      expect(inside, `${field.metaKey}: no text inside ${describeBox(box)}`).toEqual([]);
    }
  }
  for (const rule of signatureRules) {
    expect(
      fields.filter((field) => ruleOf(rule, field.signature, 0)),
      `the signature rule on page ${rule.page} at y ${rule.y} belongs to one returned box`,
    ).toHaveLength(1);
  }
  const addressRules = thinRules.filter(
    (rule) => !fields.some((field) => ruleOf(rule, field.date, DATE_RULE_ABOVE_BOTTOM)),
  );
  for (const rule of addressRules) {
    const owner = fields.find(
      (field) =>
        field.role === "witness" &&
        field.signature.page === rule.page &&
        rule.x1 >= field.signature.x - TOLERANCE &&
        near(rule.x2, field.signature.x + field.signature.width) &&
        rule.y > field.signature.y + field.signature.height &&
        rule.y < field.date.y,
    );
    expect(
      owner,
      `the thin rule on page ${rule.page} at y ${rule.y} is a witness's address line`,
    ).toBeDefined();
  }
  return addressRules;
}

const text = (value: string): Run[] => [{ text: value }];
const model = (blocks: Block[]): DocumentModel => ({ title: "Test Document", blocks });
const execution = (leadIn: string, block: ExecutionBlock): Block => ({
  type: "execution",
  leadIn: text(leadIn),
  block,
});
const filler = (count: number): Block[] =>
  Array.from({ length: count }, (_, index) => ({
    type: "paragraph",
    indent: 0,
    runs: text(
      `Paragraph ${index + 1}. The parties agree to act reasonably and in good faith in all dealings under this document.`,
    ),
  }));
const signer = (fullName: string, key: string, capacity = "Director"): Signatory => ({
  role: "signer",
  fullName,
  email: null,
  capacity,
  metaKey: `${key}_signature`,
  dateKey: `${key}_date`,
});
const company = (names: readonly string[]): ExecutionBlock => ({
  partyId: "buyer",
  partyPath: "buyer",
  kind: "company",
  method: "two-directors",
  partyName: "Acme PTY LTD ACN 004 085 616",
  signatories: names.map((name, index) => signer(name, `buyer_directors_${index + 1}`)),
});

describe("signature and date boxes, read back from the PDF's drawing", () => {
  it("one signer", async () => {
    const individual: ExecutionBlock = {
      partyId: "seller",
      partyPath: "seller",
      kind: "individual",
      partyName: "Harriet Okafor",
      signatories: [signer("Harriet Okafor", "seller", "")],
    };
    const { pdf, signatureFields } = await renderPdf(
      model([...filler(3), execution("Signed by Harriet Okafor:", individual)]),
    );
    expect(signatureFields).toHaveLength(1);
    expect(expectBoxesWhereDrawn(pdf, signatureFields)).toEqual([]);
  });

  it("several signers side by side, over more than one row", async () => {
    const { pdf, signatureFields } = await renderPdf(
      model([execution("Executed by Acme:", company(["Olivia Chen", "Marcus Webb", "Priya Nair"]))]),
    );
    const [left, right, below] = signatureFields;
    expect(signatureFields).toHaveLength(3);
    expect(left?.signature.y).toBe(right?.signature.y);
    expect(right?.signature.x).toBeGreaterThan((left?.signature.x ?? 0) + (left?.signature.width ?? 0));
    expect(below?.signature.y).toBeGreaterThan(left?.date.y ?? 0);
    expect(expectBoxesWhereDrawn(pdf, signatureFields)).toEqual([]);
  });

  it("a signer and two witnesses, one with an address to write in by hand", async () => {
    const { pdf, signatureFields } = await renderPdf(
      model([execution("Signed by the will-maker:", WITNESSED_WILL)]),
    );
    expect(signatureFields.map((field) => field.role)).toEqual(["signer", "witness", "witness"]);
    const addressRules = expectBoxesWhereDrawn(pdf, signatureFields);
    // Sophie Marchetti's address is to be written in: two ruled lines in her column, and no others.
    const sophie = signatureFields[2];
    expect(addressRules).toHaveLength(2);
    for (const rule of addressRules)
      expect(rule.x2).toBeCloseTo((sophie?.signature.x ?? 0) + (sophie?.signature.width ?? 0), 1);
  });

  it("an execution block pushed whole to a new page", async () => {
    const block = execution("Executed by Acme:", company(["Olivia Chen", "Marcus Webb"]));
    // The most text that still leaves the first page with room for part of the block, but not all.
    let count = 1;
    while ((await renderPdf(model([...filler(count + 1), block]))).pageCount === 1) count += 1;
    const { pdf, signatureFields, pageCount } = await renderPdf(model([...filler(count + 1), block]));
    expect(pageCount).toBe(2);
    expect(signatureFields.map((field) => [field.signature.page, field.date.page])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect(expectBoxesWhereDrawn(pdf, signatureFields)).toEqual([]);
  });

  it("an execution block taller than a page, broken between rows", async () => {
    const names = Array.from({ length: 24 }, (_, index) => `Director ${index + 1}`);
    const { pdf, signatureFields, pageCount } = await renderPdf(
      model([execution("Executed by Acme:", company(names))]),
    );
    expect(pageCount).toBeGreaterThan(1);
    expect(new Set(signatureFields.map((field) => field.signature.page)).size).toBe(pageCount);
    expect(expectBoxesWhereDrawn(pdf, signatureFields)).toEqual([]);
  });

  it("the unit trust deed from the library, with its sample answers", async () => {
    const root = join(import.meta.dirname, "../../../../templates");
    const loaded = loadTemplateFolder(root, "unit-trust-deed");
    if (!loaded.sampleAnswers) throw new Error("unit-trust-deed/sample-answers.json is missing");
    const document = await assemble(
      { definition: loaded.definition, body: loaded.body },
      loaded.sampleAnswers,
    );
    expect(document.signatureFields.length).toBeGreaterThan(1);
    // The boxes are on the last pages, not the first: the check reads the whole document.
    expect(Math.max(...document.signatureFields.map((field) => field.signature.page))).toBeGreaterThan(1);
    expectBoxesWhereDrawn(document.pdf, document.signatureFields);
  });

  it("fails for a box that is off by more than half a point", async () => {
    const { pdf, signatureFields } = await renderPdf(
      model([execution("Executed by Acme:", company(["Olivia Chen", "Marcus Webb"]))]),
    );
    const [first, second] = signatureFields;
    if (!first || !second) throw new Error("two fields expected");
    const moved = (box: PageBox, change: Partial<PageBox>): PageBox => ({ ...box, ...change });
    const wrong: SignatureField[][] = [
      [{ ...first, signature: moved(first.signature, { y: first.signature.y + 0.6 }) }, second],
      [{ ...first, signature: moved(first.signature, { x: first.signature.x - 0.6 }) }, second],
      [{ ...first, date: moved(first.date, { width: first.date.width + 0.6 }) }, second],
      [{ ...first, date: moved(first.date, { page: 2 }) }, second],
      // A box taller than drawn reaches up over the text above it.
      [{ ...first, signature: moved(first.signature, { y: first.signature.y - 30, height: 70 }) }, second],
      // A drawn box left unreported.
      [first],
    ];
    for (const fields of wrong) expect(() => expectBoxesWhereDrawn(pdf, fields)).toThrow();
    expect(expectBoxesWhereDrawn(pdf, signatureFields)).toEqual([]);
  });
});
