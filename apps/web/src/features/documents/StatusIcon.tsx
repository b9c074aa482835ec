import {
  CheckCircleFilled,
  ClockCircleOutlined,
  EditOutlined,
  HourglassOutlined,
  SafetyCertificateOutlined,
} from "@ant-design/icons";
import { DOCUMENT_STATUSES, type DocumentStatus } from "@precedent/contracts";
import type { ComponentType } from "react";

/** Documents spec §4: each status has its own icon. */
const ICONS: Record<DocumentStatus, { Icon: ComponentType<{ className?: string }>; tone: string }> = {
  1: { Icon: EditOutlined, tone: "draft" },
  2: { Icon: ClockCircleOutlined, tone: "in-progress" },
  3: { Icon: SafetyCertificateOutlined, tone: "signed" },
  4: { Icon: HourglassOutlined, tone: "pending" },
  5: { Icon: CheckCircleFilled, tone: "completed" },
};

export function StatusIcon({ status }: { status: DocumentStatus }) {
  const { Icon, tone } = ICONS[status];
  return (
    <span className={`status-icon status-icon--${tone}`} role="img" aria-label={DOCUMENT_STATUSES[status]}>
      <Icon />
    </span>
  );
}
