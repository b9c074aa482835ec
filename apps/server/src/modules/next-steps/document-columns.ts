import { NextStepsRowColumns } from "@precedent/contracts";
import { productMetaOfTemplates } from "../catalogue/index.ts";
import { type DocumentRowColumns, documentTemplateFacts } from "../documents/index.ts";
import { ANSWERS_READ, nextStepsOf } from "./rules.ts";
import type { NextStepLinks } from "./settings.ts";

/**
 * The next-step flags and links on each document row (documents spec §3), for the post-completion
 * dialog and the detail panel. Read from the documents' own rows (type, template, answers: their
 * changes move the lists already) and the catalogue's products (whose meta changes only when the
 * library is seeded at start), so no table of this module's own.
 */
export function nextStepsDocumentColumns(
  links: NextStepLinks,
): DocumentRowColumns<typeof NextStepsRowColumns> {
  return {
    name: "next-steps",
    schema: NextStepsRowColumns,
    tables: [],
    async read(db, teamId, docIds) {
      const docs = await documentTemplateFacts(db, teamId, docIds, [...ANSWERS_READ]);
      const meta = await productMetaOfTemplates(
        db,
        docs.flatMap((d) => (d.templateIdentifier ? [d.templateIdentifier] : [])),
      );
      return new Map(
        docs.map((doc) => [
          doc.id,
          nextStepsOf(
            {
              type: doc.type,
              meta: (doc.templateIdentifier && meta.get(doc.templateIdentifier)) || [],
              answers: doc.answers,
            },
            links,
          ),
        ]),
      );
    },
  };
}
