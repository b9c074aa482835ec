import { CloudUploadOutlined } from "@ant-design/icons";
import { CAS360_CERTIFICATE_UPLOADED, CAS360_SEND_CERTIFICATE } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App } from "antd";
import { useState } from "react";
import { connectedAppsQuery, isConnected, sendCertificateToCas360 } from "./api";
import { CONNECTED_REFRESH_MS } from "./InterviewIntegrations";
import { NO_TOP_BAR_ACTION, type TopBarAction, topBarAction } from "./top-bar-action";

/**
 * The interview top bar's CAS 360 actions (spec §2, "Top bar"): "Send certificate to CAS 360" on a
 * company ASIC registered, while CAS 360 is connected and the certificate is kept (30 days). The
 * certificate goes to CAS 360 by itself on registration; this sends it again, say after that upload
 * failed (the log's note). `button` is for the bar on wide screens; `menuItems` go in its "More
 * actions" menu on narrow ones.
 */
export function useCas360Actions({
  teamId,
  docId,
  certificateReady,
}: {
  teamId: number;
  docId: number;
  /** Whether the registration has a Certificate of Registration to download. */
  certificateReady: boolean;
}): TopBarAction {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  // The same query (and refresh) as the floating buttons: one request serves both.
  const connected = useQuery({ ...connectedAppsQuery(teamId), refetchInterval: CONNECTED_REFRESH_MS });
  if (!certificateReady || !isConnected(connected.data, "bglcas360")) return NO_TOP_BAR_ACTION;

  async function send() {
    setSending(true);
    const key = "cas360-certificate";
    try {
      await sendCertificateToCas360(teamId, docId);
      message.open({ key, type: "success", content: CAS360_CERTIFICATE_UPLOADED, duration: 6 });
    } catch (error) {
      // The server's reason: the spec's note to upload it by hand, or that the connection needs renewing.
      const content = error instanceof Error ? error.message : String(error);
      message.open({ key, type: "error", content, duration: 10 });
    } finally {
      setSending(false);
    }
  }

  return topBarAction({
    key: "cas360-certificate",
    label: CAS360_SEND_CERTIFICATE,
    icon: <CloudUploadOutlined />,
    busy: sending,
    run: () => void send(),
  });
}
