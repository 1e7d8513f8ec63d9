import type { FieldDef, ResourceDef } from '@blade/schema';
import ExcelJS from 'exceljs';
import type { Language } from '../../core/messages.js';
import { isWritable } from '../../crud/validation.js';
import type { CellNames } from './cell-names.js';

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab/CR before them) as a
 * formula; such text is written with a leading apostrophe so it stays text.
 */
export const neutralise = (value: unknown): unknown =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/**
 * The columns an import takes: the add form's fields (a password too, as the form sends it).
 */
export const importFields = (resource: ResourceDef): FieldDef[] =>
  resource.fields.filter((f) => isWritable(f) && !f.disabledOnAdd && !(f.secret && !f.required));

/**
 * The columns an export shows: the template's first, in its order (so an export imports back as
 * it is), then what the list shows besides (read-only columns the import passes over); secrets
 * and fields that are no column never.
 */
export function exportFields(resource: ResourceDef): FieldDef[] {
  const shown = (f: FieldDef) => !f.secret && !f.virtual;
  const template = importFields(resource).filter(shown);
  return [
    ...template,
    ...resource.fields.filter((f) => f.list !== false && shown(f) && !template.includes(f)),
  ];
}

/** Cents as the form shows them: yuan, a number with two decimals at most. */
const yuanOf = (cents: number): number => Math.round(cents) / 100;

/** A stored or listed value as a person reads it in a cell: names for keys, money in yuan. */
export function cellOf(field: FieldDef, value: unknown, names: CellNames): unknown {
  if (value === null || value === undefined) return '';
  if (names.named(field)) return neutralise(names.nameOf(field, value) ?? String(value));
  if (field.type === 'money' && typeof value === 'number') return yuanOf(value);
  if (typeof value === 'number') return value;
  return neutralise(String(value));
}

/** A column's header: the field's label, with the unit money is written in (the form's: yuan). */
export const headerOf = (field: FieldDef, lang: Language): string =>
  field.type === 'money' ? `${field.label[lang]}${lang === 'en' ? ' (¥)' : '(元)'}` : field.label[lang];

/** A template: the header row of the import columns, by label. */
export function templateBook(resource: ResourceDef, lang: Language): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(resource.label[lang].slice(0, 31));
  sheet.columns = importFields(resource).map((f) => ({
    header: headerOf(f, lang),
    key: f.name,
    width: Math.max(12, f.label[lang].length * 2 + 4),
  }));
  return book;
}
