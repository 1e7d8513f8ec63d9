import { App, theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLanguageStore } from '../i18n';
import { useLayout } from '../store/layout';
import { readableOn } from './contrast';
import { findTheme } from './themes';

const WHITE = '#ffffff';
/**
 * Light themes: antd's defaults for links (#1677ff), errors, secondary text and placeholders, and
 * the chosen colour as text or under white text, fall short of WCAG AA contrast on white; these
 * keep each hue and reach 4.5:1. The colour stored and shown in the picker stays the one chosen.
 */
function readableTokens(colorName: string) {
  const primary = readableOn(colorName, WHITE);
  return {
    colorPrimary: primary,
    colorInfo: primary,
    colorLink: primary,
    colorError: readableOn('#ff4d4f', WHITE),
    colorTextTertiary: 'rgba(0, 0, 0, 0.55)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  };
}

/** antd theme, locale and App context from the theme, colour and language stores. */
export function AntProvider({ children }: { children: ReactNode }) {
  const language = useLanguageStore((s) => s.language);
  const themeName = useLayout((s) => s.themeName);
  const colorPrimary = useLayout((s) => s.colorName);
  const look = findTheme(themeName);
  return (
    <ConfigProvider
      button={{ autoInsertSpace: false }}
      locale={language === 'en' ? enUS : zhCN}
      theme={{
        algorithm: look.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...(look.dark ? { colorPrimary } : readableTokens(colorPrimary)), borderRadius: 4 },
        components: {
          Layout: {
            siderBg: look.siderBg,
            headerBg: look.headerBg,
            bodyBg: look.contentBg,
            headerPadding: '0 12px',
          },
          Menu: {
            darkItemBg: look.siderBg,
            darkSubMenuItemBg: look.siderBg,
            darkPopupBg: look.siderBg,
            darkItemColor: look.siderText,
            darkItemHoverColor: look.siderActiveText,
            darkItemSelectedBg: readableOn(look.siderActiveBg, look.siderActiveText),
            darkItemSelectedColor: look.siderActiveText,
            itemBg: look.lightMenu ? look.siderBg : undefined,
            subMenuItemBg: look.lightMenu ? look.siderBg : undefined,
            itemColor: look.lightMenu ? look.siderText : undefined,
            itemSelectedBg: look.lightMenu ? look.siderActiveBg : undefined,
            itemSelectedColor: look.lightMenu
              ? readableOn(look.siderActiveText, look.siderActiveBg)
              : undefined,
          },
        },
      }}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
