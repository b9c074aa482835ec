import {
  isPublicLegalElement,
  LEGAL_ELEMENTS,
  legalElementNotForCompanyType,
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

type Officer = { office?: unknown; resident?: unknown };

const isDirector = (officer: Officer) => officer.office === "director" || officer.office === "both";
const isSecretary = (officer: Officer) => officer.office === "secretary" || officer.office === "both";
const isResident = (officer: Officer) => officer.resident === "Yes";

/**
 * Why this application may not be paid for or lodged as it stands, or null: its name's legal element
 * must suit its type of company (s148); a public company (a public type, or a name ending in LTD, LTD.
 * or LIMITED) needs at least three directors, two of whom ordinarily reside in Australia (s201A(2)),
 * and a secretary who ordinarily resides in Australia (s204A(2)); any other company a director who
 * ordinarily resides in Australia (s201A(1)).
 */
export function applicationRefusal(
  answers: Record<string, unknown>,
  legalElement: string | null,
): string | null {
  const kind = typeof answers.company_kind === "string" ? answers.company_kind.trim() : "";
  const element = legalElement?.trim() ?? "";
  const listed = (LEGAL_ELEMENTS as readonly string[]).includes(element);
  const publicElement = listed && isPublicLegalElement(element);
  if (listed && kind !== "") {
    const suits = publicElement ? TYPES_OF_PUBLIC_ELEMENT : TYPES_OF_PROPRIETARY_ELEMENT;
    if (!suits.has(kind)) return legalElementNotForCompanyType(element, COMPANY_TYPE_NAMES.get(kind) ?? kind);
  }
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
  return residentDirectors < 1 ? RESIDENT_DIRECTOR_REQUIRED : null;
}
