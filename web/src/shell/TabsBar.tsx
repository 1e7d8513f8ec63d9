import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../api/http';
import { useLanguageStore, useT } from '../i18n';
import { clearPageCache, setSearch } from '../store/layout';
import { tabLabel } from '../store/tabs';
import { removeOtherTabs, removeTab, resetTabs, useTabs } from '../store/tabsStore';

type Action = 'search' | 'clearCache' | 'closeOthers' | 'closeAll';

/** Page tabs with the spec §4 close rules and the tabs menu (search, clear cache, close others, close all). */
export function TabsBar() {
  const t = useT();
  const { message } = App.useApp();
  const language = useLanguageStore((s) => s.language);
  const navigate = useNavigate();
  const list = useTabs((s) => s.list);
  const active = useTabs((s) => s.active);

  /** `target`: the tab whose context menu was used (the tabs menu acts on the active tab). */
  const run = async (action: Action, target: string) => {
    if (action === 'search') setSearch(true);
    if (action === 'closeOthers') {
      const next = removeOtherTabs(target);
      if (next !== active) navigate(next);
    }
    if (action === 'closeAll') navigate(resetTabs());
    if (action === 'clearCache') {
      clearPageCache();
      await request('/blade-auth/oauth/clear-cache').catch(() => {});
      void message.success(t('tabs.cacheCleared'));
    }
  };

  const menuFor = (target: string): MenuProps => ({
    items: [
      { key: 'search', label: t('tabs.search') },
      { key: 'clearCache', label: t('tabs.clearCache') },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key }) => void run(key as Action, target),
  });

  // rc-tabs puts each close button inside the tablist, where ARIA allows only tabs, and in the tab
  // order. It stays for the mouse; keyboards and screen readers close the focused tab with Delete
  // (rc-tabs' key handling) or use the tabs menu.
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const button of bar.current?.querySelectorAll<HTMLButtonElement>('.ant-tabs-tab-remove') ?? []) {
      button.setAttribute('aria-hidden', 'true');
      button.tabIndex = -1;
    }
  });

  return (
    <div className="shell-tabs" ref={bar}>
      <Tabs
        type="editable-card"
        hideAdd
        tabBarStyle={{ margin: 0 }}
        size="small"
        activeKey={active}
        onChange={(value) => navigate(value)}
        onEdit={(value, action) => {
          if (action !== 'remove' || typeof value !== 'string') return;
          const next = removeTab(value);
          if (next !== active) navigate(next);
        }}
        items={list.map((tab) => ({
          key: tab.value,
          closable: tab.close,
          label: (
            <Dropdown menu={menuFor(tab.value)} trigger={['contextMenu']}>
              <span className="shell-tab-label" data-value={tab.value}>
                {tabLabel(tab, t, language)}
              </span>
            </Dropdown>
          ),
        }))}
      />
      {/* Beside the tabs, not antd's tabBarExtraContent, which renders inside the tablist. */}
      <Dropdown menu={menuFor(active)} trigger={['click']}>
        <Button type="text" size="small" aria-label={t('tabs.menu')} className="shell-tabs-menu">
          <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
