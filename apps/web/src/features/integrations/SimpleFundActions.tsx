import { CheckCircleOutlined } from "@ant-design/icons";
import { INTEGRATION_IMPORT_FAILED, SF360_VALIDATED, SF360_VALIDATING } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App } from "antd";
import { useState } from "react";
import { connectedAppsQuery, isConnected, validateFundContacts } from "./api";
import { CONNECTED_REFRESH_MS, FUND_APP } from "./InterviewIntegrations";
import { NO_TOP_BAR_ACTION, type TopBarAction, topBarAction } from "./top-bar-action";

const VALIDATE_LABEL = "Validate with Simple Fund 360";

/**
 * The interview top bar's Simple Fund 360 actions (spec §2, "Top bar"): Validate with Simple Fund
 * 360 while Simple Fund 360 is connected and the template has fund questions. `button` is for the
 * bar on wide screens; `menuItems` go in the bar's "More actions" menu on narrow ones.
 */
export function useSimpleFundActions({
  teamId,
  docId,
  hasFundQuestions,
  saveFirst,
  onValidated,
}: {
  teamId: number;
  docId: number;
  hasFundQuestions: boolean;
  /** Saves the interview, so the fund app checks what the person sees; false when it could not. */
  saveFirst?: () => Promise<boolean>;
  /** Told when Simple Fund 360 validated the contacts without errors (the server marks is_sf_action). */
  onValidated?: () => void;
}): TopBarAction {
  const { message } = App.useApp();
  const [validating, setValidating] = useState(false);
  // The same query (and refresh) as the floating buttons: one request serves both.
  const connected = useQuery({ ...connectedAppsQuery(teamId), refetchInterval: CONNECTED_REFRESH_MS });
  const shown = hasFundQuestions && isConnected(connected.data, FUND_APP);
  if (!shown) return NO_TOP_BAR_ACTION;

  /** Spec §8: the info message while validating, then the completion message or the first error. */
  async function validate() {
    setValidating(true);
    const key = "sf360-validation";
    message.open({ key, type: "info", content: SF360_VALIDATING, duration: 0 });
    try {
      if (saveFirst && !(await saveFirst())) {
        message.destroy(key);
        return;
      }
      const outcome = await validateFundContacts(teamId, docId);
      const firstError = outcome.errors[0];
      if (firstError) message.open({ key, type: "error", content: firstError, duration: 8 });
      else {
        message.open({ key, type: "success", content: SF360_VALIDATED, duration: 10 });
        onValidated?.();
      }
    } catch (error) {
      message.open({
        key,
        type: "error",
        content: error instanceof Error ? error.message : INTEGRATION_IMPORT_FAILED,
        duration: 8,
      });
    } finally {
      setValidating(false);
    }
  }

  return topBarAction({
    key: "sf360-validate",
    label: VALIDATE_LABEL,
    icon: <CheckCircleOutlined />,
    busy: validating,
    run: () => void validate(),
  });
}
