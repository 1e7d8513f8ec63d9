/** The body of every answer: HTTP status equals `code`; `msg` is a sentence a person can act on. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
}

/** One page of a list. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The token endpoint's answer (BladeX field names). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  nick_name: string;
  avatar: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  oauth_id: string;
  /** The password is a one-time one (new account, reset): change it before anything else. */
  password_change_required: boolean;
}

/** A node of the menu tree (routes, buttons): name is the Chinese label, alias the English one. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
  hasChildren: boolean;
  children: MenuNode[];
}

/** The server's runtime modes, read by the sign-in page. */
export interface PublicSettings {
  tenantMode: boolean;
  captchaMode: boolean;
  switchMode: boolean;
  tokenTime: number;
}
