import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, InputNumber, Modal, Switch, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { creditPackagesQuery, updateCreditPackage } from "../../api/console-catalogue";
import { LoadError } from "../../components/LoadError";
import { formatAud } from "./money";
import "./catalogue.css";
import { StateTag } from "./StateTag";

type PackageRow = {
  id: number;
  name: string;
  price_cents: number;
  credits: number;
  active: boolean;
  version: number;
};

/** Credit packages: price, credits and whether firms are offered it (administrators only). */
export function CreditPackages() {
  const packages = useQuery(creditPackagesQuery());
  const [editing, setEditing] = useState<PackageRow | null>(null);
  if (packages.isError)
    return (
      <LoadError
        title="The credit packages could not be loaded"
        error={packages.error}
        onRetry={() => packages.refetch()}
      />
    );
  const columns: ColumnsType<PackageRow> = [
    { title: "Package", dataIndex: "name" },
    { title: "Price inc. GST", dataIndex: "price_cents", render: (c: number) => formatAud(c) },
    { title: "Credits", dataIndex: "credits" },
    {
      title: "State",
      dataIndex: "active",
      render: (active: boolean) => <StateTag good={active}>{active ? "Offered" : "Withdrawn"}</StateTag>,
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing(row)}>
          Change {row.name}
        </Button>
      ),
    },
  ];
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Credit packages">
        <Table<PackageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={packages.data?.rows ?? []}
          loading={packages.isFetching}
          pagination={false}
          style={{ minWidth: 640 }}
        />
      </section>
      {/* Its own form per opening: a form kept across openings would show the package changed
          before with the next one's title, and Save would write those values to it. */}
      {editing && (
        <PackageDialog
          key={`${editing.id}:${editing.version}`}
          row={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function PackageDialog({ row, onClose }: { row: PackageRow; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ price_dollars: number; credits: number; active: boolean }>();
  const save = useMutation({
    mutationFn: (values: { price_dollars: number; credits: number; active: boolean }) =>
      updateCreditPackage(row.id, {
        version: row.version,
        price_cents: Math.round(values.price_dollars * 100),
        credits: values.credits,
        active: values.active,
      }),
    onSuccess: (saved) => {
      void message.success(`${saved.name} was saved.`);
      onClose();
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "credit-packages"] });
    },
    onError: (error: Error) => void message.error(error.message),
  });
  return (
    <Modal
      open
      title={`Change ${row.name}`}
      okText="Save package"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ price_dollars: row.price_cents / 100, credits: row.credits, active: row.active }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Price (AUD, GST included)" name="price_dollars">
          <InputNumber min={0.01} precision={2} autoFocus style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Credits it adds" name="credits">
          <InputNumber min={1} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Offered to firms" name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
