import { Flex, Spin, theme } from "antd";

/**
 * A centred spinner for the moment before a page can show anything. It is part of the first load,
 * so its label is a plain span in the secondary text colour: antd's Typography would bring its
 * editable-text and tooltip machinery (with the form library behind them) into that load.
 */
export function FullPageSpin({ label }: { label: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: "60vh" }} role="status">
      <Spin size="large" />
      <span style={{ color: token.colorTextSecondary }}>{label}</span>
    </Flex>
  );
}
