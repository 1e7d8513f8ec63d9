// The spreadsheet modules as the import and export routes take them.
export { CellNames } from './cell-names.js';
export { cellOf, exportFields, headerOf, neutralise, templateBook } from './sheet-columns.js';
export { importSheet } from './sheet-import.js';
