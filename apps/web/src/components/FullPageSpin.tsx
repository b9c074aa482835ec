import { Flex, Spin, Typography } from "antd";

/** A centred spinner for the moment before a page can show anything. */
export function FullPageSpin({ label }: { label: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: "60vh" }} role="status">
      <Spin size="large" />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}
