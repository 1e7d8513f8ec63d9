import { website } from '../config';
import type { Language, MessageKey, Translate } from '../i18n';

export interface TabMeta {
  /** i18n key of a fixed route's label. */
  i18n?: MessageKey;
  /** English label of a menu page (the menu's alias). */
  labelEn?: string;
  keepAlive?: boolean;
}

/** A page tab (spec §3: label, value, params, query, meta, group, close). */
export interface Tab {
  label: string;
  /** Full path (pathname + search); tabs are unique by value. */
  value: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: TabMeta;
  group: string[];
  close: boolean;
}

export const homeTab: Tab = {
  label: website.firstPage.label,
  value: website.firstPage.value,
  params: {},
  query: {},
  meta: { i18n: website.firstPage.i18n },
  group: [],
  close: false,
};

/**
 * Spec §4: a single tab is not closable; when the first page is not a normal tab
 * (isFirstPage false) the home tab is not closable either.
 */
export function withCloseFlags(list: Tab[], isFirstPage: boolean = website.isFirstPage): Tab[] {
  if (list.length === 1) return list.map((t) => ({ ...t, close: false }));
  return list.map((t) => ({ ...t, close: !(t.value === homeTab.value && !isFirstPage) }));
}

export function addTab(list: Tab[], tab: Tab): Tab[] {
  const i = list.findIndex((t) => t.value === tab.value);
  const next = i === -1 ? [...list, tab] : list.map((t, j) => (j === i ? { ...t, ...tab } : t));
  return withCloseFlags(next);
}

/** Closes one tab; closing the active one activates the previous tab (or the first). */
export function closeTab(list: Tab[], value: string, active: string): { list: Tab[]; active: string } {
  const i = list.findIndex((t) => t.value === value);
  const target = list[i];
  if (i === -1 || !target || !target.close) return { list, active };
  const rest = withCloseFlags(list.filter((_, j) => j !== i));
  if (value !== active) return { list: rest, active };
  const fallback = rest[i - 1] ?? rest[0] ?? homeTab;
  return { list: rest, active: fallback.value };
}

/** Keeps one tab (the one whose menu was used) and the home tab. */
export function closeOtherTabs(list: Tab[], keep: string): Tab[] {
  const kept = list.filter((t) => t.value === keep || t.value === homeTab.value);
  return withCloseFlags(kept.length ? kept : [homeTab]);
}

/** Close all returns to the home tab. */
export function closeAllTabs(): { list: Tab[]; active: string } {
  return { list: withCloseFlags([homeTab]), active: homeTab.value };
}

/** A tab's label in the current language: fixed routes by i18n key, menu pages by name or alias. */
export function tabLabel(tab: Pick<Tab, 'label' | 'meta'>, t: Translate, language: Language): string {
  if (tab.meta.i18n) return t(tab.meta.i18n);
  return language === 'en' && tab.meta.labelEn ? tab.meta.labelEn : tab.label;
}
