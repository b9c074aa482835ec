import { ProductListQuery } from "@precedent/contracts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { CatalogueService } from "../catalogue/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import { createTemplateFinder, type FinderEntry, type TemplateFinder } from "./finder.ts";

/** How long a finder built from the catalogue is used before the catalogue is read again. */
export const CATALOGUE_REREAD_MS = 60_000;

export type CatalogueEntries = { finder(): Promise<TemplateFinder> };

/**
 * The finder over the catalogue as every signed-in person sees it (published products outside
 * hidden categories, through the catalogue's own list), for templates the library can interview.
 * Plans decide what a firm may start, not what it sees, so one finder serves every firm; the start
 * applies the plan. Read again from the catalogue at most once a minute, beside the messages (they
 * use the finder in hand meanwhile), so a product the operator adds is found within a minute or so.
 */
export function createCatalogueEntries(deps: {
  catalogue: Pick<CatalogueService, "list" | "faq" | "get" | "templatesOf">;
  templates: TemplateLibrary;
  clock: Clock;
}): CatalogueEntries {
  const { catalogue, templates, clock } = deps;
  let built: { at: number; finder: Promise<TemplateFinder> } | undefined;

  async function read(): Promise<TemplateFinder> {
    const entries: FinderEntry[] = [];
    for (let page = 1; ; page++) {
      const list = await catalogue.list(ProductListQuery.parse({ page, per_page: 100 }));
      // A product made in the console has a key of its own and names the template it assembles.
      const assembled = await catalogue.templatesOf(list.rows.map((product) => product.id));
      for (const product of list.rows) {
        const templateIdentifier = assembled.get(product.id) ?? product.template_identifier;
        if (!(await templates.get(templateIdentifier))) continue;
        const faq = await catalogue.faq(product.id);
        entries.push({
          id: product.id,
          name: product.name,
          templateIdentifier,
          shortDescription: product.short_description,
          description: product.description,
          categories: product.categories.map((c) => c.name),
          faq: faq.map((f) => `${f.question} ${f.answer}`),
        });
      }
      if (page >= list.total_page) break;
    }
    return createTemplateFinder(entries);
  }

  return {
    finder() {
      const now = clock().getTime();
      if (!built) {
        const finder = read();
        built = { at: now, finder };
        // A failed first read is not kept: the next message tries again.
        finder.catch(() => {
          if (built?.finder === finder) built = undefined;
        });
        return finder;
      }
      if (now - built.at > CATALOGUE_REREAD_MS) {
        // Stale: answer from the finder in hand and read the catalogue again beside it, so no
        // message waits for the re-read; a failed re-read keeps the old finder.
        const current = built;
        current.at = now;
        read().then(
          (fresh) => {
            if (built === current) built = { at: clock().getTime(), finder: Promise.resolve(fresh) };
          },
          () => {},
        );
      }
      return built.finder;
    },
  };
}
