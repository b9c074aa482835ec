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
  /** The create dialog's compact cards (excerpt, 'About'), or the catalogue page's (cover, 'Preview'). */
  compact: boolean;
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
  compact,
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
          // Every card can start or buy its template where it is (issue 33 item 8), not only
          // from its preview: the action is the one the firm's access allows.
          onAct={() => flow.act(product)}
          compact={compact}
          onOpenCategory={onOpenCategory}
        />
      ))}
    </section>
  );
}
