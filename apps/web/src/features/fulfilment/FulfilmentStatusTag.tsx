import type { FulfilmentStatus } from "@precedent/contracts";
import { Tag } from "antd";

const SHOWN: Record<FulfilmentStatus, { label: string; color: string }> = {
  requested: { label: "Awaiting payment", color: "gold" },
  paid: { label: "Paid", color: "blue" },
  in_progress: { label: "In progress", color: "processing" },
  completed: { label: "Completed", color: "green" },
  cancelled: { label: "Cancelled", color: "default" },
};

/** A legal review's or hard copy's state, in words. */
export function FulfilmentStatusTag({ status }: { status: FulfilmentStatus }) {
  return <Tag color={SHOWN[status].color}>{SHOWN[status].label}</Tag>;
}
