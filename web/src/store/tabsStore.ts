import { create } from 'zustand';
import { getStore, setStore } from '../util/storage';
import { addTab, closeAllTabs, closeOtherTabs, closeTab, homeTab, type Tab, withCloseFlags } from './tabs';

interface TabsState {
  list: Tab[];
  active: string;
}

export const useTabs = create<TabsState>(() => ({
  list: withCloseFlags(getStore<Tab[]>('tagList', [homeTab])),
  active: getStore('tag', homeTab.value),
}));

function save(state: TabsState): void {
  setStore('tagList', state.list, 'session');
  setStore('tag', state.active, 'session');
  useTabs.setState(state);
}

export function openTab(tab: Tab): void {
  save({ list: addTab(useTabs.getState().list, tab), active: tab.value });
}

/** Removes a tab; returns the tab value to show next. */
export function removeTab(value: string): string {
  const { list, active } = useTabs.getState();
  const next = closeTab(list, value, active);
  save(next);
  return next.active;
}

/** Keeps the given tab (default the active one) and the home tab; returns the tab to show. */
export function removeOtherTabs(keep: string = useTabs.getState().active): string {
  const list = closeOtherTabs(useTabs.getState().list, keep);
  const active = list.some((t) => t.value === keep) ? keep : homeTab.value;
  save({ list, active });
  return active;
}

export function resetTabs(): string {
  const next = closeAllTabs();
  save(next);
  return next.active;
}
