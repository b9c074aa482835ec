import { CATALOGUE_ROOT_LABEL, CATEGORY_STRATEGIST_ONLY } from "@precedent/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Breadcrumb, Input, Modal, Skeleton, Typography } from "antd";
import { useMemo, useState } from "react";
import { categoriesQuery, membershipProductsQuery, productsQuery } from "../../api/catalogue";
import { useDebounced } from "../../components/use-debounced";
import { CREATE_DIALOG_SEARCH_DEBOUNCE_MS } from "../../constants";
import { CategoryTree } from "./CategoryTree";
import { buildCategoryTree, categoryPath, isStrategistOnlyCategory } from "./catalogue-model";
import { ProductGrid } from "./ProductGrid";
import { useTemplateFlow } from "./use-template-flow";
import "./catalogue.css";

/**
 * The create-document full-screen dialog (documents spec §2 "Template catalogue"): category tree,
 * search, breadcrumb from 'Our Templates', and template cards with Start Document or Purchase.
 */
export function CreateDocumentDialog({ teamId, onClose }: { teamId: number; onClose: () => void }) {
  const flow = useTemplateFlow(teamId);
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [text, setText] = useState("");
  // Documents spec §9: 1000 ms in this dialog; trimmed, and only non-empty text searches.
  const search = useDebounced(text, CREATE_DIALOG_SEARCH_DEBOUNCE_MS).trim();

  const categories = useQuery(categoriesQuery());
  const membership = useQuery(membershipProductsQuery(teamId));
  const tree = useMemo(() => buildCategoryTree(categories.data ?? []), [categories.data]);
  const path = categoryPath(categories.data ?? [], categoryId);
  const products = useQuery({
    ...productsQuery({ categoryIds: categoryId === undefined ? [] : [categoryId], search }),
    placeholderData: keepPreviousData,
  });
  const strategistOnly =
    categoryId !== undefined && isStrategistOnlyCategory(categoryId, membership.data, categories.data ?? []);

  return (
    <Modal
      open
      title="Create a new document"
      onCancel={onClose}
      footer={null}
      width="100vw"
      className="create-document-dialog"
      style={{ top: 0, maxWidth: "100vw", paddingBottom: 0 }}
      destroyOnHidden
    >
      <div className="catalogue-layout">
        <aside className="catalogue-layout__categories">
          <Typography.Title level={5}>Categories</Typography.Title>
          {categories.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <CategoryTree tree={tree} selectedId={categoryId} onSelect={setCategoryId} />
          )}
        </aside>
        <section className="catalogue-layout__main" aria-label="Templates">
          <div className="catalogue-toolbar">
            <Breadcrumb
              items={[
                {
                  title:
                    categoryId === undefined ? (
                      CATALOGUE_ROOT_LABEL
                    ) : (
                      <Typography.Link onClick={() => setCategoryId(undefined)}>
                        {CATALOGUE_ROOT_LABEL}
                      </Typography.Link>
                    ),
                },
                ...path.map((category, index) => ({
                  title:
                    index < path.length - 1 ? (
                      <Typography.Link onClick={() => setCategoryId(category.id)}>
                        {category.name}
                      </Typography.Link>
                    ) : (
                      category.name
                    ),
                })),
              ]}
            />
            <Input.Search
              allowClear
              aria-label="Search templates"
              placeholder="Search templates"
              value={text}
              onChange={(event) => setText(event.target.value)}
              className="catalogue-toolbar__search"
            />
          </div>
          {strategistOnly && <Alert type="info" showIcon title={CATEGORY_STRATEGIST_ONLY} />}
          <ProductGrid
            label="Template results"
            products={products.data?.rows}
            loading={products.isPending}
            error={products.error}
            onRetry={() => void products.refetch()}
            flow={flow}
            withActions
            onOpenCategory={categoryId === undefined ? setCategoryId : undefined}
          />
        </section>
      </div>
      {flow.element}
    </Modal>
  );
}
