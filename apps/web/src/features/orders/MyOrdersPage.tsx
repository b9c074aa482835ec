import { DownloadOutlined } from "@ant-design/icons";
import { type Order, type PaymentStatus, PURCHASE_FAILED } from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Card,
  Empty,
  Grid,
  Pagination,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { requestCheckout } from "../../api/catalogue";
import { isApiError } from "../../api/client";
import { invoiceHref, myOrdersQuery, orderProductQuery } from "../../api/orders";
import { LoadError } from "../../components/LoadError";
import { DOCUMENTS_PATH, TEMPLATES_PATH } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { formatDay } from "../../dates";
import "./orders.css";
import { formatCents } from "../catalogue/catalogue-model";
import { announceRedirect } from "../catalogue/PurchaseModal";
import { useTemplateFlow } from "../catalogue/use-template-flow";

const PAGE_SIZE = 10;

/** What each payment status is called on the page, and its colour. */
const STATUS: Record<PaymentStatus, { label: string; color: string }> = {
  paid: { label: "Paid", color: "green" },
  unpaid: { label: "Unpaid", color: "default" },
  used: { label: "Used", color: "blue" },
  declined: { label: "Declined", color: "red" },
};

/**
 * /my-account/my-orders: the person's orders in this firm (the 'Payment Confirmed' dialog says the
 * invoice is loaded here). A paid order not yet used starts its document from here, so nothing
 * that was paid for is ever stranded.
 */
export function MyOrdersPage() {
  const { team } = useCurrentTeam();
  return (
    <>
      <title>My Orders · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          My Orders
        </Typography.Title>
        {team && <Typography.Text type="secondary">{team.name}</Typography.Text>}
      </header>
      <Card className="page-card">
        {team ? (
          <OrdersTable teamId={team.id} />
        ) : (
          <Result status="info" title="You are not part of a firm yet" />
        )}
      </Card>
    </>
  );
}

function OrdersTable({ teamId }: { teamId: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const flow = useTemplateFlow(teamId);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const orders = useQuery(myOrdersQuery(teamId, page, PAGE_SIZE));
  const [busy, setBusy] = useState<number | undefined>(undefined);
  const wide = Grid.useBreakpoint().md ?? true;

  const start = async (order: Order) => {
    setBusy(order.id);
    try {
      // Read through the order: a template withdrawn from sale since is still what it paid for.
      const product = await queryClient.fetchQuery(orderProductQuery(teamId, order.id));
      flow.startFromOrder(product, order.id);
    } catch (error) {
      void message.error(isApiError(error) && error.message ? error.message : PURCHASE_FAILED);
    } finally {
      setBusy(undefined);
    }
  };

  const pay = async (order: Order) => {
    setBusy(order.id);
    try {
      const checkout = await requestCheckout(teamId, order.id);
      await announceRedirect(message);
      window.location.assign(checkout.url);
    } catch (error) {
      void message.error(
        isApiError(error) && error.status < 500 && error.message ? error.message : PURCHASE_FAILED,
      );
      setBusy(undefined);
    }
  };

  if (orders.isError) {
    return (
      <LoadError
        title="Cannot get your orders"
        error={orders.error}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  }

  const actionsOf = (order: Order) => {
    const template = order.line_items[0]?.name ?? "";
    return (
      <Space size={4} wrap>
        {order.has_invoice && (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            href={invoiceHref(teamId, order.id)}
            download
            aria-label={`Download invoice ${order.number}`}
          >
            Invoice
          </Button>
        )}
        {order.status === "paid" && (
          <Button
            size="small"
            type="primary"
            loading={busy === order.id}
            onClick={() => void start(order)}
            aria-label={`Start ${template} (order ${order.number})`}
          >
            Start
          </Button>
        )}
        {order.status === "unpaid" && (
          <Button
            size="small"
            loading={busy === order.id}
            onClick={() => void pay(order)}
            aria-label={`Pay order ${order.number}`}
          >
            Pay
          </Button>
        )}
        {order.status === "used" && order.document_id !== null && (
          <Link to={`${DOCUMENTS_PATH}?docId=${order.document_id}`}>Open document</Link>
        )}
      </Space>
    );
  };
  const statusTag = (order: Order) => {
    const status = STATUS[order.payment_status];
    return <Tag color={status.color}>{status.label}</Tag>;
  };

  const columns: TableColumnsType<Order> = [
    {
      key: "date",
      title: "Date",
      render: (_, order) => formatDay(order.created_at),
    },
    { key: "number", title: "Order", dataIndex: "number" },
    {
      key: "template",
      title: "Template",
      render: (_, order) => order.line_items[0]?.name ?? "",
    },
    {
      key: "total",
      title: "Total (inc. GST)",
      align: "right",
      render: (_, order) => formatCents(order.total),
    },
    {
      key: "status",
      title: "Status",
      render: (_, order) => statusTag(order),
    },
    { key: "actions", title: "Actions", render: (_, order) => actionsOf(order) },
  ];

  const rows = orders.data?.rows ?? [];
  const pagination = {
    current: page,
    pageSize: PAGE_SIZE,
    total: orders.data?.total_record ?? 0,
    hideOnSinglePage: true,
    showSizeChanger: false,
    onChange: (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 1) updated.delete("page");
          else updated.set("page", String(next));
          return updated;
        },
        { replace: true },
      ),
  };
  const empty = (
    <Empty description="No orders yet.">
      <Link to={TEMPLATES_PATH}>Browse our templates</Link>
    </Empty>
  );

  if (!wide) {
    // On a phone a table would hide status and actions off to the side: one card per order.
    if (orders.isPending) return <Skeleton active />;
    return (
      <>
        {rows.length === 0 ? (
          empty
        ) : (
          <ul className="orders-list" aria-label="Orders">
            {rows.map((order) => (
              <li
                key={order.id}
                className="orders-list__item"
                aria-label={order.line_items[0]?.name ?? order.number}
              >
                <div className="orders-list__head">
                  <Typography.Text strong>{order.line_items[0]?.name}</Typography.Text>
                  {statusTag(order)}
                </div>
                <Typography.Text type="secondary">
                  {formatDay(order.created_at)} · {order.number} · {formatCents(order.total)}
                </Typography.Text>
                {actionsOf(order)}
              </li>
            ))}
          </ul>
        )}
        <Pagination {...pagination} size="small" className="orders-list__pages" />
        {flow.element}
      </>
    );
  }

  return (
    <>
      <Table<Order>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={orders.isPending || (orders.isFetching && orders.isPlaceholderData)}
        locale={{ emptyText: empty }}
        pagination={pagination}
        scroll={{ x: "max-content" }}
      />
      {flow.element}
    </>
  );
}
