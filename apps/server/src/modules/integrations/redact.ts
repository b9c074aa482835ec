/**
 * What an integration log keeps of a request or response: tokens, secrets and personal data are
 * replaced, so the log can be shown to anyone in the firm who may read it (spec §3 Integration log).
 */
const SECRET_KEYS = /token|secret|password|authori[sz]ation|code_verifier|^code$|cookie|api[-_]?key/i;
const PERSONAL_KEYS =
  /(^|_)(name|first_?name|last_?name|other_?name|full_?name|email|phone|mobile|dob|date_?of_?birth|address|street|tfn|abn|acn)$/i;
export const REDACTED = "[redacted]";

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        SECRET_KEYS.test(key) || PERSONAL_KEYS.test(key) ? REDACTED : redact(v, depth + 1),
      ]),
    );
  }
  // A bearer token or JWT pasted into a free-text value.
  if (typeof value === "string" && /\b(Bearer\s+\S+|eyJ[\w-]+\.[\w-]+\.[\w-]+)/.test(value))
    return value.replace(/\b(Bearer\s+\S+|eyJ[\w-]+\.[\w-]+\.[\w-]+)/g, REDACTED);
  return value;
}
