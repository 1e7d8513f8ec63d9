import { type Action, permissionCode, type ResourceDef } from '@blade/schema';

/** Whether the session's permission codes hold a code. */
export const holds = (permission: readonly string[], code: string): boolean => permission.includes(code);

/**
 * Whether the user may do an action on a resource: the button code must be held, and the view
 * button also needs the page to offer it (tenant packages turn it off).
 */
export function canDo(
  resource: Pick<ResourceDef, 'permission' | 'ui'>,
  action: Action,
  permission: readonly string[],
): boolean {
  if (action === 'view' && resource.ui?.view === false) return false;
  return holds(permission, permissionCode(resource, action));
}

export type Abilities = Record<Action, boolean>;

/** The four generic buttons a user sees on a resource's page. */
export const abilities = (
  resource: Pick<ResourceDef, 'permission' | 'ui'>,
  permission: readonly string[],
): Abilities => ({
  add: canDo(resource, 'add', permission),
  edit: canDo(resource, 'edit', permission),
  delete: canDo(resource, 'delete', permission),
  view: canDo(resource, 'view', permission),
});
