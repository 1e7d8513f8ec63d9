import type { PermissionCode } from './permission-codes.js';

/**
 * The button codes of the 数据变更 screen (server/src/db/seed/menu-tree.ts): history, restore, the
 * recycle bin and spreadsheets, each checked besides the resource's own code, by the server's
 * routes and the web's buttons alike.
 */
export const HISTORY_CODES = {
  screen: 'log_change',
  view: 'log_change_view',
  restore: 'log_change_restore',
  recycle: 'log_change_recycle',
  purge: 'log_change_purge',
  export: 'log_change_export',
  import: 'log_change_import',
} as const satisfies Record<string, PermissionCode>;
