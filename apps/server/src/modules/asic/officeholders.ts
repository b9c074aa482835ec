import {
  isPublicLegalElement,
  LEGAL_ELEMENTS,
  legalElementNotForCompanyType,
  PROPRIETARY_COMPANY_SECRETARY_RESIDENT,
  PUBLIC_COMPANY_DIRECTORS_REQUIRED,
  PUBLIC_COMPANY_RESIDENT_DIRECTORS_REQUIRED,
  PUBLIC_COMPANY_SECRETARY_REQUIRED,
  RESIDENT_DIRECTOR_REQUIRED,
} from "@precedent/contracts";

// What the server itself requires of a registration's type and officeholders before ASIC's fee is
// paid and before it is lodged (Corporations Act 2001 (Cth)). The interview's checks say the same
// at assembly (templates/company-registration), but the fee and the lodgement take the answers as
// saved, assembled or not: without this a name ending in 'LTD.' could be lodged for a public
// company with one director.

/** The registration interview's types of company (`company_kind`), as it names them. */
export const COMPANY_TYPE_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    pty_shares: "a proprietary company limited by shares",
    pty_unlimited: "a proprietary unlimited company with share capital",
    pub_shares: "a public company limited by shares",
    pub_guarantee: "a public company limited by guarantee",
    pub_unlimited: "a public unlimited company with share capital",
    pub_no_liability: "a public no liability company",
  }),
);

/** The types a legal element of the wizard's and the interview's lists may end the name of (s148). */
const TYPES_OF_PUBLIC_ELEMENT = new Set(["pub_shares", "pub_guarantee"]);
const TYPES_OF_PROPRIETARY_ELEMENT = new Set(["pty_shares"]);

const isListedPublicElement = (element: string) =>
  (LEGAL_ELEMENTS as readonly string[]).includes(element) && isPublicLegalElement(element);

/**
 * Why a name ending in this legal element (one of the wizard's list) cannot be that of this type of
 * company (s148), or null; null too while the type is not answered or the element is not listed.
 */
export function legalElementMismatch(kind: string, legalElement: string): string | null {
  const element = legalElement.trim();
  if (kind === "" || !(LEGAL_ELEMENTS as readonly string[]).includes(element)) return null;
  const suits = isPublicLegalElement(element) ? TYPES_OF_PUBLIC_ELEMENT : TYPES_OF_PROPRIETARY_ELEMENT;
  return suits.has(kind)
    ? null
    : legalElementNotForCompanyType(element, COMPANY_TYPE_NAMES.get(kind) ?? kind);
}

/** The question of the Form 201 template holding the legal element for a name ending in this one. */
export const elementQuestionFor = (legalElement: string) =>
  isListedPublicElement(legalElement.trim()) ? "public_element" : "legal_element";

type Officer = { office?: unknown; resident?: unknown };

const isDirector = (officer: Officer) => officer.office === "director" || officer.office === "both";
const isSecretary = (officer: Officer) => officer.office === "secretary" || officer.office === "both";
const isResident = (officer: Officer) => officer.resident === "Yes";

/**
 * Why this application may not be paid for or lodged as it stands, or null: its name's legal element
 * must suit its type of company (s148); a public company (a public type, or a name ending in LTD, LTD.
 * or LIMITED) needs at least three directors, two of whom ordinarily reside in Australia (s201A(2)),
 * and a secretary who ordinarily resides in Australia (s204A(2)); any other company a director who
 * ordinarily resides in Australia (s201A(1)) and, if it has secretaries, one who does (s204A(1)).
 */
export function applicationRefusal(
  answers: Record<string, unknown>,
  legalElement: string | null,
): string | null {
  const kind = typeof answers.company_kind === "string" ? answers.company_kind.trim() : "";
  const element = legalElement?.trim() ?? "";
  const publicElement = isListedPublicElement(element);
  const mismatch = legalElementMismatch(kind, element);
  if (mismatch) return mismatch;
  const officers = (Array.isArray(answers.officers) ? answers.officers : []).filter(
    (officer): officer is Officer => typeof officer === "object" && officer !== null,
  );
  const directors = officers.filter(isDirector);
  const residentDirectors = directors.filter(isResident).length;
  if (publicElement || kind.startsWith("pub_")) {
    if (directors.length < 3) return PUBLIC_COMPANY_DIRECTORS_REQUIRED;
    if (residentDirectors < 2) return PUBLIC_COMPANY_RESIDENT_DIRECTORS_REQUIRED;
    if (!officers.some((officer) => isSecretary(officer) && isResident(officer)))
      return PUBLIC_COMPANY_SECRETARY_REQUIRED;
    return null;
  }
  if (residentDirectors < 1) return RESIDENT_DIRECTOR_REQUIRED;
  const secretaries = officers.filter(isSecretary);
  if (secretaries.length > 0 && !secretaries.some(isResident)) return PROPRIETARY_COMPANY_SECRETARY_RESIDENT;
  return null;
}
