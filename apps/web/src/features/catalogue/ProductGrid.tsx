import { NO_DOCUMENTS_FOUND, type Product } from "@precedent/contracts";
import { Button, Empty, Skeleton } from "antd";
import { useEffect } from "react";
import { reportError } from "../../error-log";
import { ProductCard } from "./ProductCard";
import type { TemplateFlow } from "./use-template-flow";

type ProductGridProps = {
  products: Product[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  flow: TemplateFlow;
  /** With Start Document / Purchase on each card (the create dialog), or Preview only. */
  withActions: boolean;
  onOpenCategory?: (categoryId: number) => void;
  label: string;
};

/** Template cards in a grid, with the catalogue's loading and 'No documents found.' states. */
export function ProductGrid({
  products,
  loading,
  error,
  onRetry,
  flow,
  withActions,
  onOpenCategory,
  label,
}: ProductGridProps) {
  // Catalogue call failures are logged and the list stays empty (documents spec §8).
  useEffect(() => {
    if (error) reportError(error, "Catalogue products");
  }, [error]);

  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error || !products || products.length === 0) {
    return (
      <Empty description={NO_DOCUMENTS_FOUND} className="product-grid__empty">
        {error && (
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <section className="product-grid" aria-label={label}>
      {products.map((product) => (
        <ProductCard
          key={product.id}
          product={product}
          access={flow.accessOf(product)}
          onPreview={() => flow.preview(product)}
          onAct={withActions ? () => flow.act(product) : undefined}
          onOpenCategory={onOpenCategory}
        />
      ))}
    </section>
  );
}
