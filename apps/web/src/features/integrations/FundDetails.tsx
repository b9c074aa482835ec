import {
  addDays,
  addMonths,
  type IntegrationClientDetail,
  type IntegrationFundDetail,
} from "@precedent/contracts";
import { Descriptions, Typography } from "antd";

/** A YYYY-MM-DD day as the spec writes dates (DD/MM/YYYY). */
const numericDay = (day: string) => day.split("-").reverse().join("/");

/** '01/07/2025 – 30/06/2026': the financial year that starts on the fund app's day. */
export const financialYearOf = (from: string) =>
  `${numericDay(from)} – ${numericDay(addDays(addMonths(from, 12), -1))}`;

const copyable = (text: string | null) => (text ? <Typography.Text copyable>{text}</Typography.Text> : "—");

/**
 * Select Fund's detail (spec §2): fund name, entity code, financial year, ABN, TFN, ESA, date
 * formed, wind up date, trust deed source and physical address. The TFN comes masked from the
 * server (all but its last three digits), so there is nothing to copy.
 */
export function FundDetails({
  detail,
  fund,
}: {
  detail: IntegrationClientDetail;
  fund: IntegrationFundDetail;
}) {
  return (
    <Descriptions column={1} size="small" bordered className="fund-details">
      <Descriptions.Item label="Fund name">{copyable(detail.name)}</Descriptions.Item>
      <Descriptions.Item label="Entity Code">{copyable(fund.entity_code)}</Descriptions.Item>
      <Descriptions.Item label="Financial year">
        {fund.financial_year_from ? financialYearOf(fund.financial_year_from) : "—"}
      </Descriptions.Item>
      <Descriptions.Item label="ABN">{copyable(detail.abn)}</Descriptions.Item>
      <Descriptions.Item label="TFN">{fund.tfn ?? "—"}</Descriptions.Item>
      <Descriptions.Item label="ESA">{copyable(fund.esa)}</Descriptions.Item>
      <Descriptions.Item label="Date formed">
        {fund.date_formed ? numericDay(fund.date_formed) : "—"}
      </Descriptions.Item>
      <Descriptions.Item label="Wind up date">
        {fund.wind_up_date ? numericDay(fund.wind_up_date) : "—"}
      </Descriptions.Item>
      <Descriptions.Item label="Trust deed source">{fund.trust_deed_source ?? "—"}</Descriptions.Item>
      <Descriptions.Item label="Physical address">
        {copyable(fund.physical_address?.full_address ?? null)}
      </Descriptions.Item>
      <Descriptions.Item label="System">{detail.system}</Descriptions.Item>
    </Descriptions>
  );
}
