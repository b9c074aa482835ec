import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Form, Input, InputNumber, Modal, Switch, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { createCreditPackage, creditPackagesQuery, updateCreditPackage } from "../../api/console-catalogue";
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

/**
 * Credit packages: add one, change its price and credits, offer or withdraw it (administrators
 * only). A package is never deleted: orders point at it, so one no longer sold is withdrawn.
 */
export function CreditPackages() {
  const packages = useQuery(creditPackagesQuery());
  // null: closed; "new": adding one; a row: changing it.
  const [editing, setEditing] = useState<PackageRow | "new" | null>(null);
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
    <Flex vertical gap={12}>
      <Flex>
        <Button onClick={() => setEditing("new")}>Add a credit package</Button>
      </Flex>
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
          key={editing === "new" ? "new" : `${editing.id}:${editing.version}`}
          row={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

type PackageForm = { name: string; price_dollars: number; credits: number; active: boolean };

/** A package's terms: a new one (`row` null) or an existing one's. */
function PackageDialog({ row, onClose }: { row: PackageRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PackageForm>();
  const save = useMutation({
    mutationFn: (values: PackageForm) => {
      const terms = {
        price_cents: Math.round(values.price_dollars * 100),
        credits: values.credits,
        active: values.active,
      };
      return row
        ? updateCreditPackage(row.id, { version: row.version, ...terms })
        : createCreditPackage({ name: values.name, ...terms });
    },
    onSuccess: (saved) => {
      void message.success(row ? `${saved.name} was saved.` : `${saved.name} was added.`);
      onClose();
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "credit-packages"] });
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      const named = (field: string) => (field === "price_cents" ? "price_dollars" : field);
      if (fields.length > 0)
        form.setFields(
          fields.map((e) => ({ name: named(e.field) as keyof PackageForm, errors: [e.message] })),
        );
      else if (!row) form.setFields([{ name: "name", errors: [error.message] }]);
      else void message.error(error.message);
    },
  });
  return (
    <Modal
      open
      title={row ? `Change ${row.name}` : "Add a credit package"}
      okText={row ? "Save package" : "Add package"}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          row
            ? { price_dollars: row.price_cents / 100, credits: row.credits, active: row.active }
            : { active: true }
        }
        onFinish={(values) => save.mutate(values)}
      >
        {row === null && (
          <Form.Item
            label="Name"
            name="name"
            extra="What firms choose between, such as “25 Credits”."
            rules={[{ required: true, whitespace: true, message: "Enter a name" }]}
          >
            <Input autoFocus autoComplete="off" maxLength={80} />
          </Form.Item>
        )}
        <Form.Item
          label="Price (AUD, GST included)"
          name="price_dollars"
          rules={[{ required: true, message: "Enter the price in dollars, such as 220.00" }]}
        >
          <InputNumber min={0.01} precision={2} autoFocus={row !== null} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label="Credits it adds"
          name="credits"
          rules={[{ required: true, message: "Enter a number of credits" }]}
        >
          <InputNumber min={1} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Offered to firms" name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
        {/* Enter in a field saves, as the dialog's own button does (it sits outside the form). */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
