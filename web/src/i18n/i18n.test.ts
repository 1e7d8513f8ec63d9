import { describe, expect, it } from 'vitest';
import { en } from './en';
import { loadLanguage, translate } from './index';
import { zh } from './zh';

describe('i18n', () => {
  it('falls back to Chinese until English is loaded, then translates', async () => {
    expect(translate('en', 'phone.format')).toBe('手机号码格式不正确');
    await loadLanguage('en');
    expect(translate('en', 'phone.format')).toBe(en['phone.format']);
  });
  it('has an English text for every Chinese key and no extras', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });
  it('interpolates variables', async () => {
    await loadLanguage('en');
    expect(translate('en', 'wel.greeting', { name: 'Ann' })).toBe('Welcome back, Ann');
    expect(translate('zh', 'phone.format')).toBe('手机号码格式不正确');
  });
});
