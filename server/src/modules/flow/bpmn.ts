import BpmnModdle from 'bpmn-moddle';
import { AppError } from '../../core/errors.js';
import { loopWithoutWait } from './bpmn-loops.js';

/** Who a user task is for: expressions like `${approverId}` are read from the process variables. */
export interface TaskAssignment {
  name: string;
  assignee?: string;
  candidateGroups?: string;
  candidateUsers?: string;
}

export interface ParsedProcess {
  key: string;
  name: string;
  tasks: Record<string, TaskAssignment>;
}

interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  isExecutable?: boolean;
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  $attrs?: Record<string, string>;
}

/** Reads an assignment attribute in any of the usual extension namespaces (flowable, camunda, activiti). */
function extension(attrs: Record<string, string> | undefined, name: string): string | undefined {
  if (!attrs) return undefined;
  const key = Object.keys(attrs).find((k) => k === name || k.endsWith(`:${name}`));
  return key ? attrs[key] : undefined;
}

function collectTasks(elements: ModdleElement[] | undefined, into: Record<string, TaskAssignment>): void {
  for (const el of elements ?? []) {
    if (el.$type === 'bpmn:UserTask' && el.id) {
      const assignee = extension(el.$attrs, 'assignee');
      const candidateGroups = extension(el.$attrs, 'candidateGroups');
      const candidateUsers = extension(el.$attrs, 'candidateUsers');
      into[el.id] = {
        name: el.name ?? el.id,
        ...(assignee ? { assignee } : {}),
        ...(candidateGroups ? { candidateGroups } : {}),
        ...(candidateUsers ? { candidateUsers } : {}),
      };
    }
    if (el.$type === 'bpmn:SubProcess') collectTasks(el.flowElements, into);
  }
}

/**
 * Parses and checks a BPMN 2.0 document: well-formed, no unresolved references, at least one
 * executable process. Problems answer 400 naming the file and the first problem.
 */
export async function parseBpmn(xml: string, file = 'model'): Promise<ParsedProcess[]> {
  const moddle = new BpmnModdle();
  let result: { rootElement: ModdleElement; warnings: Array<{ message: string }> };
  try {
    result = (await moddle.fromXML(xml)) as unknown as typeof result;
  } catch (error) {
    throw new AppError(400, 'bpmnInvalid', {
      file,
      problem: (error as Error).message.split('\n')[0]!.slice(0, 300),
    });
  }
  const unresolved = result.warnings.find((w) =>
    /unresolved reference|unparsable content|unknown/i.test(w.message),
  );
  if (unresolved)
    throw new AppError(400, 'bpmnInvalid', {
      file,
      problem: unresolved.message.split('\n')[0]!.slice(0, 300),
    });
  const processes = (result.rootElement.rootElements ?? []).filter(
    (e) => e.$type === 'bpmn:Process' && e.isExecutable !== false,
  );
  if (processes.length === 0)
    throw new AppError(400, 'bpmnInvalid', { file, problem: 'no executable process' });
  return processes.map((p) => {
    const tasks: Record<string, TaskAssignment> = {};
    collectTasks(p.flowElements, tasks);
    if (!p.id || !/^[A-Za-z_][\w.-]{0,63}$/.test(p.id))
      throw new AppError(400, 'bpmnInvalid', {
        file,
        problem: `process id ${p.id ?? '(none)'} is not a valid key`,
      });
    const loop = loopWithoutWait(p.flowElements);
    if (loop) throw new AppError(400, 'bpmnEndlessLoop', { file, loop: loop.join(' → ').slice(0, 300) });
    return { key: p.id, name: p.name ?? p.id, tasks };
  });
}

/** Resolves `${name}` against the variables; plain text is taken as it is. */
export function resolveExpression(
  expression: string | undefined,
  variables: Record<string, unknown>,
): string | undefined {
  if (!expression) return undefined;
  const match = /^\$\{\s*([\w.]+)\s*\}$/.exec(expression.trim());
  if (!match) return expression.trim();
  const value = match[1]!
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      variables,
    );
  return value === undefined || value === null ? undefined : String(value);
}
