/**
 * The HTML preview: a standalone page that reads like the printed document. Every piece of text is
 * escaped and the page carries a content security policy that allows no scripts, no fetches and no
 * frames, so a preview is safe to show even if a template or an answer were hostile.
 */
import {
  type Block,
  contentsEntries,
  type DocumentModel,
  type Run,
  signatureAddress,
  signatureCaption,
  signatureName,
} from "../model.ts";
import type { Signatory } from "../signers.ts";

/** A witness's address line, if the signatory is a witness. */
function addressHtml(signatory: Signatory): string {
  const address = signatureAddress(signatory);
  return address === undefined ? "" : `<p>${escapeHtml(address)}</p>`;
}

const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = /[&<>"']/g;
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML content and attribute values. Most runs of a deed hold none of these (its
 * quotes and apostrophes are typographic by now), so the text is scanned once and, if clean, given
 * back as it is: five replacements in a row, each a scan and a copy, made the SMSF deed's preview
 * p50 3.2–3.4 ms against 2.9 ms now (2026-12-03, one core).
 */
export function escapeHtml(text: string): string {
  if (!HTML_SPECIAL.test(text)) return text;
  return text.replace(HTML_SPECIALS, (character) => HTML_ENTITIES[character] ?? character);
}

const STYLE = `
:root { color-scheme: light; }
body { margin: 0; background: #f3f3f3; }
.document { box-sizing: border-box; max-width: 210mm; margin: 0 auto; padding: 25mm 22mm; background: #fff;
  font: 11pt/1.4 "Times New Roman", "Liberation Serif", Times, serif; color: #111; }
h1.title { font-size: 16pt; text-align: center; text-transform: uppercase; margin: 0 0 18pt; }
h2.heading { font-size: 12pt; margin: 18pt 0 6pt; }
h3.heading { font-size: 11pt; margin: 12pt 0 6pt; }
p { margin: 0 0 6pt; }
.indent-1 { margin-left: 10mm; } .indent-2 { margin-left: 20mm; } .indent-3 { margin-left: 30mm; }
.clause { display: flex; margin: 0 0 6pt; }
.clause .number { flex: none; }
.clause-heading { font-size: 11pt; font-weight: bold; margin-top: 12pt; }
.clause-1 .number, .clause-2 .number { width: 12.7mm; }
.clause-3 { padding-left: 12.7mm; } .clause-3 .number { width: 10mm; }
.clause-4 { padding-left: 22.7mm; } .clause-4 .number { width: 10mm; }
.contents-entry { display: flex; margin: 0 0 2pt; } .contents-entry .number { flex: none; width: 12.7mm; }
.contents-1 { font-weight: bold; margin-top: 6pt; }
.item { display: flex; } .item .number { flex: none; width: 7mm; }
.cover { break-after: page; text-align: center; padding-top: 60mm; }
.cover-title { font-size: 20pt; font-weight: bold; text-transform: uppercase; margin-bottom: 24pt; }
.cover-and { margin: 6pt 0; }
.recital { display: flex; } .recital .number { flex: none; width: 12.7mm; }
.depth-1 { padding-left: 7mm; } .depth-2 { padding-left: 14mm; } .depth-3 { padding-left: 21mm; }
table { border-collapse: collapse; width: 100%; margin: 6pt 0 10pt; }
th, td { border: 0.5pt solid #444; padding: 3pt 5pt; text-align: left; vertical-align: top; }
th { background: #eee; }
hr { border: 0; border-top: 0.5pt solid #444; margin: 12pt 0; }
.page-break { break-after: page; border-top: 1px dashed #bbb; margin: 18pt 0; }
.schedule { break-before: page; text-align: center; font-size: 12pt; margin: 24pt 0 12pt; }
.execution { break-inside: avoid; margin: 12pt 0 18pt; }
.signatories { display: grid; grid-template-columns: 1fr 1fr; gap: 10pt 14mm; margin-top: 8pt; }
.signature-box { height: 36pt; border-bottom: 0.75pt solid #111; }
.signatory p { margin: 2pt 0 0; font-size: 10pt; }
.footer { max-width: 210mm; margin: 0 auto 20mm; padding: 4mm 22mm; font: 9pt "Times New Roman", serif; color: #555; }
@media print { body { background: #fff; } .footer { display: none; } .page-break { border: 0; margin: 0; } }
`;

const runsHtml = (runs: readonly Run[]): string =>
  runs
    .map((run) => {
      if (!("text" in run)) return "<br>";
      let html = escapeHtml(run.text);
      if (run.underline) html = `<u>${html}</u>`;
      if (run.italic) html = `<em>${html}</em>`;
      if (run.bold) html = `<strong>${html}</strong>`;
      if (run.highlight) html = `<mark>${html}</mark>`;
      return html;
    })
    .join("");

function blockHtml(block: Block, index: number, blocks: readonly Block[]): string {
  switch (block.type) {
    case "contents": {
      // The preview has no pages: the contents list the headings only.
      const entries = contentsEntries(blocks, index)
        .map(
          (entry) =>
            `<p class="contents-entry contents-${entry.depth}"><span class="number">${escapeHtml(entry.label)}</span><span>${escapeHtml(entry.title)}</span></p>`,
        )
        .join("");
      return `<nav class="contents"><h2 class="heading">${runsHtml(block.title)}</h2>${entries}</nav>`;
    }
    case "title":
      return `<h1 class="title">${runsHtml(block.runs)}</h1>`;
    case "heading":
      return block.level === 1
        ? `<h2 class="heading">${runsHtml(block.runs)}</h2>`
        : `<h3 class="heading">${runsHtml(block.runs)}</h3>`;
    case "paragraph":
      if (block.label !== undefined)
        return `<p class="recital"><span class="number">${escapeHtml(block.label)}</span><span>${runsHtml(block.runs)}</span></p>`;
      return `<p${block.indent > 0 ? ` class="indent-${Math.min(block.indent, 3)}"` : ""}>${runsHtml(block.runs)}</p>`;
    case "clause": {
      const tag = block.heading ? "h2" : "p";
      return `<${tag} class="clause clause-${block.level}${block.heading ? " clause-heading" : ""}" data-clause="${escapeHtml(block.reference)}"><span class="number">${escapeHtml(block.label)}</span><span>${runsHtml(block.runs)}</span></${tag}>`;
    }
    case "list":
      return `<div class="list">${block.items
        .map(
          (item) =>
            `<p class="item depth-${Math.min(item.depth, 3)}"><span class="number">${escapeHtml(item.label)}</span><span>${runsHtml(item.runs)}</span></p>`,
        )
        .join("")}</div>`;
    case "table": {
      const head = block.header
        ? `<thead><tr>${block.header.map((cell) => `<th>${runsHtml(cell)}</th>`).join("")}</tr></thead>`
        : "";
      const body = block.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${runsHtml(cell)}</td>`).join("")}</tr>`)
        .join("");
      return `<table>${head}<tbody>${body}</tbody></table>`;
    }
    case "cover":
      return `<section class="cover"><p class="cover-title">${escapeHtml(block.title)}</p>${block.parties
        .map(
          (party, index) =>
            `${index > 0 ? '<p class="cover-and">and</p>' : ""}<p class="cover-party">${escapeHtml(party)}</p>`,
        )
        .join("")}</section>`;
    case "pageBreak":
      return '<div class="page-break"></div>';
    case "rule":
      return "<hr>";
    case "schedule":
      return `<h2 class="schedule">Schedule ${block.number}${block.title.length > 0 ? `<br>${runsHtml(block.title)}` : ""}</h2>`;
    case "execution": {
      const signatories = block.block.signatories
        .map(
          (signatory) =>
            `<div class="signatory" data-meta-key="${escapeHtml(signatory.metaKey)}" data-date-key="${escapeHtml(signatory.dateKey)}"><div class="signature-box"></div><p>${escapeHtml(signatureCaption(signatory))}</p><p>${escapeHtml(signatureName(signatory))}</p>${addressHtml(signatory)}<p>Date:</p></div>`,
        )
        .join("");
      return `<div class="execution"><p>${runsHtml(block.leadIn)}</p><div class="signatories">${signatories}</div></div>`;
    }
  }
}

/** Renders the document as a standalone, script-free HTML page for previewing. */
export function renderHtml(document: DocumentModel): string {
  // One join of every piece: the page is some 180 kB of two-byte text (its typographic quotes), and
  // joining the body first and the page around it copied it twice.
  const body = document.blocks.map((block, index, blocks) => blockHtml(block, index, blocks));
  return [
    "<!doctype html>",
    '<html lang="en-AU">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(document.title)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    '<article class="document">',
    ...body,
    "</article>",
    `<footer class="footer">${escapeHtml(document.title)}</footer>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
