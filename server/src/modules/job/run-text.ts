import { AppError } from '../../core/errors.js';
import { type MessageKey, translate } from '../../core/messages.js';
import type { JobText } from './job-registry.js';

/** Both languages of a message, as run rows keep them (the screen shows the viewer's). */
export const textOf = (key: MessageKey, params: Record<string, string | number> = {}): JobText => ({
  zh: translate(key, 'zh', params),
  en: translate(key, 'en', params),
});

/** A run's text as its column holds it: both languages, each cut to a third of the column. */
export const storedText = (text: JobText | undefined, max: number): string | null => {
  if (!text) return null;
  const cut = (s: string) => (s.length > max / 3 ? `${s.slice(0, max / 3 - 1)}…` : s);
  return JSON.stringify({ zh: cut(text.zh), en: cut(text.en) });
};

/** What a failed run keeps of its error: the message (in both languages when it is ours). */
export function errorText(error: unknown): JobText {
  if (error instanceof AppError) return textOf(error.key, error.params);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { zh: message, en: message };
}
