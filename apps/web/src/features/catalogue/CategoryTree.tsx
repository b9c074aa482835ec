import { CATALOGUE_ROOT_LABEL } from "@precedent/contracts";
import { Grid, Tree, type TreeDataNode, TreeSelect } from "antd";
import type { CategoryNode } from "./catalogue-model";

const toTreeData = (nodes: CategoryNode[]): TreeDataNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.name, children: toTreeData(node.subcategories) }));

type SelectOption = { value: number; title: string; children: SelectOption[] };
const toSelectData = (nodes: CategoryNode[]): SelectOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: toSelectData(node.subcategories) }));

/** The category tree at the left of the catalogue; a dropdown on small screens (documents spec §2). */
export function CategoryTree({
  tree,
  selectedId,
  onSelect,
}: {
  tree: CategoryNode[];
  selectedId: number | undefined;
  onSelect: (categoryId: number | undefined) => void;
}) {
  const screens = Grid.useBreakpoint();
  if (!(screens.md ?? true)) {
    return (
      <TreeSelect
        aria-label="Category"
        className="category-select"
        placeholder={CATALOGUE_ROOT_LABEL}
        allowClear
        value={selectedId}
        treeData={toSelectData(tree)}
        treeDefaultExpandAll
        onChange={(value: number | undefined) => onSelect(value ?? undefined)}
      />
    );
  }
  return (
    <nav aria-label="Categories" className="category-tree">
      <Tree
        blockNode
        defaultExpandAll
        selectedKeys={selectedId === undefined ? [] : [selectedId]}
        treeData={toTreeData(tree)}
        onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : undefined)}
      />
    </nav>
  );
}
