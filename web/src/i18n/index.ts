import { useCallback } from 'react';
import { create } from 'zustand';
import { website } from '../config';
import { getStore, setStore } from '../util/storage';
import { type MessageKey, zh } from './zh';

export type { MessageKey } from './zh';
export type Language = 'zh' | 'en';
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** Chinese texts known so far: the sign-in page's, built in, then the pages' once loaded. */
const zhTexts: Partial<Record<MessageKey, string>> = { ...zh };
/** English is its own chunk, loaded when first chosen. */
const dictionaries: Partial<Record<Language, Partial<Record<MessageKey, string>>>> = { zh: zhTexts };
let pageTexts: Promise<void> | undefined;

/**
 * Loads the Chinese texts of everything beyond the sign-in form; what shows them waits for it
 * (app/lazy.ts), so the sign-in page does not load them.
 */
export function loadPageTexts(): Promise<void> {
  pageTexts ??= import('./zhPages').then(
    (m) => void Object.assign(zhTexts, m.zhPages),
    (error: unknown) => {
      pageTexts = undefined;
      throw error;
    },
  );
  return pageTexts;
}

/** Loads a language's texts (a no-op once loaded); texts missing until then fall back to Chinese. */
export async function loadLanguage(language: Language): Promise<void> {
  if (dictionaries[language]) return;
  if (language === 'en') dictionaries.en = (await import('./en')).en;
}

export const isLanguage = (v: unknown): v is Language => v === 'zh' || v === 'en';

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

const stored = getStore<string>('language', website.language);

export const useLanguageStore = create<LanguageState>((set) => ({
  language: isLanguage(stored) ? stored : website.language,
  setLanguage: (language) => {
    setStore('language', language);
    void loadLanguage(language).then(() => set({ language }));
  },
}));

export function translate(
  language: Language,
  key: MessageKey,
  vars?: Record<string, string | number>,
): string {
  const text = dictionaries[language]?.[key] ?? zhTexts[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** Translate outside React (HTTP client, stores). */
export const t: Translate = (key, vars) => translate(useLanguageStore.getState().language, key, vars);

/** Translate inside components; re-renders on language change. */
export function useT(): Translate {
  const language = useLanguageStore((s) => s.language);
  return useCallback<Translate>((key, vars) => translate(language, key, vars), [language]);
}
