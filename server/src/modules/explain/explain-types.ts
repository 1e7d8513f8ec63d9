import type { MessageKey, MessageParams } from '../../core/messages.js';
import type { Filter } from '../../crud/list-query.js';

/** What is explained: a screen or button, an API call, or a resource's rows (one record, or its list). */
export type ExplainTarget =
  | { kind: 'menu'; code: string }
  | { kind: 'path'; method: string; path: string }
  | { kind: 'record'; resource: string; id?: number };

export type ExplainStep = 'tenant' | 'account' | 'roles' | 'grant' | 'apiScope' | 'dataScope' | 'record';

/** One link of the chain: whether it lets the access through, why, and the screen where it is changed. */
export interface ExplainLink {
  step: ExplainStep;
  ok: boolean;
  title: string;
  reason: string;
  change?: { label: string; path: string };
  /** The rows a data scope admits: in words, as an expression over columns, and as the conditions themselves. */
  filter?: { words: string; expression: string; conditions: Filter[] };
}

export interface Explanation {
  user: { id: string; account: string; realName: string };
  allowed: boolean;
  verdict: string;
  links: ExplainLink[];
}

/** The screen where each step is changed (menu codes). */
export const CHANGED_IN: Record<ExplainStep, string | undefined> = {
  tenant: 'tenant',
  account: 'user',
  roles: 'user',
  grant: 'role',
  apiScope: 'role',
  dataScope: 'role',
  record: undefined,
};

export type Tr = (key: MessageKey, params?: MessageParams) => string;
export type LinkOf = (
  step: ExplainStep,
  ok: boolean,
  reason: string,
  more?: Partial<ExplainLink>,
) => ExplainLink;

export const STEP_TITLES: Record<ExplainStep, MessageKey> = {
  tenant: 'explainTenant',
  account: 'explainAccount',
  roles: 'explainRoles',
  grant: 'explainGrant',
  apiScope: 'explainApiScope',
  dataScope: 'explainDataScope',
  record: 'explainRecord',
};
