import { nextId } from '../core/ids.js';
import { auditColumns } from './harness.js';

/**
 * A menu row as tests of migrations insert it into an older schema: a live, enabled menu named
 * by its code, under `parentId`, opened as `isOpen` says (1 here, 2 in a new window).
 */
export const storedMenu = (code: string, { parentId = 0, isOpen = 1 } = {}) => ({
  id: nextId(),
  parent_id: parentId,
  code,
  name: code,
  alias: code,
  path: `/${code}`,
  source: null,
  sort: 1,
  category: 1,
  action: 0,
  is_open: isOpen,
  remark: null,
  ...auditColumns(),
  status: 1,
  is_deleted: 0,
});
