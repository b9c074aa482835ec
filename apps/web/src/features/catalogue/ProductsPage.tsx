import { SearchOutlined } from "@ant-design/icons";
import { PRODUCTS_PAGE_HEADING, SEARCH_TEMPLATES_PLACEHOLDER } from "@precedent/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AutoComplete, Card, Input, Result, Segmented, Skeleton, Typography } from "antd";
import { useMemo, useState } from "react";
import { categoriesQuery, productsQuery } from "../../api/catalogue";
import { useDebounced } from "../../components/use-debounced";
import { PRODUCT_AUTOCOMPLETE_DEBOUNCE_MS } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { buildCategoryTree } from "./catalogue-model";
import { ProductGrid } from "./ProductGrid";
import { useTemplateFlow } from "./use-template-flow";
import "./catalogue.css";

/** 'Search templates' with suggestions after a pause (documents spec §9: 800 ms). */
function TemplateAutocomplete({ onChoose }: { onChoose: (productId: number) => void }) {
  const [text, setText] = useState("");
  const search = useDebounced(text, PRODUCT_AUTOCOMPLETE_DEBOUNCE_MS).trim();
  const suggestions = useQuery({
    ...productsQuery({ categoryIds: [], search }, search !== ""),
    placeholderData: keepPreviousData,
  });
  const options =
    search === ""
      ? []
      : (suggestions.data?.rows ?? []).map((product) => ({ value: String(product.id), label: product.name }));
  return (
    <AutoComplete
      className="products-page__search"
      options={options}
      // The server has searched name, description and category: nothing to filter here.
      filterOption={false}
      value={text}
      onChange={setText}
      onSelect={(value: string) => {
        setText("");
        onChoose(Number(value));
      }}
      notFoundContent={search !== "" && suggestions.isSuccess ? "No documents found." : undefined}
    >
      <Input
        size="large"
        aria-label={SEARCH_TEMPLATES_PLACEHOLDER}
        placeholder={SEARCH_TEMPLATES_PLACEHOLDER}
        prefix={<SearchOutlined />}
      />
    </AutoComplete>
  );
}

function Products({ teamId }: { teamId: number }) {
  const flow = useTemplateFlow(teamId);
  const categories = useQuery(categoriesQuery());
  const tree = useMemo(() => buildCategoryTree(categories.data ?? []), [categories.data]);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const categoryId = chosen ?? tree[0]?.id;
  const products = useQuery({
    ...productsQuery(
      { categoryIds: categoryId === undefined ? [] : [categoryId], search: "" },
      categoryId !== undefined,
    ),
    placeholderData: keepPreviousData,
  });
  // The suggestion names a product; its full record comes from the list it was found in.
  const all = useQuery(productsQuery({ categoryIds: [], search: "" }));

  return (
    <>
      <div className="products-page__hero">
        <Typography.Title level={2}>{PRODUCTS_PAGE_HEADING}</Typography.Title>
        <TemplateAutocomplete
          onChoose={(productId) => {
            const product = all.data?.rows.find((row) => row.id === productId);
            if (product) flow.preview(product);
          }}
        />
      </div>
      <Card size="small">
        {categories.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Segmented
            className="products-page__categories"
            value={categoryId}
            onChange={(value) => setChosen(Number(value))}
            options={tree.map((category) => ({ value: category.id, label: category.name }))}
          />
        )}
        <ProductGrid
          label="Templates"
          products={products.data?.rows}
          loading={products.isPending && categoryId !== undefined}
          error={products.error}
          onRetry={() => void products.refetch()}
          flow={flow}
          compact
        />
      </Card>
      {flow.element}
    </>
  );
}

/** /my-account/products: the older products page (documents spec §2), kept for its search. */
export function ProductsPage() {
  const { team } = useCurrentTeam();
  if (!team) {
    return (
      <Card className="page-card">
        <Result status="info" title="You are not part of a firm yet" />
      </Card>
    );
  }
  return (
    <>
      <title>Products · Precedent</title>
      <Products key={team.id} teamId={team.id} />
    </>
  );
}
