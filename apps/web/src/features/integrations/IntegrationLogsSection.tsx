import type { DocumentLogEntry } from "@precedent/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Modal, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { type DocumentLogFilter, integrationLogQuery } from "../../api/logs";
import { IntegrationLogDetail, IntegrationLogEntries } from "../logs/IntegrationLogEntries";

/**
 * The integrations page's Logs (issue 17: the integration logs appear in the Document Logs modal
 * and on this page): the entries across documents with the modal's filters, list and detail;
 * owners and managers see the firm's, members their own (the server decides).
 */
export function IntegrationLogsSection({ teamId }: { teamId: number }) {
  const [filter, setFilter] = useState<DocumentLogFilter>("all");
  const [detail, setDetail] = useState<DocumentLogEntry | undefined>(undefined);
  const log = useInfiniteQuery({ ...integrationLogQuery(teamId, filter), enabled: teamId > 0 });
  const scope = log.data?.pages[0]?.scope;

  return (
    <section className="integrations__group integrations__logs" aria-labelledby="integration-logs">
      <Typography.Title level={2} id="integration-logs" className="integrations__group-title">
        Logs
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {scope === "own"
          ? "What you sent to and received from your connected apps, across your documents."
          : "What your firm sent to and received from connected apps, across documents."}{" "}
        Every action is in the <Link to="/my-account/activity-log">Activity Log</Link>.
      </Typography.Paragraph>
      <IntegrationLogEntries
        log={log}
        filter={filter}
        onFilterChange={setFilter}
        onView={setDetail}
        listLabel="Integration log entries"
        errorTitle="Cannot get the integration logs"
        showDocument
      />
      <Modal
        open={Boolean(detail)}
        title="Log Detail"
        footer={null}
        onCancel={() => setDetail(undefined)}
        destroyOnHidden
      >
        {detail && <IntegrationLogDetail entry={detail} onBack={() => setDetail(undefined)} />}
      </Modal>
    </section>
  );
}
