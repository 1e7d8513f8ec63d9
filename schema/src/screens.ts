/**
 * The buttons of a resource's screen, derived from its declaration: the seed turns them into the
 * menu's buttons (category 2), whose codes are the permission codes the server checks.
 */
import type { Action, ButtonPlace, ResourceDef, ScreenAction, ScreenDef, Text } from './registry.js';

/** One button of a screen: the permission code it stands for and the call it makes (under /api). */
export interface ScreenButton {
  code: string;
  label: Text;
  call: string;
  place: ButtonPlace;
  remark?: string;
}

const CRUD_LABELS: Record<Action, Text> = {
  add: { zh: '新增', en: 'Add' },
  edit: { zh: '修改', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
  view: { zh: '查看', en: 'View' },
};

const CRUD_PLACES: Record<Action, ButtonPlace> = { add: 'toolbar', edit: 'row', delete: 'both', view: 'row' };

/** A screen action for one of the four CRUD actions, labelled and placed as every list shows it. */
export const crudAction = (action: Action, call: string): ScreenAction => ({
  action,
  label: CRUD_LABELS[action],
  call,
  place: CRUD_PLACES[action],
});

/** The button of an action under a permission prefix. */
export const buttonOf = (prefix: string, action: ScreenAction): ScreenButton => ({
  code: action.code ?? `${prefix}_${action.action}`,
  label: action.label,
  call: action.call,
  place: action.place,
  ...(action.remark ? { remark: action.remark } : {}),
});

/**
 * The buttons of a resource's screen: add and edit where it can be written (add calls `save`
 * where it has one, else `submit`; edit calls `update` where it has one), delete where it has
 * `remove`, view unless its view is off, then its own actions.
 */
export function screenButtons(def: ResourceDef): ScreenButton[] {
  const has = (endpoint: ResourceDef['endpoints'][number]) => def.endpoints.includes(endpoint);
  const crud: [Action, string][] = [];
  if (has('submit') || has('save') || has('update')) {
    crud.push(['add', has('save') ? 'save' : 'submit'], ['edit', has('update') ? 'update' : 'submit']);
  }
  if (has('remove')) crud.push(['delete', 'remove']);
  if (def.ui?.view !== false) crud.push(['view', 'detail']);
  return [
    ...crud.map(([action, endpoint]) =>
      buttonOf(def.permission, crudAction(action, `${def.path}/${endpoint}`)),
    ),
    ...(def.screen?.actions ?? []).map((action) => buttonOf(def.permission, action)),
  ];
}

/** The menu code of a resource's screen. */
export const screenCode = (def: ResourceDef & { screen: ScreenDef }): string =>
  def.screen.code ?? def.permission;

/** The declared resources that have a screen of their own. */
export const withScreens = (defs: Iterable<ResourceDef>): (ResourceDef & { screen: ScreenDef })[] =>
  [...defs].filter((def): def is ResourceDef & { screen: ScreenDef } => def.screen !== undefined);
