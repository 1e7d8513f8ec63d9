/** A message in both languages. */
export type Bilingual = { zh: string; en: string };
