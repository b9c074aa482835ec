import type { FulfilmentKind, FulfilmentStatus } from "@precedent/contracts";
import { Tag } from "antd";

const SHOWN: Record<FulfilmentStatus, { label: string; color: string }> = {
  requested: { label: "Awaiting payment", color: "gold" },
  paid: { label: "Paid", color: "blue" },
  in_progress: { label: "In progress", color: "processing" },
  completed: { label: "Completed", color: "green" },
  cancelled: { label: "Cancelled", color: "default" },
};

/** In progress means in review for a legal review, and printed and sent for a hard copy. */
const IN_PROGRESS: Record<FulfilmentKind, string> = { legal_review: "In review", hard_copy: "Sent" };

/** A legal review's or hard copy's state, in words. */
export function FulfilmentStatusTag({ status, kind }: { status: FulfilmentStatus; kind: FulfilmentKind }) {
  const label = status === "in_progress" ? IN_PROGRESS[kind] : SHOWN[status].label;
  return <Tag color={SHOWN[status].color}>{label}</Tag>;
}
