/**
 * The Liquid half of the template language, sandboxed: templates are data written by people we do not
 * control. No file system (include, render and layout are refused), only own properties of the
 * answers are reachable, unknown variables and filters are errors, and parse length, render time and
 * memory are limited. Every printed value is escaped for Markdown, so an answer can never become
 * markup or a directive; a missing value stops assembly instead of printing a blank.
 */
import { Liquid, LiquidError, type Template } from "liquidjs";
import { isAnswerObject } from "../answers.ts";
import { LIMITS } from "../constants.ts";
import { isMissingMark, missingMark } from "../draft.ts";
import { TemplateError } from "../errors.ts";
import { tidyText } from "../fields.ts";
import { type CalendarDate, formatAbn, formatAcn, formatLongDate, parseDate } from "../identifiers.ts";
import { joinAnd, jurisdictionName, partyAddress, partyName, trustName } from "../naming.ts";

const REFUSED_TAGS = ["include", "render", "layout", "block"] as const;

// Backslash-escaping every ASCII punctuation character makes a value literal text in Markdown.
const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()#+\-.!|<>~:&]/g;

/** Escapes text so Markdown reads it literally (no emphasis, links, clause markers or directives). */
export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_PUNCTUATION, (character) => `\\${character}`);
}

/** What Liquid prints for a value: text escaped for Markdown; a missing value or an object is an error. */
function printValue(value: unknown): string {
  if (value === undefined || value === null) {
    throw new TemplateError("The template prints a value that has no answer");
  }
  if (typeof value === "string") {
    // A multi-line answer keeps its line breaks as hard breaks (backslash, newline), never as new blocks.
    return tidyText(value, true)
      .split(/\n+/)
      .map((line) => escapeMarkdown(line.trim()))
      .join("\\\n");
  }
  if (typeof value === "number" || typeof value === "boolean") return escapeMarkdown(String(value));
  throw new TemplateError(
    Array.isArray(value)
      ? "The template prints a whole list; loop over it with {% for %} instead"
      : "The template prints a whole party or group; print one of its fields, or use a filter such as party_name",
  );
}

/**
 * What a draft's Liquid prints: as above, but a value with no answer is a placeholder (the answers
 * hold marks for the questions not answered yet; this covers what they cannot name).
 */
function printDraftValue(value: unknown): string {
  if (value === undefined || value === null) return missingMark("");
  return printValue(value);
}

const asText = (value: unknown): string =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

const requireDate = (value: unknown, filter: string) => {
  const date = parseDate(asText(value));
  if (!date) throw new TemplateError(`The ${filter} filter needs a date answered as DD/MM/YYYY`);
  return date;
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A small strftime over answered dates: %d %-d %e %m %-m %B %b %Y %y %A. No "now": documents are reproducible. */
function formatDate(value: unknown, format: unknown): string {
  if (value === "now" || value === "today") {
    throw new TemplateError(
      "The date filter cannot print today's date (the same answers must give the same document): ask for the date in the interview",
    );
  }
  const date = requireDate(value, "date");
  const long = formatLongDate(date).split(" ");
  const weekday = WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] ?? "";
  const pattern = typeof format === "string" ? format : "%-d %B %Y";
  return pattern.replace(/%(-?)([dembByYA%])/g, (_, minus: string, code: string) => {
    switch (code) {
      case "d":
        return minus ? String(date.day) : String(date.day).padStart(2, "0");
      case "e":
        return String(date.day);
      case "m":
        return minus ? String(date.month) : String(date.month).padStart(2, "0");
      case "B":
        return long[1] ?? "";
      case "b":
        return (long[1] ?? "").slice(0, 3);
      case "Y":
        return String(date.year);
      case "y":
        return String(date.year % 100).padStart(2, "0");
      case "A":
        return weekday;
      default:
        return "%";
    }
  });
}

/** The date `days` calendar days after `date`, answered back as DD/MM/YYYY. */
function daysAfter(date: CalendarDate, days: number): string {
  if (!Number.isInteger(days)) throw new TemplateError("The days_after filter needs a whole number of days");
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(moved.getUTCDate())}/${two(moved.getUTCMonth() + 1)}/${moved.getUTCFullYear()}`;
}

/** Australian dollars: 1500 → "$1,500.00". */
function formatMoney(value: unknown): string {
  const number = typeof value === "number" ? value : Number(asText(value).replace(/[$,\s]/g, ""));
  if (!Number.isFinite(number)) throw new TemplateError("The money filter needs a number");
  const fixed = Math.abs(number).toFixed(2);
  const [whole = "0", cents = "00"] = fixed.split(".");
  return `${number < 0 ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}

/**
 * The engine's Liquid: one sandboxed instance per kind, shared (it keeps no state between renders).
 * A draft's instance lets unknown variables through (printed as placeholders) and passes missing
 * answers' marks through every filter unchanged.
 */
function createLiquid(draft: boolean): Liquid {
  const liquid = new Liquid({
    // No file system at all: lookups go to an empty in-memory map, and the tags that would look are refused.
    templates: {},
    relativeReference: false,
    dynamicPartials: false,
    ownPropertyOnly: true,
    strictVariables: !draft,
    strictFilters: true,
    lenientIf: true,
    jsTruthy: false,
    greedy: false,
    outputEscape: draft ? printDraftValue : printValue,
    parseLimit: LIMITS.templateLength,
    renderLimit: LIMITS.renderMilliseconds,
    memoryLimit: LIMITS.renderMemory,
    timezoneOffset: 0,
  });
  for (const name of REFUSED_TAGS) {
    liquid.registerTag(name, {
      parse() {
        throw new Error(`templates cannot use {% ${name} %}: a template is one self-contained text`);
      },
      render() {
        return "";
      },
    });
  }
  const filters: Record<string, (value: unknown, ...args: unknown[]) => unknown> = {
    party_name: (party) => partyName(party),
    party_address: (party) => partyAddress(party),
    // A trust party's own name, with "the" as prose needs it ("the Smith Family Trust").
    trust_name: (party) => trustName(party),
    acn: (value) => formatAcn(asText(value)),
    abn: (value) => formatAbn(asText(value)),
    long_date: (value) => formatLongDate(requireDate(value, "long_date")),
    date: formatDate,
    jurisdiction: (value) => jurisdictionName(asText(value)),
    money: formatMoney,
    // A statutory deadline as a date ("within 28 days after"), so a document states the day itself.
    days_after: (value, days) => daysAfter(requireDate(value, "days_after"), Number(days)),
    and_list: (value) =>
      Array.isArray(value) ? joinAnd(value.map(asText).filter((text) => text !== "")) : asText(value),
    // `raw` would print a value unescaped, letting an answer become markup: here it changes nothing.
    raw: (value) => value,
    // Lists of parties are common ("the Directors"): names of each, joined as prose.
    party_names: (value) =>
      Array.isArray(value) ? joinAnd(value.filter(isAnswerObject).map(partyName)) : "",
  };
  for (const [name, filter] of Object.entries(filters)) {
    liquid.registerFilter(
      name,
      draft
        ? (value: unknown, ...args: unknown[]) =>
            value === undefined || value === null
              ? missingMark("")
              : isMissingMark(value)
                ? value
                : filter(value, ...args)
        : filter,
    );
  }
  return liquid;
}

type Kind = "final" | "draft";
const shared: Partial<Record<Kind, Liquid>> = {};
const parsedByKind: Record<Kind, Map<string, Template[]>> = { final: new Map(), draft: new Map() };
const PARSED_CACHE_SIZE = 32;

const liquidOf = (kind: Kind): Liquid => {
  shared[kind] ??= createLiquid(kind === "draft");
  return shared[kind];
};

/**
 * Lines holding nothing but one tag (`{% if … %}`) vanish with their line break, so tags can sit on
 * their own lines without leaving gaps in the Markdown. Line numbers are unchanged.
 */
export function dropTagOnlyLines(source: string): string {
  return source.replace(/^[ \t]*\{%-?((?:(?!%\}).)*?)-?%\}[ \t]*$/gm, (_, inner: string) => `{%-${inner}-%}`);
}

/** Parses a template body (cached by its text). */
function parse(body: string, kind: Kind = "final"): Template[] {
  const liquid = liquidOf(kind);
  const parsed = parsedByKind[kind];
  const cached = parsed.get(body);
  if (cached) return cached;
  const templates = toTemplateError(() => liquid.parse(dropTagOnlyLines(body)));
  if (parsed.size >= PARSED_CACHE_SIZE) {
    const oldest = parsed.keys().next().value;
    if (oldest !== undefined) parsed.delete(oldest);
  }
  parsed.set(body, templates);
  return templates;
}

/** Checks a template's Liquid syntax (throws a TemplateError naming the line); gives the variables it reads. */
export function checkLiquid(body: string): string[] {
  const templates = parse(body);
  return toTemplateError(() => liquidOf("final").globalVariablesSync(templates));
}

/** Options for renderLiquid. */
export type RenderLiquidOptions = {
  /** A draft: missing answers (and unknown variables) print as placeholders instead of stopping. */
  readonly draft?: boolean;
};

/** Renders the Liquid of a template body with the (cleaned) answers; gives Markdown with directives. */
export function renderLiquid(
  body: string,
  scope: Record<string, unknown>,
  options: RenderLiquidOptions = {},
): string {
  const kind: Kind = options.draft ? "draft" : "final";
  const templates = parse(body, kind);
  const output = toTemplateError(() => liquidOf(kind).renderSync(templates, scope));
  const text = String(output);
  if (text.length > LIMITS.renderedLength) {
    throw new TemplateError(`The rendered template is longer than ${LIMITS.renderedLength} characters`);
  }
  return text;
}

function toTemplateError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw asTemplateError(error);
  }
}

/**
 * LiquidJS's limits, said as what the template did (its own words name only the counter): an editor
 * uploading a template reads these in the console's checks.
 */
const LIMIT_MESSAGES: Record<string, string> = {
  "parse length": `The template is longer than ${LIMITS.templateLength.toLocaleString("en-AU")} characters`,
  "memory alloc":
    "The template makes more text than one document may: a loop over too many items, or text joined to itself again and again",
  "template render": `The template takes more than ${LIMITS.renderMilliseconds / 1000} seconds to fill in: a loop runs too long`,
};

/** Turns LiquidJS's errors into TemplateErrors with a plain message and the template line. */
function asTemplateError(error: unknown): TemplateError {
  if (error instanceof TemplateError) return error;
  if (LiquidError.is(error)) {
    const liquidError = error as LiquidError;
    const original = (liquidError as { originalError?: unknown }).originalError;
    const line = /line:(\d+)/.exec(liquidError.message)?.[1];
    const lineNumber = line ? Number(line) : undefined;
    if (original instanceof TemplateError) return new TemplateError(original.message, lineNumber);
    const undefinedVariable = /undefined variable: ([^,]+)/.exec(liquidError.message);
    if (undefinedVariable) {
      return new TemplateError(
        `The template uses "${undefinedVariable[1]}", which has no answer`,
        lineNumber,
      );
    }
    const base = (original instanceof Error ? original.message : liquidError.message).replace(
      /, line:\d+, col:\d+$/,
      "",
    );
    const limit = /(parse length|memory alloc|template render) limit exceeded/.exec(base)?.[1];
    if (limit) return new TemplateError(LIMIT_MESSAGES[limit] ?? base, lineNumber);
    return new TemplateError(base.replace(/^\w+Error: /, ""), lineNumber);
  }
  return new TemplateError(error instanceof Error ? error.message : String(error));
}
