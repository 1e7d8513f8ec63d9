import { describe, expect, it } from 'vitest';
import { en } from './en';
import { translate } from './index';
import { zh } from './zh';

describe('i18n', () => {
  it('has an English text for every Chinese key and no extras', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });
  it('interpolates variables', () => {
    expect(translate('en', 'wel.greeting', { name: 'Ann' })).toBe('Welcome back, Ann');
    expect(translate('zh', 'phone.format')).toBe('手机号码格式不正确');
  });
});
