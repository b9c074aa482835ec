import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImportEdge, importCycles, importGraph } from "./import-graph.ts";

/**
 * No import cycle, of values or of types, in the server's or the web app's source (issue 36). Biome's
 * `noImportCycles` sees value imports only (biome.json ignores types); a type cycle still ties the
 * files' meaning together, and it is how one routes file importing `services.ts` made one circle of
 * 88 files. The web app is also read a level up, one node per feature folder, where its cycles were.
 */
const root = path.resolve(import.meta.dirname, "../../../..");
const serverSrc = path.join(root, "apps/server/src");
const webSrc = path.join(root, "apps/web/src");
// Each tree is read once, by the first test that needs it.
let serverGraph: Map<string, ImportEdge[]> | undefined;
let webGraph: Map<string, ImportEdge[]> | undefined;
const server = () => (serverGraph ??= importGraph(serverSrc));
const web = () => (webGraph ??= importGraph(webSrc));

/** The graph with each feature folder as one node (imports inside a feature left out). */
function byFeature(graph: Map<string, ImportEdge[]>): Map<string, ImportEdge[]> {
  const feature = (file: string) => /^features\/[^/]+/.exec(file)?.[0] ?? file;
  const folded = new Map<string, ImportEdge[]>();
  for (const [file, edges] of graph) {
    const from = feature(file);
    const list = folded.get(from) ?? [];
    for (const edge of edges) if (feature(edge.to) !== from) list.push({ ...edge, to: feature(edge.to) });
    folded.set(from, list);
  }
  return folded;
}

describe("import cycles", () => {
  it("finds a cycle of values and one of types, and none where there is none", () => {
    const graph = new Map<string, ImportEdge[]>([
      ["a.ts", [{ to: "b.ts", typeOnly: false }]],
      ["b.ts", [{ to: "a.ts", typeOnly: false }]],
      ["c.ts", [{ to: "d.ts", typeOnly: false }]],
      ["d.ts", [{ to: "e.ts", typeOnly: true }]],
      ["e.ts", [{ to: "c.ts", typeOnly: false }]],
      ["f.ts", [{ to: "a.ts", typeOnly: false }]],
    ]);
    expect(importCycles(graph)).toEqual([
      ["a.ts", "b.ts"],
      ["c.ts", "d.ts", "e.ts"],
    ]);
    expect(importCycles(graph, true)).toEqual([["a.ts", "b.ts"]]);
  });

  it("reads the server's imports, type-only ones included", () => {
    const graph = server();
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("app.ts")).toContainEqual({ to: "services.ts", typeOnly: true });
    expect(graph.get("main.ts")).toContainEqual({ to: "services.ts", typeOnly: false });
  });

  it("has none in apps/server/src", () => {
    expect(importCycles(server())).toEqual([]);
  });

  it("has none in apps/web/src, file by file", () => {
    expect(importCycles(web())).toEqual([]);
  });

  it("has none between the web's feature folders", () => {
    expect(importCycles(byFeature(web()))).toEqual([]);
  });
});
