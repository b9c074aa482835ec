import type { LibraryTemplate } from "@precedent/docgen/library";
import type { FinderEntry } from "./finder.ts";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Finder entries straight from the template library's catalogue.json files (what the catalogue
 * seeds its products from), numbered in order: for the finder's test and benchmark, which run
 * without a database. The chat itself reads the firm's catalogue (`catalogue-entries.ts`).
 */
export function finderEntriesFromLibrary(templates: readonly LibraryTemplate[]): FinderEntry[] {
  return templates.map((template, index) => {
    const c = template.catalogue;
    const faq = Array.isArray(c.faq) ? (c.faq as { question?: unknown; answer?: unknown }[]) : [];
    return {
      id: index + 1,
      name: text(c.name),
      templateIdentifier: template.identifier,
      shortDescription: text(c.short_description),
      description: text(c.description),
      categories: [text(c.category)],
      faq: faq.map((f) => `${text(f.question)} ${text(f.answer)}`),
    };
  });
}
