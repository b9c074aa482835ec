import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import type { ConsoleCategory } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useEffect, useState } from "react";
import {
  catalogueCategoriesQuery,
  createCategory,
  deleteCategory,
  moveCategory,
  removeCategoryImage,
  setPlanRules,
  updateCategory,
  uploadCategoryImage,
} from "../../api/console-catalogue";
import { LoadError } from "../../components/LoadError";
import { CatalogueImageField } from "./CatalogueImageField";
import "./catalogue.css";

type CategoryForm = { name: string; parent_id: number | null };
const TOP = 0;
const RULE_OPTIONS = [
  { value: "none", label: "No rule" },
  { value: "full", label: "Included in the plan" },
  { value: "excluded", label: "Strategist only" },
];

/**
 * The category tree: add, rename and move (the server refuses a cycle), put in order among the
 * categories beside it (the order firms see), and for administrators each plan's rule per
 * category.
 */
export function CatalogueCategories() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const categories = useQuery(catalogueCategoriesQuery());
  const [editing, setEditing] = useState<ConsoleCategory | "new" | null>(null);
  const [deleting, setDeleting] = useState<ConsoleCategory | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "catalogue"] });
  /** A moved category whose button gets the focus back once the table shows the new order. */
  const [refocus, setRefocus] = useState<{ id: number; direction: "up" | "down"; at: number } | null>(null);
  const order = useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: "up" | "down"; at: number }) =>
      moveCategory(id, { direction }),
    onSuccess: (row, moved) => {
      void message.success(`${row.name} was moved ${moved.direction}.`);
      setRefocus(moved);
      return refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });
  // One move at a time.
  const move = (id: number, direction: "up" | "down", at: number) => {
    if (!order.isPending) order.mutate({ id, direction, at: direction === "up" ? at - 1 : at + 1 });
  };
  const rules = useMutation({
    mutationFn: ({ id, planId, rule }: { id: number; planId: number; rule: string }) =>
      setPlanRules(id, {
        rules: [{ plan_id: planId, rule: rule === "none" ? null : (rule as "full" | "excluded") }],
      }),
    onSuccess: (row) => {
      void message.success(`The plan rules of ${row.name} were saved.`);
      void refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });

  useEffect(() => {
    if (!refocus) return;
    const all = categories.data?.rows ?? [];
    const moved = all.find((c) => c.id === refocus.id);
    if (!moved) return;
    const beside = all.filter((c) => c.parent_id === moved.parent_id && c.hidden === moved.hidden);
    // Not yet the table after the move: wait for the next one.
    if (beside.findIndex((c) => c.id === refocus.id) !== refocus.at) return;
    // The button pressed keeps the focus (it stays focusable at an end, marked aria-disabled), so
    // moving again by keyboard is one more key press.
    document.querySelector<HTMLButtonElement>(`[data-move="${refocus.id}-${refocus.direction}"]`)?.focus();
    setRefocus(null);
  }, [refocus, categories.data]);

  if (categories.isError)
    return (
      <LoadError
        title="The categories could not be loaded"
        error={categories.error}
        onRetry={() => categories.refetch()}
      />
    );
  const data = categories.data;
  const rows = data?.rows ?? [];
  const besideOf = (row: ConsoleCategory) =>
    rows.filter((c) => c.parent_id === row.parent_id && c.hidden === row.hidden);
  const names = new Map(rows.map((c) => [c.id, c.name]));

  const columns: ColumnsType<ConsoleCategory> = [
    { title: "Category", dataIndex: "name" },
    {
      title: "Inside",
      dataIndex: "parent_id",
      render: (id: number | null) => (id === null ? "—" : names.get(id)),
    },
    ...(data?.plans ?? []).map((plan) => ({
      title: plan.name,
      key: `plan-${plan.id}`,
      render: (_: unknown, row: ConsoleCategory) => {
        const rule = row.rules.find((r) => r.plan_id === plan.id)?.rule ?? "none";
        return data?.abilities.edit_plan_rules ? (
          <Select
            aria-label={`${plan.name} rule for ${row.name}`}
            value={rule}
            options={RULE_OPTIONS}
            onChange={(next) => rules.mutate({ id: row.id, planId: plan.id, rule: next })}
            style={{ minWidth: 170 }}
          />
        ) : (
          RULE_OPTIONS.find((o) => o.value === rule)?.label
        );
      },
    })),
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => {
        const beside = besideOf(row);
        const at = beside.findIndex((c) => c.id === row.id);
        return (
          <Flex gap={4} wrap>
            <Button size="small" onClick={() => setEditing(row)}>
              Rename or move {row.name}
            </Button>
            {!row.hidden && (
              <Button size="small" danger onClick={() => setDeleting(row)}>
                Delete {row.name}
              </Button>
            )}
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={`Move ${row.name} up`}
              data-move={`${row.id}-up`}
              aria-disabled={at <= 0}
              className={at <= 0 ? "console-order__end" : undefined}
              onClick={() => at > 0 && move(row.id, "up", at)}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={`Move ${row.name} down`}
              data-move={`${row.id}-down`}
              aria-disabled={at === beside.length - 1}
              className={at === beside.length - 1 ? "console-order__end" : undefined}
              onClick={() => at < beside.length - 1 && move(row.id, "down", at)}
            />
          </Flex>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button onClick={() => setEditing("new")}>Add a category</Button>
      </Flex>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Categories">
        <Table<ConsoleCategory>
          rowKey="id"
          size="small"
          loading={categories.isFetching}
          columns={columns}
          dataSource={rows}
          style={{ minWidth: 900 }}
          pagination={false}
        />
      </section>
      {deleting && (
        <DeleteCategoryDialog
          category={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => void refresh()}
        />
      )}
      {editing && (
        <CategoryDialog
          category={editing === "new" ? null : editing}
          rows={rows}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      )}
    </Flex>
  );
}

function CategoryDialog({
  category,
  rows,
  onClose,
  onSaved,
}: {
  category: ConsoleCategory | null;
  rows: ConsoleCategory[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CategoryForm>();
  // The image is saved on its own, at once: the dialog shows the one the server answered.
  const [imageUrl, setImageUrl] = useState(category?.image_url ?? null);
  const imageSaved = (row: ConsoleCategory) => {
    setImageUrl(row.image_url);
    onSaved();
  };
  const save = useMutation({
    mutationFn: (values: CategoryForm) => {
      const body = { name: values.name, parent_id: values.parent_id === TOP ? null : values.parent_id };
      return category ? updateCategory(category.id, body) : createCategory(body);
    },
    onSuccess: (row) => {
      void message.success(`${row.name} was saved.`);
      onSaved();
      onClose();
    },
    onError: (error: Error) => form.setFields([{ name: "name", errors: [error.message] }]),
  });
  const parents = [
    { value: TOP, label: "At the top" },
    ...rows.filter((c) => c.id !== category?.id).map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <Modal
      open
      title={category ? `Rename or move ${category.name}` : "Add a category"}
      okText="Save category"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<CategoryForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: category?.name ?? "", parent_id: category?.parent_id ?? TOP }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Name" name="name">
          <Input autoFocus />
        </Form.Item>
        <Form.Item label="Inside" name="parent_id">
          <Select options={parents} optionFilterProp="label" showSearch />
        </Form.Item>
      </Form>
      {category ? (
        <CatalogueImageField
          imageUrl={imageUrl}
          alt={`Image of the category ${category.name}`}
          upload={async (file) => imageSaved(await uploadCategoryImage(category.id, file))}
          remove={async () => imageSaved(await removeCategoryImage(category.id))}
        />
      ) : (
        <Typography.Text type="secondary">
          Once the category is added, open it again to give it an image.
        </Typography.Text>
      )}
    </Modal>
  );
}

/**
 * Asks before deleting a category. The server refuses (409) while something holds it and says
 * what: the refusal stays in the dialog, nothing is changed, and the dialog can be closed.
 */
function DeleteCategoryDialog({
  category,
  onClose,
  onDeleted,
}: {
  category: ConsoleCategory;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { message } = App.useApp();
  const remove = useMutation({
    mutationFn: () => deleteCategory(category.id),
    onSuccess: () => {
      void message.success(`${category.name} was deleted.`);
      onDeleted();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`Delete ${category.name}?`}
      okText="Delete category"
      okButtonProps={{ danger: true, autoFocus: true, disabled: remove.isError }}
      cancelText={remove.isError ? "Close" : "Cancel"}
      confirmLoading={remove.isPending}
      onOk={() => remove.mutate()}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        Only an empty category can go: no sub categories, no products, and no plan rule or coupon naming it. A
        deleted category does not come back when the catalogue is seeded again.
      </Typography.Paragraph>
      {remove.isError && <Alert type="error" showIcon role="alert" message={remove.error.message} />}
    </Modal>
  );
}
