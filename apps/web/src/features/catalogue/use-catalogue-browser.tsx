import { CATALOGUE_ROOT_LABEL, type Category } from "@precedent/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Breadcrumb, Input, Typography } from "antd";
import { useMemo, useState } from "react";
import { categoriesQuery, membershipProductsQuery, productsQuery } from "../../api/catalogue";
import { useDebounced } from "../../components/use-debounced";
import { buildCategoryTree, categoryPath, isStrategistOnlyCategory } from "./catalogue-model";
import { useTemplateFlow } from "./use-template-flow";

/**
 * The state both template browsers share (the catalogue page and the create-document dialog):
 * the open category, the search text (debounced by the caller's spec delay, trimmed), the
 * category tree and breadcrumb path, the matching products, and whether the open category is
 * one the firm's plan keeps for Strategist members.
 */
export function useCatalogueBrowser(teamId: number, searchDebounceMs: number) {
  const flow = useTemplateFlow(teamId);
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [text, setText] = useState("");
  const search = useDebounced(text, searchDebounceMs).trim();

  const categories = useQuery(categoriesQuery());
  const membership = useQuery(membershipProductsQuery(teamId));
  const tree = useMemo(() => buildCategoryTree(categories.data ?? []), [categories.data]);
  const path = categoryPath(categories.data ?? [], categoryId);
  const products = useQuery({
    ...productsQuery({ categoryIds: categoryId === undefined ? [] : [categoryId], search }),
    // Keeps the last results on screen while a new category or search loads.
    placeholderData: keepPreviousData,
  });
  const strategistOnly =
    categoryId !== undefined && isStrategistOnlyCategory(categoryId, membership.data, categories.data ?? []);

  return { flow, categoryId, setCategoryId, text, setText, categories, tree, path, products, strategistOnly };
}

/** 'Our Templates' then the open category's ancestors; every level but the last opens its category. */
export function CatalogueBreadcrumb({
  path,
  categoryId,
  onOpen,
  className,
}: {
  path: Category[];
  categoryId: number | undefined;
  onOpen: (categoryId: number | undefined) => void;
  className?: string;
}) {
  return (
    <Breadcrumb
      className={className}
      items={[
        {
          title:
            categoryId === undefined ? (
              CATALOGUE_ROOT_LABEL
            ) : (
              <Typography.Link onClick={() => onOpen(undefined)}>{CATALOGUE_ROOT_LABEL}</Typography.Link>
            ),
        },
        ...path.map((category, index) => ({
          title:
            index < path.length - 1 ? (
              <Typography.Link onClick={() => onOpen(category.id)}>{category.name}</Typography.Link>
            ) : (
              category.name
            ),
        })),
      ]}
    />
  );
}

/** The template search box of both browsers. */
export function TemplateSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <Input.Search
      allowClear
      aria-label="Search templates"
      placeholder="Search templates"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="catalogue-toolbar__search"
    />
  );
}
