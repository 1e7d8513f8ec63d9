import { checkPhone, type PhoneProblem } from '../../util/validate';

/** The numbers of a comma-separated list (Chinese commas and spaces accepted too). */
export const splitPhones = (text: string): string[] =>
  text
    .split(/[,，\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** The first problem of a phone list by the spec §5 rule (an empty list is `empty`), or null. */
export function checkPhones(text: string): PhoneProblem | null {
  const phones = splitPhones(text);
  if (phones.length === 0) return 'empty';
  for (const phone of phones) {
    const problem = checkPhone(phone);
    if (problem) return problem;
  }
  return null;
}

/** The template parameters as the JSON object the server expects; null when the text is not one. */
export function parseSmsParams(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
