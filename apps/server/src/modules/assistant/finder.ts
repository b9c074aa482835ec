import MiniSearch, { type SearchOptions } from "minisearch";
import { QUERY_REWRITES, TEMPLATE_SYNONYMS } from "../templates/index.ts";

/**
 * The template finder: full-text search over the catalogue entries a firm may see, with the
 * words advisers use (the templates module's `synonyms.ts`), by MiniSearch (BM25 with per-field boosts, fuzzy and prefix
 * matching). The ranking settings below were tuned on `finder-labelled-set.ts`; its test and
 * `npm run bench:assistant` print top-1 and top-3 accuracy on that set.
 */

/** One catalogue entry as the finder reads it. */
export type FinderEntry = {
  readonly id: number;
  readonly name: string;
  readonly templateIdentifier: string;
  readonly shortDescription: string;
  readonly description: string;
  readonly categories: readonly string[];
  /** FAQ questions and answers, as plain text. */
  readonly faq: readonly string[];
};

export type FinderMatch = { readonly entry: FinderEntry; readonly score: number };

// Words that say what the person wants to do, not which document: they match every description.
const STOP_WORDS = new Set(
  (
    "a an and are as at be by can could do does for from get got has have help i i'd i'm in is it its " +
    "me my need needs of on or our please prepare some something that the their them they this to " +
    "up us want wants we what with would you your draft drafting document documents doc create make " +
    "client clients client's looking like just"
  ).split(" "),
);

/** Field weights: the synonyms and the name say most about a template, FAQ answers least. */
export const FINDER_BOOSTS = {
  name: 3,
  synonyms: 3.5,
  shortDescription: 1.2,
  categories: 1,
  faq: 0.4,
  description: 0.6,
} as const;

const FIELDS = Object.keys(FINDER_BOOSTS) as (keyof typeof FINDER_BOOSTS)[];

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z]+;/g, " ")
    .replace(/\s+/g, " ");

/** The short forms advisers type, spelled out (applied to entries and requests alike). */
export const expandShortForms = (text: string) =>
  QUERY_REWRITES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);

/** A light stemmer: plurals and possessives fold to one term ("directors'", "director"). */
function stem(term: string): string {
  let t = term.replace(/'s?$/, "");
  if (t.length > 4 && t.endsWith("ies")) t = `${t.slice(0, -3)}y`;
  else if (t.length > 3 && t.endsWith("s") && !t.endsWith("ss") && !t.endsWith("us")) t = t.slice(0, -1);
  return t;
}

const processTerm = (term: string) => {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  return stem(lower);
};

/** How much each synonym phrase found whole in a request adds, as a share of the score. */
export const PHRASE_BONUS = 0.6;

/** A text's search terms, as the index reads them (stop words kept out, stemmed). */
const termsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .flatMap((word) => {
      const term = word ? processTerm(word) : null;
      return term ? [term] : [];
    });

const containsRun = (terms: readonly string[], run: readonly string[]) =>
  terms.some((_, start) => run.every((term, offset) => terms[start + offset] === term));

type IndexedDocument = { id: number } & Record<(typeof FIELDS)[number], string>;

/** Matching settings, exported so the benchmark and the test measure exactly what the chat uses. */
export const FINDER_SEARCH_OPTIONS: SearchOptions = {
  boost: FINDER_BOOSTS,
  // Typos in longer words only: fuzzy matching on "will" would find "well" and "wall".
  fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
  prefix: (term) => term.length >= 4,
  combineWith: "OR",
  weights: { fuzzy: 0.35, prefix: 0.5 },
};

export type TemplateFinder = {
  /** The best matches for a request, best first (at most `limit`). */
  search(request: string, limit?: number): FinderMatch[];
  readonly size: number;
};

export function createTemplateFinder(
  entries: readonly FinderEntry[],
  synonyms: ReadonlyMap<string, readonly string[]> = TEMPLATE_SYNONYMS,
  searchOptions: SearchOptions = FINDER_SEARCH_OPTIONS,
): TemplateFinder {
  const index = new MiniSearch<IndexedDocument>({ fields: FIELDS, processTerm, searchOptions });
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  index.addAll(
    entries.map((entry) => ({
      id: entry.id,
      name: expandShortForms(entry.name),
      synonyms: expandShortForms((synonyms.get(entry.templateIdentifier) ?? []).join(" | ")),
      shortDescription: expandShortForms(stripHtml(entry.shortDescription)),
      categories: entry.categories.join(" "),
      faq: expandShortForms(stripHtml(entry.faq.join(" "))),
      description: expandShortForms(stripHtml(entry.description)),
    })),
  );
  // A synonym said word for word ("who gets my super") is stronger evidence than its words
  // scattered through a request, which BM25 alone cannot tell apart.
  const phrases = entries.map((entry) => ({
    id: entry.id,
    phrases: (synonyms.get(entry.templateIdentifier) ?? []).map(termsOf).filter((t) => t.length > 1),
  }));
  return {
    size: entries.length,
    search(request, limit = 3) {
      const query = expandShortForms(request);
      const terms = termsOf(query);
      const bonus = new Map(
        phrases.map(({ id, phrases: list }) => [id, list.filter((p) => containsRun(terms, p)).length]),
      );
      return index
        .search(query)
        .flatMap((hit) => {
          const entry = byId.get(hit.id as number);
          const score = hit.score * (1 + PHRASE_BONUS * (bonus.get(hit.id as number) ?? 0));
          return entry ? [{ entry, score }] : [];
        })
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
    },
  };
}
