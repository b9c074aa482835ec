/**
 * Benchmark: assemble the long fixture (10+ pages) to Word and PDF, N times in a row on one core,
 * and print p50 / p99 wall time, CPU time and peak RSS. Run: npx tsx packages/docgen/bench/assemble.ts [N]
 * Never a test: it prints figures and never fails on time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assemble } from "../src/assemble.ts";
import { parseInterview } from "../src/schema.ts";

const runs = Number(process.argv[2] ?? 200);
const warmup = 10;
const fixture = join(import.meta.dirname, "..", "test-fixtures", process.argv[3] ?? "services");
const template = {
  definition: parseInterview(readFileSync(join(fixture, "interview.yaml"), "utf8")),
  body: readFileSync(join(fixture, "template.md"), "utf8"),
};
const answers = JSON.parse(readFileSync(join(fixture, "answers.json"), "utf8"));

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

let pages = 0;
let peakRss = process.memoryUsage().rss;
const wall: number[] = [];
const cpu: number[] = [];
for (let index = 0; index < warmup + runs; index++) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const result = await assemble(template, answers);
  const elapsed = performance.now() - start;
  const used = process.cpuUsage(cpuStart);
  pages = result.pageCount;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (index >= warmup) {
    wall.push(elapsed);
    cpu.push((used.user + used.system) / 1000);
  }
}
wall.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const format = (value: number) => value.toFixed(1);
console.log(`assembled ${runs} times (after ${warmup} warm-up runs): ${pages} pages, DOCX + PDF + HTML`);
console.log(`p50 ${format(percentile(wall, 50))} ms`);
console.log(`p99 ${format(percentile(wall, 99))} ms`);
console.log(
  `cpu p50 ${format(percentile(cpu, 50))} ms, p99 ${format(percentile(cpu, 99))} ms (user + system)`,
);
console.log(`peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
