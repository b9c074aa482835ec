import { readFile } from "node:fs/promises";
import path from "node:path";
import { type LibraryTemplate, loadTemplateLibrary, templateFromFiles } from "@precedent/docgen/library";
import type { Database } from "../../db/client.ts";
import type { ChangeFeed } from "../../platform/freshness/index.ts";
import {
  catalogueTextOf,
  contentHashOf,
  currentVersionOf,
  engineFiles,
  newTemplateRows,
  type VersionedTemplate,
  versionRow,
} from "./versions.ts";

export type { LibraryTemplate };

/** The repository's starter library (templates/ at the root). */
export const STARTER_TEMPLATES_DIR = path.resolve(import.meta.dirname, "../../../../../templates");

/**
 * The template library the server serves, by identifier (documents keep it as `x_template_id`;
 * their `template_name` is the catalogue name). A template at a version is its files: version 1
 * of a starter template is its folder under templates/; every other version, and version 1 of a
 * template uploaded as new in the console, is a `template_versions` row. Later versions keep
 * version 1's catalogue entry.
 *
 * - `get(identifier)`: a template firms may use, as the catalogue, the assistant and signing read
 *   it, or undefined. A starter answers its folder (version 1: catalogue entries, names and the
 *   assistant's reading are not part of an upload); a template uploaded as new answers only once
 *   a version of it is published, and then at that version (it has no folder to stand for it).
 *   `{ unpublished: true }` (the console) also answers a new template never published.
 * - `list()`: every such template, sorted by identifier.
 * - `at(identifier, version)`: the template as it was at one version (what a document records).
 * - `current(identifier)`: the template at its current (published) version.
 *
 * Each entry is shared by every request; treat it as read-only. An uploaded version carries its
 * files (`uploaded`), which worker threads assemble from. A caller inside a transaction passes it
 * (`db`) for the library's reads: on PGlite a read beside an open transaction waits for it.
 */
export type TemplateLibrary = {
  /** The starter folders (worker threads read a starter's version 1 from them). */
  readonly root: string;
  /**
   * The starter folders themselves, as read (no database): what the catalogue is seeded from,
   * the company kit's fixed templates, the demo and the library's own tests. Not what firms may
   * use (that is `get`/`list`).
   */
  starter(identifier: string): LibraryTemplate | undefined;
  starters(): readonly LibraryTemplate[];
  get(identifier: string, options?: ReadOptions): Promise<VersionedTemplate | undefined>;
  list(options?: ReadOptions): Promise<readonly VersionedTemplate[]>;
  at(identifier: string, version: number | null, db?: Database): Promise<VersionedTemplate | undefined>;
  current(identifier: string): Promise<VersionedTemplate | undefined>;
};

type ReadOptions = { unpublished?: boolean; db?: Database };

const loaded = new Map<string, Map<string, LibraryTemplate>>();

/** The starter folders of `root`, read on first use and kept for the process. */
function startersIn(root: string) {
  let templates = loaded.get(root);
  if (!templates) {
    templates = new Map(loadTemplateLibrary(root).map((t) => [t.identifier, t]));
    loaded.set(root, templates);
  }
  return templates;
}

/**
 * The library in `root` (default the starter library). The folders are read on first use
 * (parsing every interview takes most of a second, which servers that never open an interview
 * need not pay) and then kept for the process.
 */
export function createTemplateLibrary(
  root = STARTER_TEMPLATES_DIR,
  /**
   * Where uploaded versions are kept; without it, only the starters, each at version 1. With a
   * change feed, which new templates exist is kept in memory while the catalogue is unchanged
   * (a version's status changing is announced as the catalogue's: migration 0073).
   */
  versions?: { db: Database; changes?: Pick<ChangeFeed, "mark" | "catalogueUnchangedSince"> | undefined },
): TemplateLibrary {
  const starters = () => startersIn(root);
  // An uploaded version never changes, so once parsed it is kept for the process, by its identifier,
  // its template's generation (a new template deleted and uploaded again is another) and number.
  const parsed = new Map<string, VersionedTemplate>();
  type NewTemplates = ReadonlyMap<string, { published: number | null; generation: number }>;
  const none: NewTemplates = new Map();
  // Kept as the map every read looks in, made once per change of the catalogue (not once per read).
  let kept: { mark: number; templates: NewTemplates } | undefined;

  /** Templates uploaded as new: identifier → their published version (null: none yet) and generation. */
  async function newTemplates(db: Database | undefined): Promise<NewTemplates> {
    if (!versions) return none;
    const { changes } = versions;
    if (!kept || !changes?.catalogueUnchangedSince(kept.mark)) {
      const mark = changes?.mark() ?? 0;
      const rows = await newTemplateRows(db ?? versions.db);
      kept = {
        mark,
        templates: new Map(
          rows.map((r) => [r.identifier, { published: r.published, generation: r.generation }]),
        ),
      };
    }
    return kept.templates;
  }

  async function at(
    identifier: string,
    version: number | null,
    db?: Database,
  ): Promise<VersionedTemplate | undefined> {
    const starter = starters().get(identifier);
    if (starter && (version === null || version <= 1 || !versions)) return { ...starter, version: 1 };
    if (!versions) return undefined;
    const number = version ?? 1;
    // A starter's versions are never deleted (generation 0); a new template's is its version 1's row.
    const generation = starter ? 0 : (await newTemplates(db)).get(identifier)?.generation;
    if (generation === undefined) return undefined;
    const key = `${identifier}#${generation}@${number}`;
    const found = parsed.get(key);
    if (found) return found;
    const reader = db ?? versions.db;
    const row = await versionRow(reader, identifier, number);
    if (!row) return undefined;
    // Version 1's catalogue entry: the starter's folder, or the new template's first row.
    const catalogue = starter
      ? JSON.stringify(starter.catalogue)
      : (row.catalogue ?? catalogueTextOf(await versionRow(reader, identifier, 1)));
    if (catalogue === undefined) return undefined;
    const files = engineFiles(row, catalogue);
    const template: VersionedTemplate = {
      ...templateFromFiles(identifier, files),
      version: number,
      uploaded: { contentHash: contentHashOf(files), files },
    };
    parsed.set(key, template);
    return template;
  }

  async function get(identifier: string, options: ReadOptions = {}) {
    const starter = starters().get(identifier);
    if (starter) return { ...starter, version: 1 };
    const published = (await newTemplates(options.db)).get(identifier)?.published;
    if (published === undefined) return undefined;
    if (published === null) return options.unpublished ? at(identifier, 1, options.db) : undefined;
    return at(identifier, published, options.db);
  }

  return {
    root,
    starter: (identifier) => starters().get(identifier),
    starters: () => [...starters().values()],
    get,
    async list(options = {}) {
      const identifiers = new Set([...starters().keys(), ...(await newTemplates(options.db)).keys()]);
      const found = await Promise.all([...identifiers].sort().map((identifier) => get(identifier, options)));
      return found.filter((t): t is VersionedTemplate => t !== undefined);
    },
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
 * compares): a starter's folder files for its version 1, the uploaded row's otherwise.
 */
export async function versionTexts(
  library: TemplateLibrary,
  db: Database,
  identifier: string,
  version: number,
): Promise<{ interview: string; body: string } | undefined> {
  const starter = await library.get(identifier);
  if (version <= 1 && starter && !starter.uploaded) {
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
