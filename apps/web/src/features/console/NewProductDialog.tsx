import { CreateProductRequest } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Checkbox, Form, Input, InputNumber, Modal, Select } from "antd";
import { isApiError } from "../../api/client";
import { catalogueCategoriesQuery, createProduct } from "../../api/console-catalogue";
import { templateListQuery } from "../../api/console-templates";

type NewProductForm = {
  name: string;
  sku: string;
  price_dollars: number;
  category_ids: number[];
  template: string;
  short_description: string;
  description: string;
  published: boolean;
};

const NO_TEMPLATE = "";
const formField = (field: string) => (field === "price_cents" ? "price_dollars" : field);

/**
 * Adds a product (administrators; issue 37 item 3): name, SKU, price with GST, categories (not
 * the shop's own), texts, the library template it assembles or none, and whether firms see it
 * now. The server decides (a SKU taken in any case is refused); its message lands on the field.
 */
export function NewProductDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewProductForm>();
  const categories = useQuery(catalogueCategoriesQuery());
  const templates = useQuery(templateListQuery());
  const create = useMutation({
    mutationFn: createProduct,
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue"] });
      void message.success(`${made.name} was added.`);
      onCreated(made.id);
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(
          fields.map((e) => ({ name: formField(e.field) as keyof NewProductForm, errors: [e.message] })),
        );
      else if (isApiError(error) && error.status === 409)
        form.setFields([{ name: "sku", errors: [error.message] }]);
      else void message.error(error.message);
    },
  });

  const submit = (values: NewProductForm) => {
    const parsed = CreateProductRequest.safeParse({
      name: values.name ?? "",
      sku: values.sku ?? "",
      price_cents: Math.round((values.price_dollars ?? Number.NaN) * 100),
      category_ids: values.category_ids ?? [],
      template: values.template ? values.template : null,
      short_description: values.short_description ?? "",
      description: values.description ?? "",
      published: values.published ?? false,
    });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({
          name: formField(String(i.path[0])) as keyof NewProductForm,
          errors: [i.message],
        })),
      );
      return;
    }
    create.mutate(parsed.data);
  };

  return (
    <Modal
      open
      title="Add a product"
      okText="Add product"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<NewProductForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ template: NO_TEMPLATE, published: false, category_ids: [] }}
        onFinish={submit}
      >
        <Form.Item label="Name" name="name">
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          label="SKU"
          name="sku"
          extra="Letters, digits, dots, dashes and underscores; unique in any case."
        >
          <Input />
        </Form.Item>
        <Form.Item label="Price (AUD, GST included)" name="price_dollars">
          <InputNumber min={0} precision={2} step={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Categories" name="category_ids">
          <Select
            mode="multiple"
            loading={categories.isPending}
            optionFilterProp="label"
            options={(categories.data?.rows ?? [])
              .filter((c) => !c.hidden)
              .map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label="Template it assembles" name="template">
          <Select
            showSearch
            loading={templates.isPending}
            optionFilterProp="label"
            options={[
              { value: NO_TEMPLATE, label: "None" },
              // A new template firms cannot see yet cannot be sold either (the server refuses it too).
              ...(templates.data?.rows ?? [])
                .filter((t) => t.current_version !== null)
                .map((t) => ({ value: t.identifier, label: t.name })),
            ]}
          />
        </Form.Item>
        <Form.Item label="Short description" name="short_description">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="Description (HTML)" name="description">
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item name="published" valuePropName="checked">
          <Checkbox>Published: firms see it at once</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
