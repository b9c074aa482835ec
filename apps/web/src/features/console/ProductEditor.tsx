import {
  CATALOGUE_BADGE_LABELS,
  CATALOGUE_BADGES,
  CONSOLE_CATALOGUE_MESSAGES,
  type ConsoleProduct,
  UpdateProductRequest,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Table,
  Typography,
} from "antd";
import { useState } from "react";
import { isApiError } from "../../api/client";
import {
  catalogueCategoriesQuery,
  catalogueProductQuery,
  removeProduct,
  removeProductImage,
  restoreProduct,
  updateProduct,
  uploadProductImage,
} from "../../api/console-catalogue";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { CatalogueImageField } from "./CatalogueImageField";
import { formatAud } from "./money";
import "./catalogue.css";

type ProductForm = {
  name: string;
  price_dollars: number;
  short_description: string;
  description: string;
  video_url: string;
  badges: string[];
  category_ids: number[];
  faq: { question: string; answer: string }[];
};

const formOf = (p: ConsoleProduct): ProductForm => ({
  name: p.name,
  price_dollars: p.price_cents / 100,
  short_description: p.short_description,
  description: p.description,
  video_url: p.video_url ?? "",
  badges: p.badges,
  category_ids: p.categories.map((c) => c.id),
  faq: p.faq,
});

/** A field of the form from a field of the request (the price is asked in dollars). */
const formField = (field: string) => (field === "price_cents" ? "price_dollars" : field);

/**
 * One product as staff edit it (issue 37 item 3): what the server's abilities allow (the price
 * only for administrators), saved with the version it was read at, and its history below.
 */
export function ProductEditor({ id, onBack }: { id: number; onBack: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const product = useQuery(catalogueProductQuery(id));
  const categories = useQuery(catalogueCategoriesQuery());
  const [form] = Form.useForm<ProductForm>();
  const save = useMutation({
    mutationFn: (body: UpdateProductRequest) => updateProduct(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueProductQuery(id).queryKey, saved);
      form.setFieldsValue(formOf(saved));
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "products"] });
      void message.success(`${saved.name} was saved.`);
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(
          fields.map((e) => ({ name: formField(e.field) as keyof ProductForm, errors: [e.message] })),
        );
      else void message.error(error.message);
    },
  });

  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeProduct(id),
    onSuccess: (removed) => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue"] });
      void message.success(removed.explanation, 8);
      if (removed.outcome === "deleted") onBack();
    },
    onError: (error: Error) => {
      setConfirming(false);
      void message.error(error.message);
    },
  });

  const restore = useMutation({
    mutationFn: (published: boolean) => restoreProduct(id, published),
    onSuccess: (restored) => {
      queryClient.setQueryData(catalogueProductQuery(id).queryKey, restored);
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "products"] });
      void message.success(CONSOLE_CATALOGUE_MESSAGES.productRestored);
    },
    onError: (error: Error) => void message.error(error.message, 8),
  });
  /** An image change moves the product's version: the editor keeps the one the server sent. */
  const imageSaved = (saved: ConsoleProduct) => {
    queryClient.setQueryData(catalogueProductQuery(id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "products"] });
  };

  const back = (
    <Flex>
      <Button onClick={onBack}>Back to the products</Button>
    </Flex>
  );
  if (product.isError)
    return (
      <Flex vertical gap={12}>
        {back}
        <LoadError
          title="The product could not be loaded"
          error={product.error}
          onRetry={() => product.refetch()}
        />
      </Flex>
    );
  const view = product.data;
  if (!view) return back;

  const submit = (values: ProductForm) => {
    const body = {
      version: view.version,
      name: values.name,
      short_description: values.short_description ?? "",
      description: values.description ?? "",
      video_url: values.video_url?.trim() ? values.video_url.trim() : null,
      badges: values.badges,
      category_ids: values.category_ids,
      faq: values.faq ?? [],
      ...(view.abilities.edit_price ? { price_cents: Math.round((values.price_dollars ?? 0) * 100) } : {}),
    };
    const parsed = UpdateProductRequest.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({
          name: (i.path.length > 1
            ? [formField(String(i.path[0])), ...i.path.slice(1)]
            : formField(String(i.path[0]))) as never,
          errors: [i.message],
        })),
      );
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {view.name}
      </Typography.Title>
      <Typography.Text type="secondary">
        SKU {view.sku} ·{" "}
        {view.status === "publish"
          ? "Published"
          : view.status === "withdrawn"
            ? "Withdrawn"
            : "Not published"}{" "}
        · now {formatAud(view.price_cents)} inc. GST
        {view.template ? ` · assembles ${view.template}` : ""}
      </Typography.Text>
      {view.status === "withdrawn" && (
        <Alert
          type="info"
          showIcon
          message="Withdrawn"
          description={
            <Flex vertical gap={8} align="start">
              <span>
                Firms no longer see this product. It is kept because orders or documents point at it, so their
                history still names it.
              </span>
              {view.abilities.restore && (
                <Flex gap={8} wrap>
                  <Button type="primary" loading={restore.isPending} onClick={() => restore.mutate(true)}>
                    Put back on sale
                  </Button>
                  <Button disabled={restore.isPending} onClick={() => restore.mutate(false)}>
                    Back as a draft
                  </Button>
                </Flex>
              )}
            </Flex>
          }
        />
      )}
      {view.abilities.remove && (
        <Flex>
          <Button danger onClick={() => setConfirming(true)}>
            Remove {view.name}
          </Button>
        </Flex>
      )}
      {confirming && (
        <Modal
          open
          title={`Remove ${view.name}?`}
          okText="Remove product"
          okButtonProps={{ danger: true, autoFocus: true }}
          confirmLoading={remove.isPending}
          onOk={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        >
          <Typography.Paragraph>
            If no order, document or coupon points at it, it is deleted and will not come back. If any does,
            it is withdrawn instead: hidden from firms and kept for their history.
          </Typography.Paragraph>
        </Modal>
      )}
      <Form<ProductForm>
        key={view.id}
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={formOf(view)}
        onFinish={submit}
        style={{ maxWidth: 760 }}
      >
        <Form.Item label="Name" name="name">
          <Input />
        </Form.Item>
        <Form.Item
          label="Price (AUD, GST included)"
          name="price_dollars"
          extra={view.abilities.edit_price ? undefined : "Only an administrator may change prices."}
        >
          <InputNumber
            min={0}
            precision={2}
            step={1}
            disabled={!view.abilities.edit_price}
            style={{ width: 200 }}
          />
        </Form.Item>
        <CatalogueImageField
          imageUrl={view.image_url}
          alt={`Image of ${view.name}`}
          upload={async (file) => imageSaved(await uploadProductImage(id, view.version, file))}
          remove={async () => imageSaved(await removeProductImage(id, view.version))}
        />
        <Form.Item label="Short description" name="short_description">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="Description (HTML)" name="description">
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} />
        </Form.Item>
        <Form.Item label="Video address" name="video_url">
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
        <Form.Item label="Badges" name="badges">
          <Checkbox.Group
            options={CATALOGUE_BADGES.map((b) => ({ value: b, label: CATALOGUE_BADGE_LABELS[b] }))}
          />
        </Form.Item>
        <Form.Item label="Categories" name="category_ids">
          <Select
            mode="multiple"
            loading={categories.isPending}
            optionFilterProp="label"
            options={(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          Questions and answers
        </Typography.Title>
        <Form.List name="faq">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <fieldset key={field.key} className="console__faq">
                  <legend>Question {index + 1}</legend>
                  <Form.Item label="Question" name={[field.name, "question"]}>
                    <Input />
                  </Form.Item>
                  <Form.Item label="Answer (HTML)" name={[field.name, "answer"]}>
                    <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>Remove question {index + 1}</Button>
                </fieldset>
              ))}
              <Flex>
                <Button onClick={() => add({ question: "", answer: "" })}>Add a question</Button>
              </Flex>
            </Flex>
          )}
        </Form.List>
        <Flex style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save product
          </Button>
        </Flex>
      </Form>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        History
      </Typography.Title>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label={`History of ${view.name}`}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={view.history}
          style={{ minWidth: 640 }}
          locale={{ emptyText: <span className="console__empty">No change made in the console yet.</span> }}
          columns={[
            {
              title: "When",
              dataIndex: "at",
              render: (at: string) => formatInstant(at, "D MMM YYYY h:mm a"),
            },
            { title: "Who", key: "who", render: (_, row) => row.staff.name },
            { title: "Change", dataIndex: "action" },
            {
              title: "Before → after",
              key: "diff",
              render: (_, row) => `${JSON.stringify(row.before)} → ${JSON.stringify(row.after)}`,
            },
          ]}
        />
      </section>
    </Flex>
  );
}
