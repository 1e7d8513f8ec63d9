import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { isLanguage, useLanguageStore, useT } from '../i18n';

/** Language dropdown: the current language is disabled. */
export function LanguageMenu() {
  const t = useT();
  const language = useLanguageStore((s) => s.language);
  const setLanguage = useLanguageStore((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: false,
        items: [
          { key: 'zh', label: t('lang.zh'), disabled: language === 'zh' },
          { key: 'en', label: t('lang.en'), disabled: language === 'en' },
        ],
        onClick: ({ key }) => {
          if (isLanguage(key)) setLanguage(key);
        },
      }}
    >
      <Button type="text" className="shell-icon-btn" aria-label={t('lang.label')} title={t('lang.label')}>
        <TranslationOutlined />
      </Button>
    </Dropdown>
  );
}
