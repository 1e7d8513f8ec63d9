import { App, theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLanguageStore } from '../i18n';
import { useLayout } from '../store/layout';
import { findTheme } from './themes';

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
        token: { colorPrimary, borderRadius: 4 },
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
            darkItemSelectedBg: look.siderActiveBg,
            darkItemSelectedColor: look.siderActiveText,
            itemBg: look.lightMenu ? look.siderBg : undefined,
            subMenuItemBg: look.lightMenu ? look.siderBg : undefined,
            itemColor: look.lightMenu ? look.siderText : undefined,
            itemSelectedBg: look.lightMenu ? look.siderActiveBg : undefined,
            itemSelectedColor: look.lightMenu ? look.siderActiveText : undefined,
          },
        },
      }}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
