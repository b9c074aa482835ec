import { FileTextOutlined } from "@ant-design/icons";
import type { Product } from "@precedent/contracts";
import { Button, Card, Tag, Typography } from "antd";
import { GOLD_TAG_STYLE } from "../../theme";
import {
  excerpt,
  hasFlag,
  PAID_ORDER_LABEL,
  plainText,
  priceLabel,
  STRATEGIST_ONLY_LABEL,
  type TemplateAccess,
} from "./catalogue-model";
import { actionLabel } from "./TemplatePreviewModal";

/** Integration badges a card shows (documents spec §2). */
const BADGES: [string, string][] = [
  ["used_xero", "Accounting integration"],
  ["is_cas360", "Fund administration integration"],
  ["is_simple_fund", "Simple Fund"],
];

type ProductCardProps = {
  product: Product;
  access: TemplateAccess;
  onPreview: () => void;
  /** Start Document or Purchase, as the product's access (from the server's membership) allows. */
  onAct?: () => void;
  /**
   * The create dialog's compact card: an excerpt and 'About' instead of the cover image and
   * 'Preview' the catalogue page shows.
   */
  compact?: boolean;
  /** Outside a category, the card links to the product's category. */
  onOpenCategory?: (categoryId: number) => void;
};

/** A template card: name, excerpt, price, badges, About/Preview and its action. */
export function ProductCard({
  product,
  access,
  onPreview,
  onAct,
  compact,
  onOpenCategory,
}: ProductCardProps) {
  const price = priceLabel(product, access);
  const category = product.categories[0];
  const image = product.images[0]?.src;
  const badges = BADGES.filter(([flag]) => hasFlag(product, flag));
  return (
    <Card
      size="small"
      className="product-card"
      role="article"
      aria-label={product.name}
      cover={
        compact ? undefined : image ? (
          <img src={image} alt="" className="product-card__image" />
        ) : (
          <div className="product-card__placeholder" aria-hidden>
            <FileTextOutlined />
          </div>
        )
      }
    >
      {onOpenCategory && category && (
        <Typography.Link className="product-card__category" onClick={() => onOpenCategory(category.id)}>
          {category.name}
        </Typography.Link>
      )}
      <Typography.Title level={5} className="product-card__name">
        {product.name}
      </Typography.Title>
      {compact && (
        <Typography.Paragraph type="secondary" className="product-card__excerpt">
          {excerpt(plainText(product.short_description || product.description))}
        </Typography.Paragraph>
      )}
      {badges.length > 0 && (
        <div className="product-card__badges">
          {badges.map(([flag, label]) => (
            <Tag key={flag} color="blue">
              {label}
            </Tag>
          ))}
        </div>
      )}
      <div className="product-card__footer">
        {access.kind === "strategist-only" ? (
          // Said up front, before any price or purchase (documents spec §4).
          <Tag style={GOLD_TAG_STYLE} className="product-card__price">
            {STRATEGIST_ONLY_LABEL}
          </Tag>
        ) : access.kind === "order" ? (
          <Tag color="green" className="product-card__price">
            {PAID_ORDER_LABEL}
          </Tag>
        ) : (
          <Typography.Text strong className="product-card__price">
            {price ?? ""}
          </Typography.Text>
        )}
        <span className="product-card__actions">
          <Button
            type="link"
            size="small"
            onClick={onPreview}
            aria-label={`${compact ? "About" : "Preview"} ${product.name}`}
          >
            {compact ? "About" : "Preview"}
          </Button>
          {onAct && (
            <Button
              type={access.kind === "strategist-only" ? "default" : "primary"}
              size="small"
              onClick={onAct}
              aria-label={`${actionLabel(access)} ${product.name}`}
            >
              {actionLabel(access)}
            </Button>
          )}
        </span>
      </div>
    </Card>
  );
}
