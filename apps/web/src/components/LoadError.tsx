import { ReloadOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";

type LoadErrorProps = {
  title: string;
  error: Error;
  onRetry: () => void;
  retrying?: boolean;
};

/** A failed load, what went wrong, and a way to try again. */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={error.message}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    />
  );
}
