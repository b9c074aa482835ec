// The ASIC dialogs and actions, for the documents page and the interview.
export { AsicActions } from "./AsicActions";
export { AsicPaymentReturn } from "./AsicPaymentReturn";
export {
  CompanyNameCheck,
  type NameCheck,
  type NameCheckAnswers,
  nameCheckPassed,
} from "./CompanyNameCheck";
export { useAsicPayment } from "./use-asic-payment";
export { COMPANY_KIT_BUTTON, COMPANY_KIT_TITLE, useCompanyKit } from "./use-company-kit";
