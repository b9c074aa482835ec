/**
 * Benchmark: assemble the library's benchmark template (templates/library.json names it: the longest
 * template of the library) from its sample answers to Word, PDF and HTML, N times in a row in one
 * process, and print p50 / p99 wall time, CPU time and peak RSS over those N assemblies. Then, as many
 * times again, each step on its own (the document model, the PDF, the Word file, the HTML), for where
 * the time goes; and a hello-world document (one sentence) assembled in the same run, the floor any
 * assembly pays, read beside the figures as the machine's speed at the time. If LibreOffice is
 * installed, it also times LibreOffice converting our Word file to PDF, as the ratio to a whole assembly.
 *
 *   npm run bench:assemble                                    (200 runs of the benchmark template)
 *   npx tsx packages/docgen/bench/assemble.ts [runs=200] [template folder or fixture name]
 *   taskset -c 0 npx tsx packages/docgen/bench/assemble.ts    (pinned to one core, on Linux)
 *
 * A second argument names another folder of templates/ or of the engine's test-fixtures/ (say
 * `services`). It prints figures and never fails on time. CPU time is printed beside wall time because
 * a shared machine's wall time mostly measures the other processes: compare the load average it prints.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type AssembledDocument, assemble, buildDocument, type Template } from "../src/assemble.ts";
import { renderDocx } from "../src/renderers/docx.ts";
import { renderHtml } from "../src/renderers/html.ts";
import { renderPdf } from "../src/renderers/pdf.ts";
import { parseInterview } from "../src/schema.ts";

const runs = Number(process.argv[2] ?? 200);
const warmup = 20;
const LIBRARY = join(import.meta.dirname, "..", "..", "..", "templates");
const FIXTURES = join(import.meta.dirname, "..", "test-fixtures");
const name =
  process.argv[3] ??
  (JSON.parse(readFileSync(join(LIBRARY, "library.json"), "utf8")) as { benchmark: string }).benchmark;
// A library template keeps its answers in sample-answers.json; an engine fixture in answers.json.
const folder = existsSync(join(LIBRARY, name, "interview.yaml")) ? join(LIBRARY, name) : join(FIXTURES, name);
const answersFile = existsSync(join(folder, "sample-answers.json")) ? "sample-answers.json" : "answers.json";
const template: Template = {
  definition: parseInterview(readFileSync(join(folder, "interview.yaml"), "utf8")),
  body: readFileSync(join(folder, "template.md"), "utf8"),
};
const sampleAnswers = JSON.parse(readFileSync(join(folder, answersFile), "utf8"));

/**
 * The sample answers as another client would give them: every word of every name (people's,
 * companies', the fund's) changed the same way everywhere it appears, differently for each run. The
 * engine keeps paragraphs' lines across documents (pdf-layout.ts, `SharedLines`): assembling the same
 * answers 200 times would measure only what that keeps, not a morning of different clients' deeds.
 */
function answersOfClient(run: number): Parameters<typeof assemble>[1] {
  const words = new Set<string>();
  const collect = (value: unknown, key: string) => {
    if (typeof value === "string" && /(^|_)name$/.test(key)) {
      for (const word of value.split(/\s+/)) if (/^[A-Z][a-z]{2,}$/.test(word)) words.add(word);
    } else if (Array.isArray(value)) {
      for (const item of value) collect(item, key);
    } else if (value && typeof value === "object") {
      for (const [name, inner] of Object.entries(value)) collect(inner, name);
    }
  };
  collect(sampleAnswers, "");
  if (words.size === 0) return sampleAnswers;
  // Run 0 "a", 25 "z", 26 "ba", …: the suffix makes each run's names its own, and their widths differ.
  let suffix = "";
  for (let rest = run; suffix === "" || rest > 0; rest = Math.floor(rest / 26)) {
    suffix = String.fromCharCode(97 + (rest % 26)) + suffix;
  }
  const pattern = new RegExp(`\\b(${[...words].join("|")})\\b`, "g");
  return JSON.parse(JSON.stringify(sampleAnswers).replace(pattern, (word) => `${word}${suffix}`));
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const format = (value: number) => value.toFixed(1);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Wall and CPU time (user + system of the process) of each call, in ms. */
type Timings = { readonly wall: number[]; readonly cpu: number[] };
const timings = (): Timings => ({ wall: [], cpu: [] });

/** Runs `step`, adding its times to `into` (when given). */
async function timed<T>(step: () => T | Promise<T>, into: Timings | undefined): Promise<T> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const result = await step();
  const elapsed = performance.now() - start;
  const used = process.cpuUsage(cpuStart);
  into?.wall.push(elapsed);
  into?.cpu.push((used.user + used.system) / 1000);
  return result;
}

const summary = (label: string, times: Timings): string => {
  const wall = [...times.wall].sort((a, b) => a - b);
  const cpu = [...times.cpu].sort((a, b) => a - b);
  return `${label.padEnd(28)}${format(percentile(wall, 50)).padStart(9)}${format(percentile(wall, 99)).padStart(9)}${format(percentile(cpu, 50)).padStart(9)}${format(percentile(cpu, 99)).padStart(9)}`;
};

// The whole assembly, as the server calls it; peak RSS is read over these runs.
const startRss = process.memoryUsage().rss;
let peakRss = startRss;
// What the process held when its RSS peaked: V8's heap (and how much of it was live at the last
// collection), and memory outside it (buffers). What is left of the RSS is code, the allocator's
// free lists and the rest of the process.
let atPeak = process.memoryUsage();
let last: AssembledDocument | undefined;
const whole = timings();
for (let index = 0; index < warmup + runs; index++) {
  const answers = answersOfClient(index);
  last = await timed(() => assemble(template, answers), index >= warmup ? whole : undefined);
  const memory = process.memoryUsage();
  if (memory.rss > peakRss) {
    peakRss = memory.rss;
    atPeak = memory;
  }
}

// Each step on its own, in assemble's order (the PDF first: the Word file takes its contents' pages).
const steps = { model: timings(), pdf: timings(), docx: timings(), html: timings() };
for (let index = 0; index < warmup + runs; index++) {
  const into = <T extends Timings>(times: T) => (index >= warmup ? times : undefined);
  // Other clients again (numbered after the whole assemblies'), so no step meets names it has seen.
  const answers = answersOfClient(warmup + runs + index);
  const document = await timed(() => buildDocument(template, answers), into(steps.model));
  const rendered = await timed(() => renderPdf(document), into(steps.pdf));
  const contentsPages = new Map(rendered.outline.map((entry) => [entry.block, entry.page]));
  const { breakBefore, executionSpacing } = rendered;
  await timed(() => renderDocx(document, { contentsPages, breakBefore, executionSpacing }), into(steps.docx));
  await timed(() => renderHtml(document), into(steps.html));
}

// Hello world: the smallest document, assembled as many times, in the same run.
const hello: Template = {
  definition: parseInterview("title: Hello\nquestions:\n  - id: name\n    type: text\n    label: Name\n"),
  body: "# Hello\n\nHello, {{ name }}.\n",
};
const helloTimes = timings();
for (let index = 0; index < warmup + runs; index++) {
  await timed(() => assemble(hello, { name: "world" }), index >= warmup ? helloTimes : undefined);
}

console.log(
  `${name}: assembled ${runs} times after ${warmup} warm-up runs, each with its own clients' names: ${last?.pageCount} pages; Word ${((last?.docx.byteLength ?? 0) / 1024).toFixed(0)} kB, PDF ${((last?.pdf.byteLength ?? 0) / 1024).toFixed(0)} kB, HTML ${((last?.html.length ?? 0) / 1024).toFixed(0)} kB`,
);
console.log(
  `${"ms".padEnd(28)}${"p50".padStart(9)}${"p99".padStart(9)}${"cpu p50".padStart(9)}${"cpu p99".padStart(9)}`,
);
console.log(summary("whole assembly (3 formats)", whole));
console.log(summary("  document model", steps.model));
console.log(summary("  PDF", steps.pdf));
console.log(summary("  Word", steps.docx));
console.log(summary("  HTML", steps.html));
console.log(summary("hello world (1 page)", helloTimes));
console.log(
  `peak RSS ${megabytes(peakRss)} over the ${warmup + runs} whole assemblies (${megabytes(startRss)} before the first)`,
);
console.log(
  `  at the peak: V8 heap ${megabytes(atPeak.heapTotal)} (${megabytes(atPeak.heapUsed)} in use), outside it ${megabytes(atPeak.external)} (array buffers ${megabytes(atPeak.arrayBuffers)})`,
);
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")} on this machine`,
);
const wall = [...whole.wall].sort((a, b) => a - b);

// LibreOffice converting our Word file to PDF: the pipeline this engine replaces.
const office = ["soffice", "libreoffice"].find((command) => {
  try {
    execFileSync("which", [command], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
});
if (office && last) {
  const directory = mkdtempSync(join(tmpdir(), "docgen-bench-"));
  try {
    const input = join(directory, "document.docx");
    writeFileSync(input, last.docx);
    const times: number[] = [];
    for (let index = 0; index < 5; index++) {
      const start = performance.now();
      execFileSync(office, ["--headless", "--convert-to", "pdf", "--outdir", directory, input], {
        stdio: "ignore",
      });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const libreOffice = percentile(times, 50);
    console.log(
      `LibreOffice DOCX → PDF p50 ${format(libreOffice)} ms: ${format(libreOffice / percentile(wall, 50))}× a whole assembly`,
    );
    // The page count LibreOffice gives our Word file, beside our PDF's (they should agree within one).
    const output = join(directory, "document.pdf");
    let pages: number;
    try {
      pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [output], { encoding: "utf8" }))?.[1]);
    } catch {
      // Without poppler: the page tree's count, when the file keeps it outside object streams.
      const converted = readFileSync(output, "latin1");
      pages = Number(/\/Type\s*\/Pages\b[^>]*?\/Count (\d+)/.exec(converted)?.[1] ?? Number.NaN);
    }
    console.log(`LibreOffice opens the Word file at ${pages} pages; our PDF has ${last.pageCount}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
} else {
  console.log("LibreOffice is not installed here: no comparison");
}
