import { readFile } from "node:fs/promises";
import path from "node:path";
import { type LibraryTemplate, loadTemplateLibrary, templateFromFiles } from "@precedent/docgen/library";
import type { Database } from "../../db/client.ts";
import {
  contentHashOf,
  currentVersionOf,
  engineFiles,
  type VersionedTemplate,
  versionRow,
} from "./versions.ts";

export type { LibraryTemplate };

/** The repository's starter library (templates/ at the root). */
export const STARTER_TEMPLATES_DIR = path.resolve(import.meta.dirname, "../../../../../templates");

/**
 * The template library the server serves: every folder of a templates directory, read and parsed
 * once (docgen's loader, the same one the library's own tests use), by identifier — the folder
 * name, which documents keep as `x_template_id` (their `template_name` is the catalogue name).
 *
 * - `get(identifier)`: one template, or undefined for an unknown identifier.
 * - `list()`: every template, sorted by identifier.
 * - `at(identifier, version)`: the template as it was at one version (what a document records).
 * - `current(identifier)`: the template at its current (published) version.
 *
 * `get` and `list` answer the starter folders (version 1): the catalogue entry, name and the
 * assistant's reading of a template are not part of an upload. Assembly always goes through
 * `at` with the document's own version.
 *
 * Each entry is `{ identifier, definition, body, catalogue, sampleAnswers }`; treat it as read-only
 * (it is shared by every request).
 */
export type TemplateLibrary = {
  /** The folder it reads (worker threads read the same templates from it). */
  readonly root: string;
  get(identifier: string): LibraryTemplate | undefined;
  list(): readonly LibraryTemplate[];
  at(identifier: string, version: number | null): Promise<VersionedTemplate | undefined>;
  current(identifier: string): Promise<VersionedTemplate | undefined>;
};

const loaded = new Map<string, Map<string, LibraryTemplate>>();

/**
 * The library in `root` (default the starter library). It is read on first use (parsing every
 * interview takes most of a second, which servers that never open an interview need not pay) and
 * then kept for the process: every later call for the same folder reuses it.
 */
export function createTemplateLibrary(
  root = STARTER_TEMPLATES_DIR,
  /** Where uploaded versions are kept; without it, every template is at version 1. */
  versions?: { db: Database },
): TemplateLibrary {
  const byIdentifier = () => {
    let templates = loaded.get(root);
    if (!templates) {
      templates = new Map(loadTemplateLibrary(root).map((t) => [t.identifier, t]));
      loaded.set(root, templates);
    }
    return templates;
  };
  // An uploaded version never changes, so once parsed it is kept for the process.
  const parsed = new Map<string, VersionedTemplate>();
  async function at(identifier: string, version: number | null) {
    const starter = byIdentifier().get(identifier);
    if (!starter) return undefined;
    if (version === null || version <= 1 || !versions) return { ...starter, version: 1 };
    const key = `${identifier}@${version}`;
    const kept = parsed.get(key);
    if (kept) return kept;
    const row = await versionRow(versions.db, identifier, version);
    if (!row) return undefined;
    const files = engineFiles(row, starter);
    const template: VersionedTemplate = {
      ...templateFromFiles(identifier, files),
      version,
      uploaded: { contentHash: contentHashOf(files), files },
    };
    parsed.set(key, template);
    return template;
  }
  return {
    root,
    get: (identifier) => byIdentifier().get(identifier),
    list: () => [...byIdentifier().values()],
    at,
    current: async (identifier) =>
      at(identifier, versions ? await currentVersionOf(versions.db, identifier) : 1),
  };
}

/** The catalogue name of a template (documents' `template_name`). */
export const templateName = (template: LibraryTemplate) =>
  typeof template.catalogue.name === "string" ? template.catalogue.name : template.definition.title;

/**
 * The interview and body text of a template at one version, as written (what the console's diff
 * compares): the starter folder's files for version 1, the uploaded row's otherwise.
 */
export async function versionTexts(
  library: TemplateLibrary,
  db: Database,
  identifier: string,
  version: number,
): Promise<{ interview: string; body: string } | undefined> {
  if (version <= 1) {
    if (!library.get(identifier)) return undefined;
    const folder = path.join(library.root, identifier);
    const [interview, body] = await Promise.all([
      readFile(path.join(folder, "interview.yaml"), "utf8"),
      readFile(path.join(folder, "template.md"), "utf8"),
    ]);
    return { interview, body };
  }
  const row = await versionRow(db, identifier, version);
  return row && { interview: row.interview, body: row.body };
}
