import type { Bilingual } from './bilingual.js';

/** Spreadsheet import and its limits. */
export const spreadsheetsMessages = {
  importNotSheet: { zh: '文件不是 .xlsx 表格', en: 'The file is not an .xlsx spreadsheet' },
  importNoColumns: {
    zh: '表格第一行没有可导入的列，请使用导入模板',
    en: 'The first row names no column that can be imported; use the import template',
  },
  importTooLarge: { zh: '一次最多导入 {max} 行', en: 'At most {max} rows are imported at a time' },
  sheetPartTooLarge: {
    zh: '表格的 {part} 解压后超过 {max} 个字符的上限',
    en: "The spreadsheet's {part} inflates past the limit of {max} characters",
  },
  sheetTextTooLong: {
    zh: '表格中有一段文字超过 {max} 个字符的上限',
    en: 'A text in the spreadsheet is longer than the limit of {max} characters',
  },
  sheetTooManyRows: {
    zh: '表格的行数（空行也算在内）超过 {max} 行的上限',
    en: 'The spreadsheet has more rows (empty ones included) than the limit of {max}',
  },
  sheetRowTooWide: {
    zh: '表格有一行超过 {max} 个单元格的上限',
    en: 'A row of the spreadsheet has more cells than the limit of {max}',
  },
  sheetTooManyCells: {
    zh: '表格的单元格超过 {max} 个的上限',
    en: 'The spreadsheet has more cells than the limit of {max}',
  },
  sheetTooSlow: {
    zh: '读取表格超过 {seconds} 秒的上限，已停止',
    en: 'Reading the spreadsheet passed the limit of {seconds} seconds and was stopped',
  },
  importAccountTwice: {
    zh: '第 {row} 行：账号 {account} 在表格中重复出现',
    en: 'Row {row}: the account {account} appears more than once in the file',
  },
  sheetReadersBusy: {
    zh: '正在读取的表格过多，请稍后再试',
    en: 'Too many spreadsheets are being read; try again in a moment',
  },
  sheetTooMuchMemory: {
    zh: '读取表格所需内存超过 {mb} MB 的上限，已停止',
    en: 'Reading the spreadsheet needed more than the limit of {mb} MB of memory and was stopped',
  },
  importJobNotFound: { zh: '导入任务不存在', en: 'The import does not exist' },
  importJobUsed: {
    zh: '该导入已执行或不能再导入，请重新选择文件',
    en: 'This import has already run or can no longer be imported; choose the file again',
  },
} satisfies Record<string, Bilingual>;
