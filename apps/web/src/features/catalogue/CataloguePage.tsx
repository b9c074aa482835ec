import { FolderOutlined } from "@ant-design/icons";
import {
  CATALOGUE_ROOT_LABEL,
  CATEGORY_STRATEGIST_ONLY,
  NO_DOCUMENTS_FOUND,
  type Product,
} from "@precedent/contracts";
import { Alert, Card, Carousel, Empty, Result, Skeleton, Typography } from "antd";
import { useEffect, useState } from "react";
import { CAROUSEL_BREAKPOINTS_PX, CAROUSEL_SLIDES, TEMPLATE_SEARCH_DEBOUNCE_MS } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { CategoryTree } from "./CategoryTree";
import type { CategoryNode } from "./catalogue-model";
import { ProductGrid } from "./ProductGrid";
import { CatalogueBreadcrumb, TemplateSearch, useCatalogueBrowser } from "./use-catalogue-browser";
import "./catalogue.css";

/** Every category id of a subtree, for matching products to a section. */
const subtreeIds = (node: CategoryNode): number[] => [node.id, ...node.subcategories.flatMap(subtreeIds)];

type Section = { key: string; title: string; products: Product[] };

/**
 * Products grouped by the sub categories of the open category (or the top-level categories),
 * with the products sitting in the open category itself first.
 */
function sectionsOf(products: Product[], open: CategoryNode | undefined, tree: CategoryNode[]): Section[] {
  const groups = open ? open.subcategories : tree;
  const sections: Section[] = [];
  if (open) {
    const direct = products.filter((product) => product.categories.some((c) => c.id === open.id));
    if (direct.length > 0) sections.push({ key: `own-${open.id}`, title: open.name, products: direct });
  }
  for (const group of groups) {
    const ids = new Set(subtreeIds(group));
    const inGroup = products.filter((product) => product.categories.some((c) => ids.has(c.id)));
    if (inGroup.length > 0) sections.push({ key: String(group.id), title: group.name, products: inGroup });
  }
  return sections;
}

function findNode(nodes: CategoryNode[], id: number | undefined): CategoryNode | undefined {
  if (id === undefined) return undefined;
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.subcategories, id);
    if (found) return found;
  }
  return undefined;
}

const widthQuery = (px: number) => `(max-width: ${px}px)`;
const slidesForWidth = () =>
  window.matchMedia(widthQuery(CAROUSEL_BREAKPOINTS_PX.phone)).matches
    ? CAROUSEL_SLIDES.phone
    : window.matchMedia(widthQuery(CAROUSEL_BREAKPOINTS_PX.tablet)).matches
      ? CAROUSEL_SLIDES.tablet
      : CAROUSEL_SLIDES.wide;

/**
 * Slides per view by screen width (documents spec §9: 6, 4 at 768 px, 2 at 480 px). The carousel's
 * own `responsive` setting only reacts to a later resize, never to the width it opens at.
 */
function useCarouselSlides(): number {
  const [slides, setSlides] = useState(slidesForWidth);
  useEffect(() => {
    const queries = [CAROUSEL_BREAKPOINTS_PX.phone, CAROUSEL_BREAKPOINTS_PX.tablet].map((px) =>
      window.matchMedia(widthQuery(px)),
    );
    const update = () => setSlides(slidesForWidth());
    for (const query of queries) query.addEventListener("change", update);
    return () => {
      for (const query of queries) query.removeEventListener("change", update);
    };
  }, []);
  return slides;
}

function CategoryCarousel({ tree, onOpen }: { tree: CategoryNode[]; onOpen: (id: number) => void }) {
  const slides = useCarouselSlides();
  // The carousel hides slides out of view from screen readers (aria-hidden); their buttons must
  // leave the tab order too, or the keyboard lands on what the screen reader cannot see. The
  // arrows bring them into view.
  const [first, setFirst] = useState(0);
  return (
    <Carousel
      key={slides}
      beforeChange={(_from, to) => setFirst(to)}
      className="category-carousel"
      arrows
      dots={false}
      infinite={false}
      slidesToShow={slides}
      slidesToScroll={1}
    >
      {tree.map((category, index) => (
        <div key={category.id} className="category-carousel__slide">
          <button
            type="button"
            className="category-carousel__card"
            onClick={() => onOpen(category.id)}
            tabIndex={index >= first && index < first + slides ? 0 : -1}
          >
            {category.image ? (
              <img src={category.image.src} alt="" className="category-carousel__image" />
            ) : (
              <FolderOutlined className="category-carousel__icon" aria-hidden />
            )}
            <span className="category-carousel__name">{category.name}</span>
          </button>
        </div>
      ))}
    </Carousel>
  );
}

function Catalogue({ teamId }: { teamId: number }) {
  const { flow, categoryId, setCategoryId, text, setText, categories, tree, path, products, strategistOnly } =
    useCatalogueBrowser(teamId, TEMPLATE_SEARCH_DEBOUNCE_MS);
  const open = findNode(tree, categoryId);
  const sections = products.data ? sectionsOf(products.data.rows, open, tree) : [];

  return (
    <>
      <div className="catalogue-toolbar">
        <TemplateSearch value={text} onChange={setText} />
      </div>
      {categories.isSuccess && tree.length > 0 && <CategoryCarousel tree={tree} onOpen={setCategoryId} />}
      <div className="catalogue-layout">
        <Card size="small" className="catalogue-layout__categories">
          {categories.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <CategoryTree tree={tree} selectedId={categoryId} onSelect={setCategoryId} />
          )}
        </Card>
        <Card size="small" className="catalogue-layout__main">
          <CatalogueBreadcrumb
            className="catalogue-breadcrumb"
            path={path}
            categoryId={categoryId}
            onOpen={setCategoryId}
          />
          {strategistOnly && <Alert type="info" showIcon title={CATEGORY_STRATEGIST_ONLY} />}
          {products.isPending || products.isError ? (
            <ProductGrid
              label="Templates"
              products={undefined}
              loading={products.isPending}
              error={products.error}
              onRetry={() => void products.refetch()}
              flow={flow}
              compact={false}
            />
          ) : sections.length === 0 ? (
            <Empty description={NO_DOCUMENTS_FOUND} />
          ) : (
            sections.map((section) => (
              <section
                key={section.key}
                className="catalogue-section"
                aria-labelledby={`section-${section.key}`}
              >
                <Typography.Title
                  level={4}
                  id={`section-${section.key}`}
                  className="catalogue-section__title"
                >
                  {section.title}
                </Typography.Title>
                <ProductGrid
                  label={section.title}
                  products={section.products}
                  loading={false}
                  error={null}
                  onRetry={() => undefined}
                  flow={flow}
                  compact={false}
                />
              </section>
            ))
          )}
        </Card>
      </div>
      {flow.element}
    </>
  );
}

/** /my-account/templates: the template catalogue (documents spec §2 "Catalogue page"). */
export function CataloguePage() {
  const { team } = useCurrentTeam();
  return (
    <>
      <title>Our Templates · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          {CATALOGUE_ROOT_LABEL}
        </Typography.Title>
        {team && <Typography.Text type="secondary">{team.name}</Typography.Text>}
      </header>
      {team ? (
        <Catalogue key={team.id} teamId={team.id} />
      ) : (
        <Card className="page-card">
          <Result
            status="info"
            title="You are not part of a firm yet"
            subTitle="When a firm owner adds you to their team, its templates will appear here."
          />
        </Card>
      )}
    </>
  );
}
