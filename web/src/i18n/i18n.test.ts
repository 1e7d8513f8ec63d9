import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { loadLanguage, loadPageTexts, translate } from './index';
import { zh } from './zh';
import { zhPages } from './zhPages';

describe('i18n', () => {
  it('falls back to Chinese until English is loaded, then translates', async () => {
    await loadPageTexts();
    expect(translate('en', 'phone.format')).toBe('手机号码格式不正确');
    await loadLanguage('en');
    expect(translate('en', 'phone.format')).toBe(en['phone.format']);
  });
  it('has an English text for every Chinese key and no extras', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys({ ...zh, ...zhPages }).sort());
  });
  it('keeps the sign-in texts and the pages’ texts apart', () => {
    const shared = Object.keys(zh).filter((key) => key in zhPages);
    expect(shared).toEqual([]);
  });
  it('builds in every text the sign-in page and the frame around pages show', () => {
    // These render before the pages' texts are loaded (app/lazy.ts): a key of theirs in zhPages
    // would show as the bare key.
    const files = [
      '../pages/login/LoginPage.tsx',
      '../pages/login/DeptRoleChoice.tsx',
      '../pages/login/PasswordChange.tsx',
      '../pages/login/LanguageSwitch.tsx',
      '../app/Root.tsx',
      '../app/routeTable.ts',
      '../store/tabs.ts',
      '../main.tsx',
    ];
    const used = files.flatMap((file) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/'([a-z]\w*\.[\w.-]+)'/g)].map(
        (m) => m[1],
      ),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => key !== undefined && key in zhPages)).toEqual([]);
  });
  it('interpolates variables', async () => {
    await loadLanguage('en');
    expect(translate('en', 'wel.greeting', { name: 'Ann' })).toBe('Welcome back, Ann');
    expect(translate('zh', 'phone.format')).toBe('手机号码格式不正确');
  });
});
