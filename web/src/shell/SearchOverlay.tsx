import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { searchMenu } from '../app/menu';
import { useLanguageStore, useT } from '../i18n';
import { setSearch, useLayout } from '../store/layout';
import { useSession } from '../store/session';
import { MenuIcon } from './MenuIcon';
import { useMenuNavigate } from './useMenuNavigate';

/** Menu search overlay: leaf entries by name prefix; Esc closes; choosing one navigates and clears the box. */
export function SearchOverlay() {
  const t = useT();
  const open = useLayout((s) => s.isSearch);
  const menu = useSession((s) => s.menu);
  const en = useLanguageStore((s) => s.language) === 'en';
  const go = useMenuNavigate();
  const [text, setText] = useState('');
  const input = useRef<InputRef>(null);
  const results = useMemo(() => searchMenu(menu, text).slice(0, 50), [menu, text]);

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setSearch(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!open) return null;
  return (
    <div className="shell-search" role="dialog" aria-label={t('top.search')}>
      <button
        type="button"
        className="shell-search-close"
        aria-label={t('common.close')}
        onClick={() => setSearch(false)}
      >
        <CloseOutlined />
      </button>
      <div className="shell-search-box">
        <Input
          ref={input}
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('top.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => {
            const first = results[0];
            if (!first) return;
            go(first);
            setText('');
            setSearch(false);
          }}
        />
        {text.trim() ? (
          <ul className="shell-search-results">
            {results.length === 0 ? (
              <li>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('top.searchEmpty')} />
              </li>
            ) : (
              results.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => {
                      go(m);
                      setText('');
                      setSearch(false);
                    }}
                  >
                    <MenuIcon name={m.icon} />
                    <span className="shell-search-name">{en ? m.alias : m.name}</span>
                    <span className="shell-search-path">{m.rawPath}</span>
                  </button>
                </li>
              ))
            )}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
