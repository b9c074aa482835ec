import type { IntegrationClientDetail, IntegrationFundDetail } from "@precedent/contracts";

/**
 * A TFN as the fund detail shows it: all but its last three digits hidden ('*** *** 789'). The
 * detail is for telling funds apart and checking the right one was picked; the last three digits
 * do that, and the full number (which the law guards: Privacy (Tax File Number) Rule 2015) is not
 * needed in the browser, so it never goes there. Null when the fund app gives no usable TFN.
 */
export function maskTaxFileNumber(tfn: string | null | undefined): string | null {
  const digits = (tfn ?? "").replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 9) return null;
  return `*** *** ${digits.slice(-3)}`;
}

/** A date the fund app gives ('2024-07-01', '2024-07-01T00:00:00Z' or '01/07/2024') as YYYY-MM-DD. */
export function fundDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const au = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (au) return `${au[3]}-${au[2]?.padStart(2, "0")}-${au[1]?.padStart(2, "0")}`;
  return null;
}

/** Spec §3 Fund as the detail carries it, from what a fund app gives (each adapter maps its names). */
export function fundDetail(fund: {
  code?: string | null;
  financialYearFrom?: string | null;
  tfn?: string | null;
  esa?: string | null;
  dateFormed?: string | null;
  windUpDate?: string | null;
  trustDeedSource?: string | null;
  physicalAddress: IntegrationClientDetail["address"];
}): IntegrationFundDetail {
  const text = (value: string | null | undefined) => value?.trim() || null;
  return {
    entity_code: text(fund.code),
    financial_year_from: fundDay(fund.financialYearFrom),
    tfn: maskTaxFileNumber(fund.tfn),
    esa: text(fund.esa),
    date_formed: fundDay(fund.dateFormed),
    wind_up_date: fundDay(fund.windUpDate),
    trust_deed_source: text(fund.trustDeedSource),
    physical_address: fund.physicalAddress,
  };
}
