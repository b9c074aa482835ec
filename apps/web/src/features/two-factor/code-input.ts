import { TotpCode } from "@precedent/contracts";
import type { FormRule } from "antd";

/** The six-digit code rule, the same the server applies. */
export const totpCodeRule: FormRule = () => ({
  validator: async (_, value: unknown) => {
    const result = TotpCode.safeParse(value ?? "");
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid code");
  },
});

/** Props of a code field: numeric keyboard on phones, filled from the app by the browser. */
export const codeInputProps = {
  inputMode: "numeric",
  autoComplete: "one-time-code",
  maxLength: 7,
  placeholder: "123456",
} as const;
