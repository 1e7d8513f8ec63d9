/** A node of the preview's file tree: folders hold children, files are leaves keyed by their path. */
export interface FileNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: FileNode[];
}

/** Folders and files of repository paths, folders first, each level in path order. */
export function fileTree(paths: readonly string[]): FileNode[] {
  const root: FileNode[] = [];
  for (const path of paths) {
    const parts = path.split('/');
    let level = root;
    parts.forEach((part, i) => {
      const key = parts.slice(0, i + 1).join('/');
      const leaf = i === parts.length - 1;
      let node = level.find((n) => n.key === key);
      if (!node) {
        node = { key, title: part, isLeaf: leaf, ...(leaf ? {} : { children: [] }) };
        level.push(node);
      }
      level = node.children ?? [];
    });
  }
  const order = (nodes: FileNode[]): FileNode[] =>
    [...nodes]
      .sort((a, b) => Number(a.isLeaf) - Number(b.isLeaf))
      .map((n) => (n.children ? { ...n, children: order(n.children) } : n));
  return order(root);
}
