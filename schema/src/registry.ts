/**
 * The resource registry: each resource is declared once, as data, and that declaration drives
 * the server's validation, routes, tenancy, permissions and OpenAPI document, and the web's
 * list and form pages (ARCHITECTURE §3). Declarations hold no server-only code.
 */

import type { PermissionCode } from './permission-codes.js';

/** A label in both languages of the product. */
export interface Text {
  zh: string;
  en: string;
}

/** How a field is stored, validated and shown. */
export type FieldType =
  /** Short text (varchar). */
  | 'text'
  /** Long text (text column, textarea). */
  | 'longtext'
  /** Rich text, sanitised on the server. */
  | 'richtext'
  /** Structured data: a JSON array or object (or its text), handled by the resource's hooks. */
  | 'json'
  /** Whole number. */
  | 'int'
  /** Decimal number (stored as text to keep it exact). */
  | 'decimal'
  /** Money in integer cents; the wire carries cents. */
  | 'money'
  /** 0/1 flag. */
  | 'flag'
  /** A key of a dictionary (`dict`). */
  | 'enum'
  | 'date'
  | 'datetime'
  /** An image link from storage. */
  | 'image'
  /** A file link from storage. */
  | 'file'
  /** The id of another resource's row (`ref`). */
  | 'ref'
  /** Comma-joined ids of another resource's rows (`ref`). */
  | 'refs'
  /** The parent id of a tree resource (0 for roots). */
  | 'parent';

/**
 * How a searchable field filters a list: `like` contains the text, `prefix` starts with it (uses
 * an index, for codes, accounts and phone numbers on large tables), `eq` equals it.
 */
export type SearchMode = 'like' | 'prefix' | 'eq';

export interface FieldDef {
  /** camelCase wire name; the column is its snake_case form. */
  name: string;
  type: FieldType;
  label: Text;
  /** Required on create and update, with the message shown (the spec's where it gives one). */
  required?: Text;
  /** Longest text (characters) or largest number. */
  max?: number;
  /** Shortest text (characters) or smallest number. */
  min?: number;
  /** Pattern a text must match, with the message for a mismatch. */
  pattern?: { regex: string; message: Text };
  /** A time that may not come before another field's (an end and its start), with the message. */
  notBefore?: { field: string; message: Text };
  /** A time that may not come after another field's (sign-up closing and the start). */
  notAfter?: { field: string; message: Text };
  /** Dictionary code whose keys an `enum` field takes. */
  dict?: string;
  /** Which dictionary table: system (blade_dict) or business (blade_dict_biz). */
  dictSource?: 'system' | 'biz';
  /** Resource whose ids a `ref`/`refs` field holds. */
  ref?: string;
  /** Value used when a create leaves the field out. */
  default?: string | number;
  /** Offered in the list's search form. */
  search?: SearchMode;
  /** May be named in `ascs`/`descs` (the server indexes it). */
  sortable?: boolean;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Editable in the add/edit form (default true). */
  form?: boolean;
  /** Shown in the view dialog (default true). */
  detail?: boolean;
  disabledOnAdd?: boolean;
  disabledOnEdit?: boolean;
  /** Never sent to clients (password hashes, secrets). */
  secret?: boolean;
  /**
   * Of a secret: its detail answers SECRET_MASK while one is stored, so a form that requires the
   * field on edit (Saber's) can send it back untouched; the mask sent back keeps the stored secret.
   */
  masked?: boolean;
  /** Not a column: accepted in the body and handled by the resource's server hooks. */
  virtual?: boolean;
  /** Column width in the list, pixels. */
  width?: number;
  /** Values with a meaning of their own, shown by name (a quota of -1: unlimited). */
  named?: { value: number; label: Text }[];
  /** A sentence under the form control saying what the value does (an administrator's password is one-time). */
  hint?: Text;
}

/** The generic endpoints a resource can expose under its path. */
export type Endpoint =
  | 'list'
  | 'page'
  | 'detail'
  | 'remove'
  | 'submit'
  | 'save'
  | 'update'
  | 'tree'
  | 'lazy-tree'
  | 'lazy-list'
  | 'select';

/**
 * Who writes a resource's rows: `tenant`, each tenant its own; `platform`, only the platform
 * (tenant 000000), while tenants read what they need and never see its screens (ARCHITECTURE §5).
 */
export type Owner = 'tenant' | 'platform';

/** The actions permission codes are named for: `<permission>_<action>`. */
export type Action = 'add' | 'edit' | 'delete' | 'view';

/** Where a screen's button shows: the toolbar above the list, each row, or both. */
export type ButtonPlace = 'toolbar' | 'row' | 'both';

/**
 * An action of a screen beyond add/edit/delete/view. Its permission code is
 * `<permission>_<action>` unless `code` names another (a code a client checks by that name).
 */
export interface ScreenAction {
  action: string;
  label: Text;
  /** The call the button makes, under /api, e.g. '/blade-resource/oss/enable'. */
  call: string;
  place: ButtonPlace;
  code?: string;
  remark?: string;
}

/**
 * A resource's menu screen. The seed puts it in its folder with a button for each action the
 * endpoints allow (add, edit, delete, view) and then `actions`; the web opens the generic page of
 * the resource for it unless a page of its own is registered.
 */
export interface ScreenDef {
  /** Code of the top-level menu folder it sits in, where it is not the path's first part ('/base/region' sits in 'system'). */
  folder?: string;
  /** Route of the screen in the web, e.g. '/mall/banner'. */
  path: string;
  /** Ant Design icon name, e.g. 'PictureOutlined'. */
  icon: string;
  /** Position among the folder's screens (1, 2, …). */
  sort: number;
  /** Menu label, where it is not the resource's label. */
  label?: Text;
  /** Menu code, where it is not the permission prefix. */
  code?: string;
  actions?: ScreenAction[];
  remark?: string;
}

/** The code of the menu folder a screen sits in: its `folder`, else its path's first part ('/mall/banner': 'mall'). */
export function screenFolder(screen: Pick<ScreenDef, 'folder' | 'path'>): string {
  return screen.folder ?? screen.path.split('/')[1] ?? '';
}

export interface ResourceDef {
  /** Registry key, e.g. 'param'. */
  name: string;
  /** Table name, e.g. 'blade_param'. */
  table: string;
  /** API base path under /api, e.g. '/blade-system/param'. */
  path: string;
  label: Text;
  /** Rows belong to a tenant (the table has tenant_id and every query is scoped). */
  tenant: boolean;
  /** Who writes it and sees its screens: each tenant, or the platform alone (see Owner). */
  owner: Owner;
  /** Prefix of the button codes that guard each action, e.g. 'param' → 'param_add'. */
  permission: string;
  /** Menu codes whose holders may read the lists (default: the permission prefix itself). */
  menus?: string[];
  /** Of a platform resource: only the administrator role of the platform tenant may use it at all. */
  adminOnly?: boolean;
  endpoints: Endpoint[];
  fields: FieldDef[];
  /** Tree resources: the field holding the parent id and the one used as a node's title. */
  tree?: { parent: string; title: string };
  /** Field that names the department owning a row, for data-scope rules. */
  dataScope?: { dept: string; user: string };
  /** Field that must be unique among live rows (within the tenant for tenant resources). */
  unique?: string[];
  /** Default order of lists. */
  order?: { field: string; direction: 'asc' | 'desc' };
  /** Its menu screen; a resource without one is reached through another's (records, sub-lists). */
  screen?: ScreenDef;
  /** List page options. */
  ui?: {
    /** The view button and dialog (default true). */
    view?: boolean;
    dialogWidth?: number;
    menuWidth?: number;
  };
}

/** What a detail answers for a stored masked secret, and what an edit sends back to keep it. */
export const SECRET_MASK = '******';

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The menu codes whose holders may read a resource's lists. */
export const readCodes = (resource: Pick<ResourceDef, 'permission' | 'menus'>): PermissionCode[] =>
  // declared codes: the seed creates each of them (permission-codes.test.ts)
  (resource.menus ?? [resource.permission]) as PermissionCode[];

/** Permission code of an action on a resource. */
export const permissionCode = (resource: Pick<ResourceDef, 'permission'>, action: Action): PermissionCode =>
  // composed from a declaration: the seed derives the same code from it (permission-codes.test.ts)
  `${resource.permission}_${action}` as PermissionCode;

/** snake_case column of a camelCase field name. */
export const columnOf = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The field a row of the resource is named by in pickers and spreadsheets (tree title, else a *Name field, else the first text). */
export function labelFieldOf(resource: ResourceDef): string {
  if (resource.tree) return resource.tree.title;
  const named = resource.fields.find((f) => f.type === 'text' && /name$/i.test(f.name) && f.name !== 'name');
  return (
    named?.name ??
    resource.fields.find((f) => f.name === 'name')?.name ??
    resource.fields.find((f) => f.type === 'text')?.name ??
    'id'
  );
}
