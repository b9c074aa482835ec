import type { DocumentLogEntry } from "@precedent/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Modal, Typography } from "antd";
import { useState } from "react";
import { type DocumentLogFilter, documentLogQuery } from "../../../api/logs";
import { IntegrationLogDetail, IntegrationLogEntries } from "../../logs/IntegrationLogEntries";

/**
 * 'Document Logs' of one document (account-area §2): what was done to it and sent for it, newest
 * first, 15 at a time with 'Load more'; the filters Total, Total Data Passed and Total Data
 * Failed, each with its count; and each entry's detail. The integrations page shows the same
 * entries across documents with the same components.
 */
export function DocumentLogsDialog({
  teamId,
  docId,
  docName,
  onClose,
}: {
  teamId: number;
  docId: number;
  docName: string;
  onClose: () => void;
}) {
  const [filter, setFilter] = useState<DocumentLogFilter>("all");
  const [detail, setDetail] = useState<DocumentLogEntry | undefined>(undefined);
  const log = useInfiniteQuery(documentLogQuery(teamId, docId, filter));

  return (
    <Modal open title="Document Logs" footer={null} onCancel={onClose} destroyOnHidden>
      {detail ? (
        <IntegrationLogDetail entry={detail} onBack={() => setDetail(undefined)} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Doc ID {docId} - {docName}
          </Typography.Paragraph>
          <IntegrationLogEntries
            log={log}
            filter={filter}
            onFilterChange={setFilter}
            onView={setDetail}
            listLabel="Document log entries"
            errorTitle="Cannot get the document logs"
          />
        </>
      )}
    </Modal>
  );
}
