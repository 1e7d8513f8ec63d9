import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrast } from './contrast';
import { findTheme, themeNames, themes } from './themes';

describe('themes', () => {
  it('has the 11 named themes, each with its own sidebar and header pair', () => {
    expect(themeNames).toEqual([
      'theme-default',
      'theme-white',
      'theme-dark',
      'theme-star',
      'theme-smart',
      'theme-iview',
      'theme-vip',
      'theme-cool',
      'theme-d2',
      'theme-hey',
      'theme-lte',
    ]);
    const looks = new Set(themes.map((x) => `${x.siderBg}|${x.headerBg}|${x.siderActiveBg}`));
    expect(looks.size).toBe(11);
  });
  it('every theme writes the product title and the header readably (WCAG AA)', () => {
    const unreadable = themes.flatMap((x) =>
      [
        ['title', x.logoText, x.logoBg],
        ['header', x.headerText, x.headerBg],
      ]
        .filter(([, text, background]) => contrast(text!, background!) < AA_TEXT)
        .map(([part, text, background]) => `${x.name} ${part}: ${text} on ${background}`),
    );
    expect(unreadable).toEqual([]);
  });
  it('falls back to the default theme', () => {
    expect(findTheme('nope').name).toBe('theme-default');
  });
});
