/**
 * The engine's fixed lists and limits. Lists are the spec's (§3 "Interview form definition"), with
 * values as stored in answers and texts as shown to users.
 */

/** A choice in a select question: the stored value and the text shown. */
export type Choice = { readonly value: string; readonly text: string };

/** The eight Australian states and territories plus Norfolk Island (spec: jurisdiction choices). */
export const JURISDICTIONS: readonly Choice[] = [
  { value: "NSW", text: "New South Wales" },
  { value: "VIC", text: "Victoria" },
  { value: "QLD", text: "Queensland" },
  { value: "WA", text: "Western Australia" },
  { value: "SA", text: "South Australia" },
  { value: "TAS", text: "Tasmania" },
  { value: "ACT", text: "Australian Capital Territory" },
  { value: "NT", text: "Northern Territory" },
  { value: "NFK", text: "Norfolk Island" },
];

/** Company legal elements, exactly as the spec lists them (the value is the text). */
export const LEGAL_ELEMENTS: readonly Choice[] = [
  "PTY LTD",
  "PTY LTD.",
  "PTY LIMITED",
  "PTY. LTD",
  "PTY. LTD.",
  "PTY. LIMITED",
  "PROPRIETARY LTD",
  "PROPRIETARY LTD.",
  "PROPRIETARY LIMITED",
  "LTD",
  "LTD.",
  "LIMITED",
].map((text) => ({ value: text, text }));

/** Legal elements that make a company proprietary (s127(1)(c) is open only to these). */
export const PROPRIETARY_LEGAL_ELEMENTS: ReadonlySet<string> = new Set(
  LEGAL_ELEMENTS.map((choice) => choice.value).filter((value) => value.startsWith("P")),
);

/** The party types of a reference question (spec: An Individual, A Company, A Trust). */
export const PARTY_TYPES = [
  { value: "individual", text: "An Individual" },
  { value: "company", text: "A Company" },
  { value: "trust", text: "A Trust" },
] as const satisfies readonly Choice[];

/** A party type's stored value. */
export type PartyType = (typeof PARTY_TYPES)[number]["value"];

/** A company's director type (spec: Sole Director or 2+ Directors). */
export const DIRECTOR_TYPES = [
  { value: "sole", text: "Sole Director" },
  { value: "multiple", text: "2+ Directors" },
] as const satisfies readonly Choice[];

/** Yes or No, for questions such as "Does this director sign?". */
export const YES_NO: readonly Choice[] = [
  { value: "Yes", text: "Yes" },
  { value: "No", text: "No" },
];

/** Named option lists a select question may use instead of listing its options. */
export const NAMED_OPTION_LISTS = {
  jurisdictions: JURISDICTIONS,
  states: JURISDICTIONS,
  legal_elements: LEGAL_ELEMENTS,
  director_types: DIRECTOR_TYPES,
  party_types: PARTY_TYPES,
  yes_no: YES_NO,
} as const satisfies Record<string, readonly Choice[]>;

/** The name of a built-in option list. */
export type NamedOptionList = keyof typeof NAMED_OPTION_LISTS;

/** Limits that keep a template (which is data, written by people we do not control) harmless. */
export const LIMITS = {
  /** Longest interview definition, in characters. */
  definitionLength: 500_000,
  /** Longest template text, in characters (LiquidJS parseLimit). */
  templateLength: 1_000_000,
  /**
   * Longest a Liquid render may take, in milliseconds (LiquidJS renderLimit). LiquidJS counts
   * wall-clock time, so a busy machine counts against a template: the 41-page SMSF deed renders
   * in well under 100 ms alone, but at a load of 20 on two cores a 1 s limit refused it. The limit
   * is there to stop a template that runs away, which 5 s still does; the worker pool's own time
   * limit per task (30 s) is behind it.
   */
  renderMilliseconds: 5_000,
  /** Memory a Liquid render may allocate, in LiquidJS's units (roughly characters). */
  renderMemory: 20_000_000,
  /** Longest rendered template text, in characters, before it is laid out. */
  renderedLength: 2_000_000,
  /** Most blocks (paragraphs, clauses, rows …) in one document. */
  blocks: 20_000,
  /** Most entries of a repeatable group unless the definition says fewer. */
  groupEntries: 100,
  /** Longest text answer unless the question says otherwise. */
  textLength: 2_000,
  /** Deepest nesting of groups and parties in a definition. */
  nesting: 6,
} as const;

/** The fixed date written into every generated file's metadata, so the same input gives the same bytes. */
export const FIXED_METADATA_DATE = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));

/**
 * The deflate level of the PDF's streams and the Word file's changing parts: level 4 takes about half
 * the time of zlib's default 6 for files some 5% larger (measured on the library's longest template).
 */
export const DEFLATE_LEVEL = 4;
