import type { AuditEntry } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useSearchParams } from "react-router";
import { auditQuery } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";

const asText = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

const columns: ColumnsType<AuditEntry> = [
  { title: "When", dataIndex: "at", render: (iso: string) => formatInstant(iso, "D MMM YYYY h:mm:ss a") },
  { title: "Who", key: "staff", render: (_, row) => `${row.staff.name} (${row.staff.email})` },
  { title: "Action", dataIndex: "action" },
  { title: "Target", dataIndex: "target" },
  { title: "Before", dataIndex: "before", render: (v: unknown) => <code>{asText(v)}</code> },
  { title: "After", dataIndex: "after", render: (v: unknown) => <code>{asText(v)}</code> },
];

/** Every staff action, newest first: the log the database keeps append-only. */
export function AuditLogPanel() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const audit = useQuery(auditQuery(page));
  if (audit.isError)
    return (
      <LoadError
        title="The audit log could not be loaded"
        error={audit.error}
        onRetry={() => audit.refetch()}
      />
    );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1); the log has no button or link to reach it by
    <section className="console__scroll" tabIndex={0} aria-label="Audit log entries">
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={audit.isFetching}
        columns={columns}
        dataSource={audit.data?.rows ?? []}
        style={{ minWidth: 1000 }}
        pagination={{
          current: page,
          pageSize: 50,
          total: audit.data?.total_record ?? 0,
          showSizeChanger: false,
          onChange: (next) => setParams({ tab: "audit", page: String(next) }),
        }}
      />
    </section>
  );
}
