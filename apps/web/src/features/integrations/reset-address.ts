/**
 * Reset Address (spec §2's floating buttons; the spec does not say what it does): puts back the
 * address an import filled — street, suburb, state and postcode wherever the imported answers
 * hold them (the party, each director, trustee or member) — leaving every other answer as it is.
 */

type Answers = Record<string, unknown>;

// Our own words: the spec names the button only.
export const ADDRESS_RESET_CONFIRM =
  "The address you changed will be replaced with the address of the client you imported. Reset it?";
export const ADDRESS_RESET = "The address is back to the imported client's address.";
export const ADDRESS_ALREADY_IMPORTED = "The address is already the imported client's address.";
const ADDRESS_KEYS = new Set(["street", "suburb", "state", "postcode"]);

/** Each address field the import wrote: its path in the answers and the imported value. */
export function importedAddressFields(imported: Answers) {
  const fields: { path: (string | number)[]; value: unknown }[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, i]);
    } else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) {
        if (ADDRESS_KEYS.has(key) && (typeof inner === "string" || inner === null))
          fields.push({ path: [...path, key], value: inner });
        else walk(inner, [...path, key]);
      }
  };
  walk(imported, []);
  return fields;
}

const read = (answers: unknown, path: (string | number)[]) =>
  path.reduce<unknown>(
    (at, key) => (at && typeof at === "object" ? (at as Record<string | number, unknown>)[key] : undefined),
    answers,
  );

/** A copy of `answers` with `value` at `path`, making the objects and lists on the way. */
function write(answers: unknown, path: (string | number)[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const base: Record<string | number, unknown> | unknown[] = Array.isArray(answers)
    ? [...answers]
    : answers && typeof answers === "object"
      ? { ...(answers as Answers) }
      : typeof key === "number"
        ? []
        : {};
  (base as Record<string | number, unknown>)[key] = write(
    (base as Record<string | number, unknown>)[key],
    rest,
    value,
  );
  return base;
}

const blank = (v: unknown) => v === undefined || v === null || v === "";

/**
 * What Reset Address would do to `current`: the answers with the imported address put back, and
 * whether the person's own edits would be lost (an address field they changed to something else,
 * not merely cleared). `changed` false: the address is already the imported one.
 */
export function resetAddress(current: Answers, imported: Answers) {
  let next: unknown = current;
  let changed = false;
  let discardsEdits = false;
  for (const { path, value } of importedAddressFields(imported)) {
    const now = read(current, path);
    if (now === value || (blank(now) && blank(value))) continue;
    changed = true;
    if (!blank(now)) discardsEdits = true;
    next = write(next, path, value);
  }
  return { answers: next as Answers, changed, discardsEdits };
}
