import type { Product } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Button,
  Collapse,
  type CollapseProps,
  Descriptions,
  Empty,
  Modal,
  Skeleton,
  Spin,
  Tag,
  Typography,
} from "antd";
import { lazy, Suspense, useState } from "react";
import { faqQuery, productPreviewUrl } from "../../api/catalogue";
import { CaptionedVideo, isVideoFile } from "../../components/CaptionedVideo";
import { GOLD_TAG_STYLE } from "../../theme";
import {
  accessNote,
  plainText,
  priceLabel,
  STRATEGIST_ONLY_LABEL,
  type TemplateAccess,
} from "./catalogue-model";
import { safeHtml } from "./safe-html";

/** The card's and preview's action: a plan that cannot buy the template is offered the upgrade. */
export const actionLabel = (access: TemplateAccess) => {
  if (access.kind === "purchase") return "Purchase";
  if (access.kind === "strategist-only") return "Upgrade";
  return "Start Document";
};

// pdf.js is large: it loads when a preview first opens, not with the pages that list templates.
const PdfViewer = lazy(async () => ({ default: (await import("./PdfViewer")).PdfViewer }));

function Html({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: safeHtml keeps formatting only
  return <div className="catalogue-html" dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />;
}

function FaqSection({ productId }: { productId: number }) {
  const faq = useQuery(faqQuery(productId));
  if (faq.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  // Catalogue call failures are only logged (documents spec §8); the section then reads as empty.
  const items = faq.data ?? [];
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No questions yet." />;
  return (
    <Collapse
      size="small"
      ghost
      items={items.map((item) => ({
        key: item.id,
        label: item.question,
        children: <Html html={item.answer} />,
      }))}
    />
  );
}

/**
 * Template preview (documents spec §2): the template as a PDF with page thumbnails, and an info
 * panel — About Product, General Information, Benefits, FAQ, How To Video (only when videos exist)
 * — with the Start Document or Purchase button.
 */
export function TemplatePreviewModal({
  product,
  access,
  onAct,
  onClose,
}: {
  product: Product;
  access: TemplateAccess;
  onAct: () => void;
  onClose: () => void;
}) {
  const price = priceLabel(product, access);
  const [openSection, setOpenSection] = useState("about");
  const sections: CollapseProps["items"] = [
    {
      key: "about",
      label: "About Product",
      children: product.description.trim() ? (
        <Html html={product.description} />
      ) : (
        <Typography.Paragraph>{plainText(product.short_description)}</Typography.Paragraph>
      ),
    },
    {
      key: "general",
      label: "General Information",
      children: (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: "sku", label: "Code", children: product.sku || "—" },
            {
              key: "categories",
              label: "Categories",
              children: product.categories.map((category) => category.name).join(", ") || "—",
            },
            { key: "price", label: "Price", children: price ?? accessNote(access) },
            {
              key: "formats",
              label: "Formats",
              children:
                [product.allow_download_pdf && "PDF", product.allow_download_word && "Word"]
                  .filter(Boolean)
                  .join(", ") || "—",
            },
          ]}
        />
      ),
    },
    {
      key: "benefits",
      label: "Benefits",
      children: product.benefits.trim() ? (
        <Html html={product.benefits} />
      ) : (
        <Typography.Text type="secondary">No benefits listed.</Typography.Text>
      ),
    },
    { key: "faq", label: "FAQ", children: <FaqSection productId={product.id} /> },
    ...(product.videos.length > 0
      ? [
          {
            key: "video",
            label: "How To Video",
            children: (
              <div className="template-preview__videos">
                {product.videos.map((url, index) =>
                  isVideoFile(url) ? (
                    <CaptionedVideo key={url} src={url} className="template-preview__video" />
                  ) : (
                    <Typography.Link key={url} href={url} target="_blank" rel="noopener noreferrer">
                      Watch how-to video {product.videos.length > 1 ? index + 1 : ""}
                    </Typography.Link>
                  ),
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <Modal
      open
      title={product.name}
      onCancel={onClose}
      width="min(1280px, 96vw)"
      className="template-preview"
      destroyOnHidden
      footer={null}
    >
      <div className="template-preview__layout">
        <div className="template-preview__document">
          <Suspense fallback={<Spin description="Loading preview…" />}>
            <PdfViewer url={productPreviewUrl(product.id)} title={product.name} />
          </Suspense>
        </div>
        <aside className="template-preview__info" aria-label="Template information">
          {/* The action first: below the sections it moved as they opened and as the PDF loaded
              (some 370 px at 1366 px, under the fold), and a click on it could miss. */}
          <div className="template-preview__action">
            {price ? (
              <Typography.Text strong>{price}</Typography.Text>
            ) : access.kind === "strategist-only" ? (
              <Tag style={GOLD_TAG_STYLE}>{STRATEGIST_ONLY_LABEL}</Tag>
            ) : null}
            <Button type="primary" size="large" onClick={onAct}>
              {actionLabel(access)}
            </Button>
          </div>
          {/* One section open at a time, as disclosure buttons: antd's accordion mode marks the
              headers as tabs, and a tab list of collapsible panels (holding the FAQ's own
              collapsible answers) is not a structure screen readers can follow. */}
          <Collapse
            activeKey={openSection ? [openSection] : []}
            onChange={(keys) =>
              setOpenSection(
                [keys]
                  .flat()
                  .filter((key) => key !== openSection)
                  .at(-1) ?? "",
              )
            }
            items={sections}
          />
        </aside>
      </div>
    </Modal>
  );
}
