import type { FirmSummary } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Flex, Input, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { firmSearchQuery } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { FirmView } from "./FirmView";
import { StateTag } from "./StateTag";

/**
 * Firms and people (issue 37 item 5): find a firm by name, owner's email or ABN, then open it
 * (read only, and the opening is audited). The open firm is kept in the address (`?firm=`).
 */
export function FirmsPanel() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get("firm")) || null;
  const [text, setText] = useState(params.get("q") ?? "");
  const [searched, setSearched] = useState(params.get("q") ?? "");
  const results = useQuery(firmSearchQuery(searched));
  const open = (id: number | null) =>
    setParams({ tab: "firms", ...(searched ? { q: searched } : {}), ...(id ? { firm: String(id) } : {}) });

  if (openId) return <FirmView id={openId} onBack={() => open(null)} />;

  const columns: ColumnsType<FirmSummary> = [
    {
      title: "Firm",
      dataIndex: "name",
      render: (name: string, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => open(row.id)}>
          {name}
        </Button>
      ),
    },
    { title: "Owner", key: "owner", render: (_, row) => `${row.owner.name} (${row.owner.email})` },
    { title: "ABN", dataIndex: "abn", render: (abn: string) => abn || "—" },
    { title: "Plan", dataIndex: "plan_name" },
    {
      title: "State",
      dataIndex: "locked",
      render: (locked: boolean) => <StateTag good={!locked}>{locked ? "Locked" : "Open"}</StateTag>,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Input.Search
        aria-label="Find a firm by name, owner's email or ABN"
        placeholder="Firm name, owner's email or ABN"
        enterButton="Search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) => {
          setSearched(value.trim());
          setParams({ tab: "firms", q: value.trim() }, { replace: true });
        }}
        style={{ maxWidth: 520 }}
      />
      {searched.length > 0 && searched.length < 2 && (
        <Typography.Text type="danger">Enter at least 2 characters.</Typography.Text>
      )}
      {results.isError ? (
        <LoadError title="The search failed" error={results.error} onRetry={() => results.refetch()} />
      ) : (
        searched.length >= 2 && (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
          <section className="console__scroll" tabIndex={0} aria-label="Firms found">
            <Table<FirmSummary>
              rowKey="id"
              size="middle"
              loading={results.isFetching}
              columns={columns}
              dataSource={results.data?.rows ?? []}
              style={{ minWidth: 760 }}
              pagination={false}
              locale={{ emptyText: "No firm matches." }}
            />
          </section>
        )
      )}
    </Flex>
  );
}
