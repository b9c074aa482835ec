import { Tag } from "antd";

/**
 * 'Passed' or 'Failed' on a log entry. Our own colours, not antd's preset: the theme's success
 * green derives a ground too dark for its text (2.6:1); dark text on a pale ground reads at 7:1.
 */
export function OutcomeTag({ passed }: { passed: boolean }) {
  return passed ? (
    <Tag style={{ color: "#1b5e20", background: "#e8f5e9", borderColor: "#81c784" }}>Passed</Tag>
  ) : (
    <Tag style={{ color: "#8e1b1b", background: "#fdecea", borderColor: "#ef9a9a" }}>Failed</Tag>
  );
}
