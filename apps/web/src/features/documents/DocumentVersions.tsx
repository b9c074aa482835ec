import { DownloadOutlined } from "@ant-design/icons";
import { type DocumentVersion, formatShortDayTime } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Skeleton, Space, Typography } from "antd";
import { documentVersionsQuery, versionDownloadHref } from "../../api/documents";
import { LoadError } from "../../components/LoadError";

const FILE_LABELS = { pdf: "PDF", word: "Word" } as const;

function changesText(version: DocumentVersion, isFirst: boolean) {
  if (isFirst) return "First version";
  if (version.changes.length === 0) return "No answers changed";
  return `Changed: ${version.changes.map((change) => change.question).join("; ")}`;
}

/**
 * The detail panel's Versions: every assembly of the document, newest first — when (Sydney
 * time), who, which answers changed since the version before, and that version's PDF and Word.
 */
export function DocumentVersions({ teamId, docId }: { teamId: number; docId: number }) {
  const versions = useQuery(documentVersionsQuery(teamId, docId));
  let body: React.ReactNode;
  if (versions.isPending) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (versions.isError)
    body = (
      <LoadError
        title="Cannot get the versions"
        error={versions.error}
        onRetry={() => void versions.refetch()}
        retrying={versions.isFetching}
      />
    );
  else if (versions.data.length === 0)
    body = <Typography.Text type="secondary">Not assembled yet: each assembly is kept here.</Typography.Text>;
  else {
    const oldest = Math.min(...versions.data.map((v) => v.version));
    body = (
      <ol className="doc-versions__list" aria-label="Versions">
        {versions.data.map((version) => (
          <li key={version.id} className="doc-versions__item">
            <Typography.Text strong>Version {version.version}</Typography.Text>
            <Typography.Text type="secondary" className="doc-versions__meta">
              {" "}
              ·{" "}
              <time dateTime={version.assembled_at}>
                {formatShortDayTime(new Date(version.assembled_at))}
              </time>{" "}
              · {version.assembled_by.display_name}
            </Typography.Text>
            <Typography.Paragraph
              className="doc-versions__changes"
              ellipsis={{ rows: 2, expandable: "collapsible", symbol: (open) => (open ? "Less" : "More") }}
            >
              {changesText(version, version.version === oldest)}
            </Typography.Paragraph>
            <Space size="middle" wrap>
              {version.files
                .filter((file) => file.can_download)
                .map((file) => (
                  <Typography.Link
                    key={file.kind}
                    href={versionDownloadHref(teamId, docId, version.version, file.kind)}
                    download
                    aria-label={`Download ${FILE_LABELS[file.kind]} of version ${version.version}`}
                  >
                    <DownloadOutlined /> {FILE_LABELS[file.kind]}
                  </Typography.Link>
                ))}
            </Space>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section className="doc-versions" aria-labelledby={`doc-versions-${docId}`}>
      <Typography.Title level={5} id={`doc-versions-${docId}`} className="doc-versions__title">
        Versions
      </Typography.Title>
      {body}
    </section>
  );
}
