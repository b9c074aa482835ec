import type { ConsoleProductSummary } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Flex, Input, Segmented, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { catalogueCategoriesQuery, catalogueProductsQuery } from "../../api/console-catalogue";
import { LoadError } from "../../components/LoadError";
import { CatalogueCategories } from "./CatalogueCategories";
import { CatalogueCoupons } from "./CatalogueCoupons";
import { CreditPackages } from "./CatalogueOffers";
import { CataloguePlans } from "./CataloguePlans";
import { formatAud } from "./money";
import { NewProductDialog } from "./NewProductDialog";
import "./catalogue.css";
import { ProductEditor } from "./ProductEditor";
import { StateTag } from "./StateTag";

type Part = "products" | "categories" | "packages" | "coupons" | "plans";

/**
 * The Catalogue area (issue 37 items 3 and 4): products, categories, and for administrators
 * credit packages, coupons and membership plans (the server says which: the categories' `offers` ability). The
 * part and the open product are kept in the address (`?part=`, `?product=`).
 */
export function CataloguePanel() {
  const [params, setParams] = useSearchParams();
  const categories = useQuery(catalogueCategoriesQuery());
  const offers = categories.data?.abilities.offers ?? false;
  const parts: { value: Part; label: string }[] = [
    { value: "products", label: "Products" },
    { value: "categories", label: "Categories" },
    ...(offers
      ? [
          { value: "packages" as const, label: "Credit packages" },
          { value: "coupons" as const, label: "Coupons" },
          { value: "plans" as const, label: "Plans" },
        ]
      : []),
  ];
  const wanted = params.get("part") as Part | null;
  const part = parts.some((p) => p.value === wanted) ? (wanted as Part) : "products";
  const go = (next: Part) => setParams({ tab: "catalogue", part: next }, { replace: true });

  return (
    <Flex vertical gap={16}>
      <Segmented<Part> aria-label="Part of the catalogue" options={parts} value={part} onChange={go} />
      {part === "products" && <ProductsPart />}
      {part === "categories" && <CatalogueCategories />}
      {part === "packages" && <CreditPackages />}
      {part === "coupons" && <CatalogueCoupons />}
      {part === "plans" && <CataloguePlans />}
    </Flex>
  );
}

function ProductsPart() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get("product")) || null;
  const [text, setText] = useState(params.get("q") ?? "");
  const searched = params.get("q") ?? "";
  const products = useQuery(catalogueProductsQuery(searched));
  const [adding, setAdding] = useState(false);
  const open = (id: number | null) =>
    setParams({
      tab: "catalogue",
      part: "products",
      ...(searched ? { q: searched } : {}),
      ...(id ? { product: String(id) } : {}),
    });

  if (openId) return <ProductEditor id={openId} onBack={() => open(null)} />;

  const columns: ColumnsType<ConsoleProductSummary> = [
    {
      title: "Product",
      dataIndex: "name",
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }}
          onClick={() => open(row.id)}
        >
          {name}
        </Button>
      ),
    },
    { title: "SKU", dataIndex: "sku" },
    { title: "Price inc. GST", dataIndex: "price_cents", render: (cents: number) => formatAud(cents) },
    {
      title: "Categories",
      key: "categories",
      render: (_, row) => row.categories.map((c) => c.name).join(", "),
    },
    {
      title: "State",
      dataIndex: "status",
      render: (status: string) => (
        <StateTag good={status === "publish"}>
          {status === "publish" ? "Published" : status === "withdrawn" ? "Withdrawn" : "Not published"}
        </StateTag>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {products.data?.abilities.create && (
        <Flex>
          <Button onClick={() => setAdding(true)}>Add a product</Button>
        </Flex>
      )}
      {adding && (
        <NewProductDialog
          onClose={() => setAdding(false)}
          onCreated={(id) => {
            setAdding(false);
            open(id);
          }}
        />
      )}
      <Input.Search
        aria-label="Find a product by name or SKU"
        placeholder="Product name or SKU"
        enterButton="Search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) =>
          setParams({ tab: "catalogue", part: "products", q: value.trim() }, { replace: true })
        }
        style={{ maxWidth: 520 }}
      />
      {products.isError ? (
        <LoadError
          title="The products could not be loaded"
          error={products.error}
          onRetry={() => products.refetch()}
        />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
        <section className="console__scroll" tabIndex={0} aria-label="Products">
          <Table<ConsoleProductSummary>
            rowKey="id"
            size="middle"
            loading={products.isFetching}
            columns={columns}
            dataSource={products.data?.rows ?? []}
            style={{ minWidth: 760 }}
            pagination={{ pageSize: 25, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: <span className="console__empty">No product matches.</span> }}
          />
        </section>
      )}
    </Flex>
  );
}
