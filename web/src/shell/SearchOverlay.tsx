import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MenuItem } from '../app/menu';
import { searchMenu } from '../app/menu';
import { useLanguageStore, useT } from '../i18n';
import { setSearch, useLayout } from '../store/layout';
import { useSession } from '../store/session';
import { MenuIcon } from './MenuIcon';
import { useMenuNavigate } from './useMenuNavigate';

/**
 * Menu search overlay: leaf entries by name prefix; ↑/↓ move through the results, Enter opens the
 * marked one; Esc closes and forgets the text; choosing one navigates and clears the box.
 */
export function SearchOverlay() {
  const t = useT();
  const open = useLayout((s) => s.isSearch);
  const menu = useSession((s) => s.menu);
  const en = useLanguageStore((s) => s.language) === 'en';
  const go = useMenuNavigate();
  const [text, setText] = useState('');
  const [marked, setMarked] = useState(0);
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLUListElement>(null);
  const results = useMemo(() => searchMenu(menu, text).slice(0, 50), [menu, text]);

  const close = () => setSearch(false);
  const choose = (m: MenuItem | undefined) => {
    if (!m) return;
    go(m);
    close();
  };

  useEffect(() => {
    if (!open) {
      // Closed by any means: the next opening starts empty.
      setText('');
      setMarked(0);
      return;
    }
    input.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setSearch(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  });

  const onArrow = (e: React.KeyboardEvent) => {
    if (!results.length || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    setMarked((i) => (i + step + results.length) % results.length);
  };

  if (!open) return null;
  return (
    <div className="shell-search" role="dialog" aria-label={t('top.search')}>
      <button type="button" className="shell-search-close" aria-label={t('common.close')} onClick={close}>
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
          onChange={(e) => {
            setText(e.target.value);
            setMarked(0);
          }}
          onKeyDown={onArrow}
          onPressEnter={() => choose(results[marked])}
        />
        {text.trim() ? (
          results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('top.searchEmpty')} />
          ) : (
            <ul className="shell-search-results" ref={list}>
              {results.map((m, i) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className={i === marked ? 'is-marked' : undefined}
                    aria-current={i === marked ? 'true' : undefined}
                    onMouseEnter={() => setMarked(i)}
                    onClick={() => choose(m)}
                  >
                    <MenuIcon name={m.icon} />
                    <span className="shell-search-name">{en ? m.alias : m.name}</span>
                    <span className="shell-search-path">{m.rawPath}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </div>
  );
}
