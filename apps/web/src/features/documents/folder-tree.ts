import type { FolderNode } from "@precedent/contracts";

/** Every folder of a tree, parents before children. */
export function flattenFolders(nodes: FolderNode[]): FolderNode[] {
  return nodes.flatMap((node) => [node, ...flattenFolders(node.children)]);
}

export function findFolder(nodes: FolderNode[], id: number | undefined): FolderNode | undefined {
  if (id === undefined) return undefined;
  return flattenFolders(nodes).find((node) => node.id === id);
}

/** The folder and its ancestors, top level first (for the breadcrumb). */
export function folderPath(nodes: FolderNode[], id: number | undefined): FolderNode[] {
  const folder = findFolder(nodes, id);
  if (!folder) return [];
  const all = flattenFolders(nodes);
  const ancestors = folder.parent_id
    .map((ancestorId) => all.find((node) => node.id === ancestorId))
    .filter((node): node is FolderNode => node !== undefined);
  return [...ancestors, folder];
}

/** The nodes whose name holds the text, with their ancestors so they stay reachable. */
export function filterFolders(nodes: FolderNode[], text: string): FolderNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  return nodes.flatMap((node) => {
    if (node.name.toLowerCase().includes(needle)) return [node];
    const children = filterFolders(node.children, needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}
