import { CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Flex } from "antd";

/** Recovery codes shown once: the person copies or downloads them before going on. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { message } = App.useApp();
  const text = `Precedent recovery codes\nEach code signs you in once if you cannot use your authenticator app.\n\n${codes.join("\n")}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      message.success("Recovery codes copied.");
    } catch {
      message.error("Cannot copy here. Download the codes instead.");
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "precedent-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title="Save these recovery codes now"
        description="They are shown only once. Each code signs you in once if you lose your authenticator app."
      />
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          Download codes
        </Button>
      </Flex>
    </Flex>
  );
}
