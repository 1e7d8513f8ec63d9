/**
 * What reading one uploaded spreadsheet may cost, in one place. A workbook is a zip of XML
 * parts, and a few hundred kilobytes can inflate to gigabytes: every part is measured as it
 * inflates and the reading stops at the first limit passed, in a worker thread of its own
 * (memory and time bounded there too), so no upload holds the server's thread or its memory.
 * An honest file of MAX_IMPORT_ROWS rows stays well inside each of them.
 */
export const SHEET_LIMITS = {
  /** Most characters of a small part once inflated (the sheet list, its relations). */
  partChars: 1024 * 1024,
  /** Most characters of the styles (cell formats, which tell a date from a number). */
  stylesChars: 4 * 1024 * 1024,
  /** Most characters of the shared strings (every distinct text of the workbook). */
  sharedStringsChars: 32 * 1024 * 1024,
  /** Most characters of the sheet itself, streamed. */
  sheetChars: 256 * 1024 * 1024,
  /** Most characters between two tags (a text or a tag the XML reader holds whole). */
  runChars: 1024 * 1024,
  /** Most rows the sheet may hold, empty ones included (each costs reading). */
  rows: 1_000_000,
  /** Most cells one row may hold. */
  cellsPerRow: 1_000,
  /** Most cells the sheet may hold in all. */
  cells: 4_000_000,
  /** Most time the reading may take (the time the importer spends on each row not counted). */
  ms: 60_000,
  /** Most memory the reading's heap may take. */
  memoryMb: 128,
};

/**
 * How many spreadsheets this process reads at once, and how many more may wait their turn: a
 * burst of uploads then costs at most that many workers' memory and cores, never the thread that
 * answers requests; past the queue an upload is refused (429) rather than held.
 */
export const SHEET_READERS = { running: 2, waiting: 32 };

export type SheetLimits = typeof SHEET_LIMITS;
