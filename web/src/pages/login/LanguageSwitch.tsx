import { isLanguage, useLanguageStore, useT } from '../../i18n';

/** Plain language choice for the pages outside the shell (no antd). */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguageStore((s) => s.language);
  const setLanguage = useLanguageStore((s) => s.setLanguage);
  return (
    <select
      className="login-language"
      aria-label={t('lang.label')}
      value={language}
      onChange={(e) => {
        if (isLanguage(e.target.value)) setLanguage(e.target.value);
      }}
    >
      <option value="zh">{t('lang.zh')}</option>
      <option value="en">{t('lang.en')}</option>
    </select>
  );
}
