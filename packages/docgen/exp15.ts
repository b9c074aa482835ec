import { assemble } from "./src/assemble.ts";
import { loadFixture } from "./src/testing/fixtures.ts";
import { readPdf } from "./src/testing/pdf.ts";

const f = loadFixture("services");
const a = await assemble(f.template, f.answers);
const nda = loadFixture("nda");
await assemble(nda.template, {
  ...nda.answers,
  purpose: "**not bold** ::pagebreak #. [#definitions] <b>&amp;</b> Ünïcödé",
});
const b = await assemble(f.template, f.answers);
console.log(
  "same pdf",
  Buffer.from(a.pdf).equals(Buffer.from(b.pdf)),
  "same docx",
  Buffer.from(a.docx).equals(Buffer.from(b.docx)),
);
for (const d of [a, b]) {
  const t = readPdf(d.pdf).pages.join("\n").replace(/\s+/g, " ");
  const i = t.lastIndexOf("Transition closed");
  console.log(JSON.stringify(t.slice(i - 30, i + 60)));
}
