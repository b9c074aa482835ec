import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The static import graph of a source folder and its cycles, read with the TypeScript compiler's
 * parser (already in the tree) rather than a new dependency. Only relative imports are followed:
 * a package is never part of a cycle of ours. Dynamic `import()` is left out, since it loads later
 * and cannot make a start-up cycle; `import type` and `export type` are edges of their own kind.
 */
export type ImportEdge = { to: string; typeOnly: boolean };

const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" ? [] : sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The file an import names, as Node (`./x.ts`) or the bundler (`./x`, `./x/index`) finds it. */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
}

/** Each file (relative to `dir`) and the files it imports, marked type-only where they are. */
export function importGraph(dir: string): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    const edges: ImportEdge[] = [];
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(statement)) {
        specifier = statement.moduleSpecifier;
        const clause = statement.importClause;
        const named = clause?.namedBindings;
        // `import type {…}`, or `import { type A, type B }` with nothing else: erased at build.
        typeOnly =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              !!named &&
              ts.isNamedImports(named) &&
              named.elements.length > 0 &&
              named.elements.every((e) => e.isTypeOnly)));
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
        specifier = statement.moduleSpecifier;
        const clause = statement.exportClause;
        typeOnly =
          statement.isTypeOnly ||
          (!!clause &&
            ts.isNamedExports(clause) &&
            clause.elements.length > 0 &&
            clause.elements.every((e) => e.isTypeOnly));
      }
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue;
      const target = resolve(file, specifier.text);
      if (target) edges.push({ to: path.relative(dir, target), typeOnly });
    }
    graph.set(path.relative(dir, file), edges);
  }
  return graph;
}

/**
 * The import cycles: each strongly connected set of files (Tarjan's algorithm), sorted, with a
 * file that imports itself counted as a set of one. `valueOnly` leaves out type-only edges.
 */
export function importCycles(graph: Map<string, ImportEdge[]>, valueOnly = false): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const next = (file: string) =>
    (graph.get(file) ?? []).filter((e) => !(valueOnly && e.typeOnly)).map((e) => e.to);
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const to of next(file)) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    if (members.length > 1 || next(file).includes(file)) cycles.push(members.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}
