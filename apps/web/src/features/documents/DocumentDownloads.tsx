import { FilePdfOutlined, FileWordOutlined } from "@ant-design/icons";
import type { DocumentRow } from "@precedent/contracts";
import { Button, Space } from "antd";
import { downloadsOf } from "./document-abilities";

const ICONS = {
  pdf: <FilePdfOutlined />,
  unsigned: <FilePdfOutlined />,
  word: <FileWordOutlined />,
} as const;

/** Download PDF and Download Word as the document's abilities allow; nothing when neither. */
export function DocumentDownloads({
  teamId,
  document,
}: {
  teamId: number;
  document: Pick<DocumentRow, "id" | "abilities"> & Partial<Pick<DocumentRow, "status" | "bundle_status">>;
}) {
  const downloads = downloadsOf(teamId, document);
  if (downloads.length === 0) return null;
  return (
    <Space wrap>
      {downloads.map((download) => (
        <Button key={download.kind} href={download.href} download icon={ICONS[download.kind]}>
          {download.label}
        </Button>
      ))}
    </Space>
  );
}
