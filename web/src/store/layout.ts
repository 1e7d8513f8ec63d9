import { create } from 'zustand';
import { website } from '../config';
import { getStore, setStore } from '../util/storage';

/** Screen size class by width (spec §2): ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

interface LayoutState {
  themeName: string;
  colorName: string;
  collapse: boolean;
  screen: 0 | 1 | 2 | 3;
  isSearch: boolean;
  /** Phone widths (screen 0): the menu drawer is open. */
  isDrawer: boolean;
  /** false hides the sidebar on the current page. */
  isMenu: boolean;
  /** Bumped by "clear cache" to drop kept-alive pages. */
  cacheVersion: number;
}

export const useLayout = create<LayoutState>(() => ({
  themeName: getStore('themeName', website.themeName),
  colorName: getStore('colorName', website.colorName),
  collapse: getStore('collapse', false),
  screen: typeof window === 'undefined' ? 3 : screenClass(window.innerWidth),
  isSearch: false,
  isDrawer: false,
  isMenu: true,
  cacheVersion: 0,
}));

export function setTheme(themeName: string): void {
  setStore('themeName', themeName);
  useLayout.setState({ themeName });
}

export function setColor(colorName: string): void {
  setStore('colorName', colorName);
  useLayout.setState({ colorName });
}

export function setCollapse(collapse: boolean): void {
  setStore('collapse', collapse);
  useLayout.setState({ collapse });
}

export const setSearch = (isSearch: boolean): void => useLayout.setState({ isSearch });

export const setDrawer = (isDrawer: boolean): void => useLayout.setState({ isDrawer });

/** Below 768 px the sidebar is a drawer instead of a column. */
export const isPhone = (screen: LayoutState['screen']): boolean => screen === 0;

export const usePhone = (): boolean => useLayout((s) => isPhone(s.screen));

/** Below 992 px (phones and tablets) a table is too narrow to pin its actions column over the data. */
export const usePinActions = (): boolean => useLayout((s) => s.screen >= 2);

export const clearPageCache = (): void => useLayout.setState((s) => ({ cacheVersion: s.cacheVersion + 1 }));
