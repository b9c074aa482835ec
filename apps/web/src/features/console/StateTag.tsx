import { Tag } from "antd";
import type { ReactNode } from "react";

/**
 * A tag for a finished or good state. Our own green, as OutcomeTag's: antd's preset green reads
 * at 3.4:1 on its own ground, under the 4.5:1 small text needs.
 */
export function StateTag({ good, children }: { good: boolean; children: ReactNode }) {
  return (
    <Tag style={good ? { color: "#1b5e20", background: "#e8f5e9", borderColor: "#81c784" } : {}}>
      {children}
    </Tag>
  );
}
