import { addDays } from "../../platform/kernel/calendar.ts";

/**
 * Turning what a person types or says into the form an interview field takes (interview spec §4
 * "AI assistant": numbers, DD/MM/YYYY dates, an option from the list, a repeat count). Pure
 * functions: the engine's own field checks still decide whether the converted answer is kept.
 */

const UNITS = new Map<string, number>([
  ["zero", 0],
  ["nil", 0],
  ["none", 0],
  ["a", 1],
  ["an", 1],
  ["one", 1],
  ["two", 2],
  ["three", 3],
  ["four", 4],
  ["five", 5],
  ["six", 6],
  ["seven", 7],
  ["eight", 8],
  ["nine", 9],
  ["ten", 10],
  ["eleven", 11],
  ["twelve", 12],
  ["thirteen", 13],
  ["fourteen", 14],
  ["fifteen", 15],
  ["sixteen", 16],
  ["seventeen", 17],
  ["eighteen", 18],
  ["nineteen", 19],
]);
const TENS = new Map<string, number>([
  ["twenty", 20],
  ["thirty", 30],
  ["forty", 40],
  ["fourty", 40],
  ["fifty", 50],
  ["sixty", 60],
  ["seventy", 70],
  ["eighty", 80],
  ["ninety", 90],
]);
const SCALES = new Map<string, number>([
  ["thousand", 1_000],
  ["million", 1_000_000],
  ["billion", 1_000_000_000],
]);

const isNumberWord = (word: string) =>
  UNITS.has(word) || TENS.has(word) || SCALES.has(word) || word === "hundred" || word === "dozen";

/** The value of a run of number words ("two thousand five hundred and twelve"), or undefined. */
function wordsToNumber(words: readonly string[]): number | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of words) {
    if (word === "and") continue;
    const unit = UNITS.get(word) ?? TENS.get(word);
    if (unit !== undefined) {
      current += unit;
      seen = true;
    } else if (word === "hundred" || word === "dozen") {
      current = (current || 1) * (word === "dozen" ? 12 : 100);
      seen = true;
    } else {
      const scale = SCALES.get(word);
      if (scale === undefined) return undefined;
      total += (current || 1) * scale;
      current = 0;
      seen = true;
    }
  }
  return seen ? total + current : undefined;
}

const DIGITS = /-?\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\$?\d+(?:\.\d+)?/;

/**
 * The first number in a reply, in digits ("1,000", "$2,500.50", "42 years") or words ("three",
 * "twenty-one", "one hundred and fifty"); undefined when there is none. "a" and "an" count as one
 * only beside another number word ("a hundred"), not on their own ("a few").
 */
export function parseNumber(text: string): number | undefined {
  const digits = DIGITS.exec(text);
  if (digits) return Number(digits[0].replace(/[$,]/g, ""));
  const words = text
    .toLowerCase()
    .replace(/-/g, " ")
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (let start = 0; start < words.length; start++) {
    const first = words[start] ?? "";
    if (!isNumberWord(first)) continue;
    let end = start;
    while (end < words.length && (isNumberWord(words[end] ?? "") || words[end] === "and")) end++;
    // "and" closing a run is the sentence's, not the number's.
    while (end > start && words[end - 1] === "and") end--;
    const run = words.slice(start, end);
    if ((first === "a" || first === "an") && run.length === 1) continue;
    const value = wordsToNumber(run);
    if (value !== undefined)
      return words[start - 1] === "minus" || words[start - 1] === "negative" ? -value : value;
  }
  return undefined;
}

/**
 * A "how many" answer as a whole number of entries: "three", "2", "none" (0); -1 when it cannot
 * be read as a whole number of zero or more (the spec's rule for a repeat count).
 */
export function parseRepeatCount(text: string): number {
  const lower = text.trim().toLowerCase();
  if (/^(no|nope|nobody|no one|not any)\b/.test(lower)) return 0;
  const value = parseNumber(lower);
  if (value === undefined || !Number.isInteger(value) || value < 0) return -1;
  return value;
}

// ---- Dates --------------------------------------------------------------------------------------

const MONTHS = new Map<string, number>(
  [
    ["january", "jan"],
    ["february", "feb"],
    ["march", "mar"],
    ["april", "apr"],
    ["may", "may"],
    ["june", "jun"],
    ["july", "jul"],
    ["august", "aug"],
    ["september", "sep", "sept"],
    ["october", "oct"],
    ["november", "nov"],
    ["december", "dec"],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as [string, number])),
);

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

const ORDINAL_WORDS = new Map<string, number>(
  [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
  ].map((word, index) => [word, index + 1]),
);

/** "3", "3rd", "third", "twenty-first", "thirty first" → the day of the month. */
function dayOfMonth(text: string): number | undefined {
  const digits = /^(\d{1,2})(st|nd|rd|th)?$/.exec(text);
  if (digits) return Number(digits[1]);
  const words = text.split(/[\s-]+/);
  if (words.length === 1) return ORDINAL_WORDS.get(words[0] ?? "");
  if (words.length === 2) {
    const tens = words[0] === "twenty" ? 20 : words[0] === "thirty" ? 30 : undefined;
    const unit = ORDINAL_WORDS.get(words[1] ?? "");
    if (tens !== undefined && unit !== undefined && unit < 10) return tens + unit;
  }
  return undefined;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** DD/MM/YYYY when the day exists (31/02 does not), else undefined. */
function formatDay(day: number, month: number, year: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${twoDigits(day)}/${twoDigits(month)}/${year}`;
}

const fromIsoDay = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return formatDay(d ?? 0, m ?? 0, y ?? 0);
};

/** Two-digit years are this century's: advisers write "3/3/26" for 2026. */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

const DAY_WORD = "(\\d{1,2}(?:st|nd|rd|th)?|(?:twenty|thirty)[\\s-]?[a-z]+|[a-z]+)";
const MONTH_WORD = "([a-z]{3,9})\\.?";

/**
 * An Australian date as DD/MM/YYYY, or undefined: "3/3/26", "03-03-2026", "3.3.2026" (day first),
 * "3rd of March 2026", "March 3, 2026", "the first of July" (this year), "today", "tomorrow",
 * "yesterday", "in 3 days", and weekdays: "Friday", "this Friday" and "next Friday" all mean the
 * first Friday after today (a person saying "next Friday" on a Wednesday usually means the one two
 * days away; the answer is read back, so the other reading is one correction away).
 * `today` is the firm's day (Sydney) as YYYY-MM-DD.
 */
export function parseAustralianDate(text: string, today: string): string | undefined {
  const lower = text
    .trim()
    .toLowerCase()
    .replace(/[,]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^(on|it's|it is|the date is|date is)\s+/, "")
    .replace(/^the\s+/, "");

  const numeric = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/.exec(lower);
  if (numeric) return formatDay(Number(numeric[1]), Number(numeric[2]), fullYear(numeric[3] ?? ""));
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(lower);
  if (iso) return formatDay(Number(iso[3]), Number(iso[2]), Number(iso[1]));

  if (/\btoday\b/.test(lower)) return fromIsoDay(today);
  if (/\btomorrow\b/.test(lower)) return fromIsoDay(addDays(today, 1));
  if (/\byesterday\b/.test(lower)) return fromIsoDay(addDays(today, -1));
  const inDays = /\bin (\S+(?: \S+)?) (day|days|week|weeks)\b/.exec(lower);
  if (inDays) {
    const n = parseNumber(inDays[1] ?? "");
    if (n !== undefined && Number.isInteger(n) && n >= 0)
      return fromIsoDay(addDays(today, inDays[2]?.startsWith("week") ? n * 7 : n));
  }
  const weekday = WEEKDAYS.findIndex((name) => new RegExp(`\\b${name}\\b`).test(lower));
  if (weekday >= 0) {
    const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
    const ahead = (weekday - todayIndex + 7) % 7 || 7;
    return fromIsoDay(addDays(today, ahead));
  }

  const thisYear = Number(today.slice(0, 4));
  const dayFirst = new RegExp(`\\b${DAY_WORD}(?: of)? ${MONTH_WORD}(?: (\\d{4}|\\d{2}))?\\b`).exec(lower);
  if (dayFirst) {
    const day = dayOfMonth(dayFirst[1] ?? "");
    const month = MONTHS.get(dayFirst[2] ?? "");
    if (day !== undefined && month !== undefined)
      return formatDay(day, month, dayFirst[3] ? fullYear(dayFirst[3]) : thisYear);
  }
  const monthFirst = new RegExp(`\\b${MONTH_WORD} (?:the )?${DAY_WORD}(?: (\\d{4}|\\d{2}))?\\b`).exec(lower);
  if (monthFirst) {
    const month = MONTHS.get(monthFirst[1] ?? "");
    const day = dayOfMonth(monthFirst[2] ?? "");
    if (day !== undefined && month !== undefined)
      return formatDay(day, month, monthFirst[3] ? fullYear(monthFirst[3]) : thisYear);
  }
  return undefined;
}

// ---- Options ------------------------------------------------------------------------------------

export type OptionChoice = { readonly value: string; readonly text: string };

export type OptionMatch =
  | { readonly ok: true; readonly option: OptionChoice }
  | {
      readonly ok: false;
      readonly reason: "none" | "ambiguous";
      readonly candidates: readonly OptionChoice[];
    };

const YES_WORDS =
  /^(yes|yeah|yea|yep|yup|ya|y|sure|correct|affirmative|ok|okay|of course|absolutely|definitely|it does|they do|please do)\b/;
const NO_WORDS =
  /^(no|nope|nah|n|negative|not really|never|it doesn't|it does not|they don't|don't|do not)\b/;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9&$%/ ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The option a reply names, from the question's own list: by value or text (any case), yes/no
 * words for a Yes/No list ("yeah", "nope"), then an unambiguous prefix ("vic" of "Victoria"), then
 * an option whose text is inside the reply ("New South Wales please") or the reply inside exactly
 * one option's text. Anything else is "none" (outside the list) or "ambiguous" (several fit).
 */
export function matchOption(text: string, options: readonly OptionChoice[]): OptionMatch {
  const given = normalise(
    text.replace(/^(it's|it is|i'd say|i would say|the answer is|choose|pick)\s+/i, ""),
  );
  const none = { ok: false as const, reason: "none" as const, candidates: [] };
  if (!given) return none;
  const exact = options.find((o) => normalise(o.value) === given || normalise(o.text) === given);
  if (exact) return { ok: true, option: exact };

  const yes = options.find((o) => normalise(o.value) === "yes" || normalise(o.text) === "yes");
  const no = options.find((o) => normalise(o.value) === "no" || normalise(o.text) === "no");
  if (yes && no) {
    if (YES_WORDS.test(given)) return { ok: true, option: yes };
    if (NO_WORDS.test(given)) return { ok: true, option: no };
  }

  const single = (found: readonly OptionChoice[]): OptionMatch | undefined => {
    if (found.length === 1 && found[0]) return { ok: true, option: found[0] };
    if (found.length > 1) return { ok: false, reason: "ambiguous", candidates: found };
    return undefined;
  };
  if (given.length >= 2) {
    const prefixed = single(options.filter((o) => normalise(o.text).startsWith(given)));
    if (prefixed) return prefixed;
  }
  // The longest option text found in the reply wins over shorter ones it contains ("Western
  // Australia" over "Australia").
  const inside = options
    .filter((o) => new RegExp(`(^| )${escapeRegExp(normalise(o.text))}( |$)`).test(given))
    .sort((a, b) => b.text.length - a.text.length);
  const longest = inside[0];
  if (longest && inside.filter((o) => o.text.length === longest.text.length).length === 1)
    return { ok: true, option: longest };
  if (given.length >= 3) {
    const containing = single(options.filter((o) => normalise(o.text).includes(given)));
    if (containing) return containing;
  }
  return none;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
