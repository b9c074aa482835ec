import path from "node:path";
import { type LibraryTemplate, loadTemplateLibrary } from "@precedent/docgen/library";

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
 *
 * Each entry is `{ identifier, definition, body, catalogue, sampleAnswers }`; treat it as read-only
 * (it is shared by every request).
 */
export type TemplateLibrary = {
  /** The folder it reads (worker threads read the same templates from it). */
  readonly root: string;
  get(identifier: string): LibraryTemplate | undefined;
  list(): readonly LibraryTemplate[];
};

const loaded = new Map<string, Map<string, LibraryTemplate>>();

/**
 * The library in `root` (default the starter library). It is read on first use (parsing every
 * interview takes most of a second, which servers that never open an interview need not pay) and
 * then kept for the process: every later call for the same folder reuses it.
 */
export function createTemplateLibrary(root = STARTER_TEMPLATES_DIR): TemplateLibrary {
  const byIdentifier = () => {
    let templates = loaded.get(root);
    if (!templates) {
      templates = new Map(loadTemplateLibrary(root).map((t) => [t.identifier, t]));
      loaded.set(root, templates);
    }
    return templates;
  };
  return {
    root,
    get: (identifier) => byIdentifier().get(identifier),
    list: () => [...byIdentifier().values()],
  };
}

/** The catalogue name of a template (documents' `template_name`). */
export const templateName = (template: LibraryTemplate) =>
  typeof template.catalogue.name === "string" ? template.catalogue.name : template.definition.title;
