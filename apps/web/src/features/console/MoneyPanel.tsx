import type { MoneyOrderSummary } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Flex, Input, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { type MoneyFilter, moneyOrdersQuery, takingsQuery } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { formatDay, sydneyToday } from "../../dates";
import { MoneyOrderView } from "./MoneyOrderView";
import { dollars } from "./money-format";
import { OrderState } from "./OrderState";
import "./queues.css";

const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  { value: "unpaid", label: "Unpaid" },
  { value: "paid", label: "Paid" },
  { value: "used", label: "Used" },
  { value: "refunded", label: "Refunded (any amount)" },
];

/**
 * Money (issue 37 item 6): orders across firms, newest first, found by firm name, order number or
 * customer email, by status and by Sydney days; an order opens with its payments and refunds. A
 * day's takings sit above. The open order is kept in the address (`?order=`).
 */
export function MoneyPanel() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get("order")) || null;
  const [text, setText] = useState("");
  const [filter, setFilter] = useState<MoneyFilter>({ page: 1 });
  const [day, setDay] = useState(() => sydneyToday().format("YYYY-MM-DD"));
  const orders = useQuery(moneyOrdersQuery(filter));
  const takings = useQuery(takingsQuery(day));
  const open = (id: number | null) => setParams({ tab: "money", ...(id ? { order: String(id) } : {}) });

  if (openId) return <MoneyOrderView id={openId} onBack={() => open(null)} />;

  const columns: ColumnsType<MoneyOrderSummary> = [
    {
      title: "Order",
      dataIndex: "number",
      render: (number: string, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => open(row.id)}>
          {number}
        </Button>
      ),
    },
    { title: "Firm", key: "firm", render: (_, row) => row.firm.name },
    { title: "Customer", dataIndex: "customer_email" },
    { title: "Item", dataIndex: "product_name" },
    { title: "Total", dataIndex: "total", align: "right", render: (cents: number) => dollars(cents) },
    { title: "State", key: "state", render: (_, row) => <OrderState order={row} /> },
    { title: "Ordered", dataIndex: "created_at", render: (iso: string) => formatDay(iso) },
  ];

  return (
    <Flex vertical gap={16}>
      <section aria-label="A day's takings">
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Takings
          </Typography.Title>
          <label htmlFor="takings-day">Day</label>
          <Input
            id="takings-day"
            type="date"
            value={day}
            onChange={(e) => e.target.value && setDay(e.target.value)}
            style={{ width: 170 }}
          />
        </Flex>
        {takings.isError ? (
          <LoadError
            title="The takings could not be loaded"
            error={takings.error}
            onRetry={() => takings.refetch()}
          />
        ) : (
          takings.data && (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 5 }}
              items={[
                { key: "n", label: "Paid orders", children: takings.data.paid_orders },
                { key: "gross", label: "Gross", children: dollars(takings.data.gross) },
                { key: "gst", label: "GST", children: dollars(takings.data.gst) },
                { key: "refunds", label: "Refunds", children: dollars(takings.data.refunds) },
                { key: "net", label: "Net", children: dollars(takings.data.net) },
              ]}
            />
          )
        )}
      </section>
      <Flex gap={8} wrap align="center">
        <Input.Search
          aria-label="Find orders by firm name, order number or customer email"
          placeholder="Firm, order number or email"
          enterButton="Search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => setFilter((f) => ({ ...f, page: 1, q: value.trim() || undefined }))}
          style={{ maxWidth: 420 }}
        />
        <Select
          aria-label="Status"
          value={filter.status ?? ""}
          options={STATUS_OPTIONS}
          onChange={(value: string) =>
            setFilter((f) => ({ ...f, page: 1, status: (value || undefined) as MoneyFilter["status"] }))
          }
          style={{ width: 200 }}
        />
        <label htmlFor="money-from">Ordered from</label>
        <Input
          id="money-from"
          type="date"
          value={filter.from ?? ""}
          onChange={(e) => setFilter((f) => ({ ...f, page: 1, from: e.target.value || undefined }))}
          style={{ width: 170 }}
        />
        <label htmlFor="money-to">to</label>
        <Input
          id="money-to"
          type="date"
          value={filter.to ?? ""}
          onChange={(e) => setFilter((f) => ({ ...f, page: 1, to: e.target.value || undefined }))}
          style={{ width: 170 }}
        />
      </Flex>
      {orders.isError ? (
        <LoadError
          title="The orders could not be loaded"
          error={orders.error}
          onRetry={() => orders.refetch()}
        />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
        <section className="console__scroll" tabIndex={0} aria-label="Orders">
          <Table<MoneyOrderSummary>
            rowKey="id"
            size="middle"
            loading={orders.isFetching}
            columns={columns}
            dataSource={orders.data?.rows ?? []}
            style={{ minWidth: 900 }}
            locale={{ emptyText: <span className="console__empty">No order matches.</span> }}
            pagination={{
              current: orders.data?.page ?? 1,
              total: orders.data?.total_record ?? 0,
              pageSize: 25,
              showSizeChanger: false,
              onChange: (page) => setFilter((f) => ({ ...f, page })),
            }}
          />
        </section>
      )}
    </Flex>
  );
}
