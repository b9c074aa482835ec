import {
  FolderOpenOutlined,
  FolderOutlined,
  MoreOutlined,
  SearchOutlined,
  ShareAltOutlined,
} from "@ant-design/icons";
import { type FolderNode, type ListSection, ORGANISATION_DOCUMENTS } from "@precedent/contracts";
import { Empty, Input, type MenuProps, Skeleton, Tree, type TreeDataNode } from "antd";
import { useMemo, useState } from "react";
import { ActionMenu } from "../../components/ActionMenu";
import { LoadError } from "../../components/LoadError";
import { filterFolders, flattenFolders } from "./folder-tree";

export type FolderAction = "new-subfolder" | "share" | "unshare" | "move" | "rename" | "delete";

/** Documents spec §2 Folder actions menu, in its order, each shown when the folder's abilities allow it. */
export function folderMenuItems(folder: FolderNode): NonNullable<MenuProps["items"]> {
  const { abilities } = folder;
  if (!abilities.menu) return [];
  const items: { key: FolderAction; label: string; danger?: boolean; allowed: boolean }[] = [
    { key: "new-subfolder", label: "New subfolder", allowed: abilities.create_subfolder },
    { key: "share", label: "Add to Shared Folders", allowed: abilities.share },
    {
      key: "unshare",
      label: "Remove from Shared Folders",
      allowed: abilities.unshare && !!folder.api_remove_share,
    },
    { key: "move", label: "Move to", allowed: abilities.move },
    { key: "rename", label: "Rename", allowed: abilities.rename },
    { key: "delete", label: "Delete", danger: true, allowed: abilities.delete },
  ];
  return items.filter((item) => item.allowed).map(({ key, label, danger }) => ({ key, label, danger }));
}

type FolderTreePanelProps = {
  section: ListSection;
  folders: FolderNode[] | undefined;
  error: Error | null;
  loading: boolean;
  onRetry: () => void;
  selectedId: number | undefined;
  onSelect: (folderId: number | undefined) => void;
  onAction: (action: FolderAction, folder: FolderNode) => void;
};

function FolderTitle({
  folder,
  showOwner,
  onAction,
}: {
  folder: FolderNode;
  /** Organisation Documents holds every member's folders: say whose each top-level one is. */
  showOwner: boolean;
  onAction: (action: FolderAction, folder: FolderNode) => void;
}) {
  const items = folderMenuItems(folder);
  const owner = folder.created_by_user.display_name;
  return (
    <span className="folder-node">
      <span className="folder-node__name" title={showOwner ? `${folder.name} (${owner})` : folder.name}>
        {folder.name}
        {showOwner && <span className="folder-node__owner"> · {owner}</span>}
      </span>
      {folder.api_remove_share && <ShareAltOutlined className="folder-node__shared" aria-label="Shared" />}
      {items.length > 0 && (
        // The menu's clicks must not also select the node.
        // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click from reaching the tree node
        // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside handles the keyboard
        <span className="folder-node__menu" onClick={(event) => event.stopPropagation()}>
          <ActionMenu
            items={items}
            onAction={(key) => onAction(key as FolderAction, folder)}
            button={{
              type: "text",
              size: "small",
              icon: <MoreOutlined />,
              "aria-label": `Actions for folder ${folder.name}`,
              // Enter and the arrows belong to the menu, not to the tree around it.
              onKeyDown: (event) => event.stopPropagation(),
            }}
          />
        </span>
      )}
    </span>
  );
}

/** Left column: the tab's folder tree with a search box and a three-dot menu per node. */
export function FolderTreePanel({
  section,
  folders,
  error,
  loading,
  onRetry,
  selectedId,
  onSelect,
  onAction,
}: FolderTreePanelProps) {
  const [search, setSearch] = useState("");
  const visible = useMemo(() => filterFolders(folders ?? [], search), [folders, search]);
  const [expanded, setExpanded] = useState<number[] | undefined>(undefined);

  // Opened on the path to the selected folder, and everything while searching.
  const expandedKeys = useMemo(() => {
    if (search.trim()) return flattenFolders(visible).map((f) => f.id);
    const selected = flattenFolders(folders ?? []).find((f) => f.id === selectedId);
    const base = expanded ?? [];
    return selected ? [...new Set([...base, ...selected.parent_id])] : base;
  }, [search, visible, folders, selectedId, expanded]);

  const treeData = useMemo(() => {
    const toNodes = (nodes: FolderNode[]): TreeDataNode[] =>
      nodes.map((folder) => ({
        key: folder.id,
        title: (
          <FolderTitle
            folder={folder}
            showOwner={section === ORGANISATION_DOCUMENTS && folder.parent_id.length === 0}
            onAction={onAction}
          />
        ),
        icon: ({ expanded: open }: { expanded?: boolean }) =>
          open ? <FolderOpenOutlined /> : <FolderOutlined />,
        children: toNodes(folder.children),
      }));
    return toNodes(visible);
  }, [visible, onAction, section]);

  let body: React.ReactNode;
  // Two lines, each as tall as a folder's row: a firm's first folders take its place without
  // moving the list below it on a phone.
  if (loading)
    body = <Skeleton active paragraph={{ rows: 2 }} title={false} className="folder-panel__skeleton" />;
  else if (error) body = <LoadError title="Cannot get folders" error={error} onRetry={onRetry} />;
  else if (visible.length === 0)
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Folders" className="folder-panel__empty" />
    );
  else
    body = (
      <Tree
        key={section}
        className="folder-tree"
        showIcon
        blockNode
        treeData={treeData}
        selectedKeys={selectedId === undefined ? [] : [selectedId]}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded(keys.map(Number))}
        onSelect={(keys) => {
          const [key] = keys;
          onSelect(key === undefined ? undefined : Number(key));
        }}
      />
    );

  return (
    <nav className="folder-panel" aria-label="Folders">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search folders"
        aria-label="Search folders"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="folder-panel__search"
      />
      {body}
    </nav>
  );
}
