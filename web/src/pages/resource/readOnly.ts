import type { ResourceDef } from '@blade/schema';

/**
 * A list shown inside another page (SMS records, a user's exams, a meeting's codes): the page's own
 * codes grant it, so it gets no generic add, edit, delete or view buttons of its own.
 */
export const readOnly = (resource: ResourceDef): ResourceDef => ({
  ...resource,
  permission: `${resource.permission}_embedded`,
  ui: { ...resource.ui, view: false },
});
