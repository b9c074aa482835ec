/**
 * One answer to one question: is it acceptable, and what is its tidy form? Messages are written for
 * the person filling in the form; the spec's own wording is used where it gives one.
 */
import {
  formatAbn,
  formatAcn,
  formatShortDate,
  isValidAbn,
  isValidAcn,
  isValidDirectorId,
  isValidEmail,
  isValidPostcode,
  parseDate,
} from "./identifiers.ts";
import type { FieldQuestion } from "./schema.ts";

/** The messages validation gives. `blank` and `email` are the spec's words (§5). */
export const MESSAGES = {
  blank: "This field cannot be blank.",
  email: "Please input a valid email address.",
  text: "Please enter text.",
  tooLong: (max: number) => `Please keep this to ${max} characters or fewer.`,
  postcode: "Please enter a 4-digit postcode.",
  acnLength: "An ACN has 9 digits.",
  acnCheck: "This ACN is not valid: please check the digits.",
  abnLength: "An ABN has 11 digits.",
  abnCheck: "This ABN is not valid: please check the digits.",
  directorId: "A Director ID has 15 digits and begins with 036.",
  number: "Please enter a number.",
  wholeNumber: "Please enter a whole number.",
  atLeast: (min: number) => `Please enter a number no less than ${min}.`,
  atMost: (max: number) => `Please enter a number no more than ${max}.`,
  dateFormat: "Please enter the date as DD/MM/YYYY.",
  dateReal: "This date does not exist: please check the day and month.",
  choice: (texts: readonly string[]) =>
    texts.length <= 6
      ? `Please choose one of: ${texts.join(", ")}.`
      : "Please choose an option from the list.",
  entriesAtLeast: (min: number) =>
    min === 1 ? "Please add at least one entry." : `Please add at least ${min} entries.`,
  entriesAtMost: (max: number) =>
    max === 1 ? "Please add no more than one entry." : `Please add no more than ${max} entries.`,
} as const;

/** The verdict on one answer: its tidy form, or why it is refused. */
export type FieldVerdict =
  | { readonly ok: true; readonly value: string | number }
  | { readonly ok: false; readonly message: string };

const refuse = (message: string): FieldVerdict => ({ ok: false, message });
const accept = (value: string | number): FieldVerdict => ({ ok: true, value });

// Control characters cannot appear in Word's XML and have no place in a legal document.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;

/** Tidies text: strips control characters and, unless multi-line, folds line breaks into spaces. */
export function tidyText(text: string, multiline = false): string {
  const cleaned = text.replace(CONTROL_CHARACTERS, "").replace(/\r\n?/g, "\n");
  return (multiline ? cleaned : cleaned.replace(/\s*\n\s*/g, " ")).trim();
}

/** Checks an answered value (isAnswered is true) against its question; gives its tidy form or a message. */
export function checkAnswer(question: FieldQuestion, raw: unknown): FieldVerdict {
  switch (question.type) {
    case "text": {
      if (typeof raw !== "string" && typeof raw !== "number") return refuse(MESSAGES.text);
      const text = tidyText(String(raw), question.multiline);
      if (text.length > question.maxLength) return refuse(MESSAGES.tooLong(question.maxLength));
      if (question.format === "postcode")
        return isValidPostcode(text) ? accept(text) : refuse(MESSAGES.postcode);
      if (question.format === "acn") {
        if (!/^\d{9}$/.test(text.replace(/[\s-]/g, ""))) return refuse(MESSAGES.acnLength);
        return isValidAcn(text) ? accept(formatAcn(text)) : refuse(MESSAGES.acnCheck);
      }
      if (question.format === "abn") {
        if (!/^\d{11}$/.test(text.replace(/[\s-]/g, ""))) return refuse(MESSAGES.abnLength);
        return isValidAbn(text) ? accept(formatAbn(text)) : refuse(MESSAGES.abnCheck);
      }
      if (question.format === "director_id")
        return isValidDirectorId(text) ? accept(text.replace(/[\s-]/g, "")) : refuse(MESSAGES.directorId);
      return accept(text);
    }
    case "email": {
      if (typeof raw !== "string") return refuse(MESSAGES.email);
      return isValidEmail(raw) ? accept(raw.trim()) : refuse(MESSAGES.email);
    }
    case "number": {
      const number = typeof raw === "number" ? raw : typeof raw === "string" ? parseNumber(raw) : Number.NaN;
      if (!Number.isFinite(number)) return refuse(MESSAGES.number);
      if (question.integer && !Number.isInteger(number)) return refuse(MESSAGES.wholeNumber);
      if (question.min !== undefined && number < question.min) return refuse(MESSAGES.atLeast(question.min));
      if (question.max !== undefined && number > question.max) return refuse(MESSAGES.atMost(question.max));
      return accept(number);
    }
    case "date": {
      if (typeof raw !== "string" || !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(raw.trim()))
        return refuse(MESSAGES.dateFormat);
      const date = parseDate(raw);
      return date ? accept(formatShortDate(date)) : refuse(MESSAGES.dateReal);
    }
    case "select": {
      const given = typeof raw === "string" || typeof raw === "number" ? String(raw).trim() : undefined;
      const lower = given?.toLowerCase();
      const option =
        question.options.find((candidate) => candidate.value === given) ??
        question.options.find((candidate) => candidate.text.toLowerCase() === lower);
      return option
        ? accept(option.value)
        : refuse(MESSAGES.choice(question.options.map((choice) => choice.text)));
    }
  }
}

/** Reads a number typed by a person: "1,500", " 42 ", "$1,000.50". */
function parseNumber(text: string): number {
  const trimmed = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
