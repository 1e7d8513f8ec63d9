import type { Text } from '@blade/schema';
import { useCallback, useMemo } from 'react';
import { type Language, type MessageKey, translate, useLanguageStore } from '../i18n';

/** Keys of the generic pages' texts: the `crud.` entries of the one catalog (web/src/i18n). */
export type CrudTextKey = { [K in MessageKey]: K extends `crud.${infer Key}` ? Key : never }[MessageKey];

export type CrudTranslate = (key: CrudTextKey, vars?: Record<string, string | number>) => string;

export function crudText(
  language: Language,
  key: CrudTextKey,
  vars?: Record<string, string | number>,
): string {
  return translate(language, `crud.${key}`, vars);
}

export interface CrudText {
  language: Language;
  t: CrudTranslate;
  /** A declaration's label in the current language. */
  label: (text: Text) => string;
}

/** The crud texts in the shell's current language; re-renders when it changes. */
export function useCrudText(): CrudText {
  const language = useLanguageStore((s) => s.language);
  const t = useCallback<CrudTranslate>((key, vars) => crudText(language, key, vars), [language]);
  return useMemo(() => ({ language, t, label: (text: Text) => text[language] }), [language, t]);
}
