import type { ServerMenu } from '../app/menu';
import { getData } from './http';

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  alias?: string;
  source?: string;
  sort?: number;
}

export const getTopMenu = (): Promise<TopMenu[]> => getData<TopMenu[]>('/blade-system/menu/top-menu');

export const getRoutes = (topMenuId = ''): Promise<ServerMenu[]> =>
  getData<ServerMenu[]>('/blade-system/menu/routes', { params: topMenuId ? { topMenuId } : {} });

export interface ButtonNode {
  code: string;
  name?: string;
  children?: ButtonNode[];
}

export const getButtons = (): Promise<ButtonNode[]> => getData<ButtonNode[]>('/blade-system/menu/buttons');

/** The permission tree flattened into a set of allowed codes. */
export function flattenButtons(tree: readonly ButtonNode[]): string[] {
  const codes = new Set<string>();
  const walk = (nodes: readonly ButtonNode[]): void => {
    for (const n of nodes) {
      if (n.code) codes.add(n.code);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return [...codes];
}
