/** What the properties panel edits on a user task. */
export interface TaskAssignment {
  assignee: string;
  candidateGroups: string;
}

export const ASSIGNEE_ATTR = 'flowable:assignee';
export const CANDIDATE_GROUPS_ATTR = 'flowable:candidateGroups';

/** The part of a bpmn-js business object the panel reads. */
export interface BusinessObjectLike {
  $type: string;
  $attrs?: Record<string, unknown>;
  get?: (name: string) => unknown;
}

/** The part of a diagram element the panel needs. */
export interface ElementLike {
  id: string;
  businessObject?: BusinessObjectLike;
}

/** The part of bpmn-js's modeling service that writes attributes (undo-able commands). */
export interface ModelingLike {
  updateProperties: (element: ElementLike, properties: Record<string, unknown>) => void;
}

export const isUserTask = (element: ElementLike | null | undefined): element is ElementLike =>
  element?.businessObject?.$type === 'bpmn:UserTask';

const read = (bo: BusinessObjectLike, name: string): string => {
  const value = bo.get ? bo.get(name) : bo.$attrs?.[name];
  return typeof value === 'string' ? value : '';
};

/** The assignee and candidate groups a user task carries now. */
export function readAssignment(element: ElementLike): TaskAssignment {
  const bo = element.businessObject;
  if (!bo) return { assignee: '', candidateGroups: '' };
  return { assignee: read(bo, ASSIGNEE_ATTR), candidateGroups: read(bo, CANDIDATE_GROUPS_ATTR) };
}

/** Trims the groups list ("hr, finance ," → "hr,finance"). */
export const normalizeGroups = (groups: string): string =>
  groups
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean)
    .join(',');

/**
 * The attribute update for an assignment: empty values remove the attribute (undefined unsets it
 * in bpmn-moddle) so that no empty `flowable:assignee=""` reaches the engine.
 */
export function assignmentProperties(value: TaskAssignment): Record<string, string | undefined> {
  const assignee = value.assignee.trim();
  const groups = normalizeGroups(value.candidateGroups);
  return {
    [ASSIGNEE_ATTR]: assignee || undefined,
    [CANDIDATE_GROUPS_ATTR]: groups || undefined,
  };
}

/** Writes the assignment on a user task through the modeling API (one undo step). */
export function writeAssignment(modeling: ModelingLike, element: ElementLike, value: TaskAssignment): void {
  modeling.updateProperties(element, assignmentProperties(value));
}
