import BpmnModdle from 'bpmn-moddle';
import { AppError } from '../../core/errors.js';
import { type FlowElement, loopWithoutWait, timerLoop } from './bpmn-loops.js';
import {
  ExpressionError,
  embeddedExpressions,
  expressionsIn,
  parseExpression,
  resolveTemplate,
} from './expression.js';

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
  [property: string]: unknown;
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

/** What a deployable diagram is held to beyond BPMN itself. */
export interface DiagramRules {
  /** The shortest wait a loop may have when nothing but timers hold it up, seconds. */
  minSeconds: number;
}

/**
 * Parses and checks a BPMN 2.0 document: well-formed, no unresolved references, at least one
 * executable process, expressions our grammar reads, no loop that never waits or waits only at
 * timers shorter than `rules.minSeconds`. Problems answer 400 naming the file and the first problem.
 */
export async function parseBpmn(xml: string, file: string, rules: DiagramRules): Promise<ParsedProcess[]> {
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
  refuseCode(result.rootElement, file);
  return processes.map((p) => {
    const tasks: Record<string, TaskAssignment> = {};
    collectTasks(p.flowElements, tasks);
    if (!p.id || !/^[A-Za-z_][\w.-]{0,63}$/.test(p.id))
      throw new AppError(400, 'bpmnInvalid', {
        file,
        problem: `process id ${p.id ?? '(none)'} is not a valid key`,
      });
    const elements = p.flowElements as FlowElement[] | undefined;
    const loop = loopWithoutWait(elements);
    if (loop) throw new AppError(400, 'bpmnEndlessLoop', { file, loop: loop.join(' → ').slice(0, 300) });
    const timed = timerLoop(elements, rules.minSeconds);
    if (timed)
      throw new AppError(400, 'bpmnTimerLoop', {
        file,
        loop: timed.loop.join(' → ').slice(0, 300),
        timers: timed.timers.join(', ').slice(0, 300),
        seconds: rules.minSeconds,
      });
    return { key: p.id, name: p.name ?? p.id, tasks };
  });
}

/**
 * Resolves an assignment like `${approverId}` against the variables; plain text is taken as it
 * is. One the grammar cannot read (stored before deployments checked it) fails the step with a 400.
 */
export function resolveExpression(
  expression: string | undefined,
  variables: Record<string, unknown>,
): string | undefined {
  if (!expression?.trim()) return undefined;
  let value: unknown;
  try {
    value = resolveTemplate(expression.trim(), variables);
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    throw new AppError(400, 'flowStepFailed', {
      problem: `${expression.trim().slice(0, 200)}: ${error.message}`,
    });
  }
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/** Extension elements that run code when an engine honours them (Camunda, Flowable, Activiti). */
const CODE_ELEMENTS = new Set(['executionListener', 'taskListener', 'eventListener', 'script']);
/** Extension attributes that name code to run. */
const CODE_ATTRIBUTES = new Set(['class', 'delegateExpression', 'expression', 'scriptFormat', 'resource']);
/** Expression languages we evaluate ourselves (absent means the same). */
const EXPRESSION_LANGUAGES = /^(juel)?$/i;

/** The code an element would run, described for the refusal, or undefined. */
function codeIn(el: ModdleElement): string | undefined {
  const where = `${local(el.$type)}${el.id ? ` ${el.id}` : ''}`;
  if (el.$type === 'bpmn:ScriptTask') return `script task ${where}`;
  if (typeof el.scriptFormat === 'string' || el.$type === 'bpmn:Script') return `script in ${where}`;
  if (!el.$type.startsWith('bpmn:') && CODE_ELEMENTS.has(local(el.$type))) return `${local(el.$type)}`;
  const attributes = [
    ...Object.keys(el.$attrs ?? {}).filter((k) => k.includes(':') && !k.startsWith('xmlns')),
    ...(el.$type.startsWith('bpmn:') ? [] : Object.keys(el).filter((k) => !k.startsWith('$'))),
  ];
  const attribute = attributes.find((k) => CODE_ATTRIBUTES.has(local(k)));
  if (attribute) return `${attribute} on ${where}`;
  if (typeof el.implementation === 'string' && el.implementation.includes('${'))
    return `implementation on ${where}`;
  if (el.$type === 'bpmn:FormalExpression' || el.$type === 'bpmn:Expression') {
    const language = typeof el.language === 'string' ? el.language.trim() : '';
    if (!EXPRESSION_LANGUAGES.test(language)) return `${language} expression`;
  }
  return undefined;
}

/** A condition must be one `${…}` expression our grammar reads, or its text would count as true. */
function conditionProblem(el: ModdleElement): string | undefined {
  const condition = el.conditionExpression as ModdleElement | undefined;
  if (!condition) return undefined;
  const body = typeof condition.body === 'string' ? condition.body.trim() : '';
  const inner = expressionsIn(body);
  if (inner.length !== 1 || body !== `\${${inner[0]}}`)
    return `the condition of ${el.id ?? 'a sequence flow'} must be one \${…} expression`;
  try {
    parseExpression(inner[0]!);
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    return `the condition of ${el.id ?? 'a sequence flow'}: ${error.message}`;
  }
  return undefined;
}

/**
 * Refuses a document with anything that would run code in the server: script tasks, scripts and
 * script languages in expressions, listeners, class or expression delegates. Conditions must be
 * expressions of our own grammar (expression.ts).
 */
function refuseCode(root: ModdleElement, file: string): void {
  const elements: ModdleElement[] = [];
  const seen = new Set<unknown>();
  const collect = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) collect(item);
      return;
    }
    const el = node as ModdleElement;
    if (typeof el.$type === 'string') elements.push(el);
    for (const [key, value] of Object.entries(el))
      if (key !== '$parent' && key !== '$descriptor' && key !== '$model') collect(value);
  };
  collect(root);
  for (const el of elements) {
    const code = codeIn(el);
    if (code) throw new AppError(400, 'bpmnCodeRefused', { file, element: code });
  }
  for (const el of elements) {
    const problem = conditionProblem(el);
    if (problem) throw new AppError(400, 'bpmnInvalid', { file, problem });
  }
  for (const el of elements) refuseUnreadable(el, file);
}

/**
 * The texts of an element the engine or the task list resolves: expression bodies (timers,
 * conditions) and extension attributes (assignee, candidates).
 */
function resolvedTexts(el: ModdleElement): Array<{ where: string; text: string }> {
  const where = (what: string) => `${what} ${el.id ?? local(el.$type)}`;
  const texts = Object.entries(el.$attrs ?? {})
    .filter(([k]) => k.includes(':') && !k.startsWith('xmlns'))
    .map(([k, text]) => ({ where: where(local(k)), text }));
  if (
    (el.$type === 'bpmn:FormalExpression' || el.$type === 'bpmn:Expression') &&
    typeof el.body === 'string'
  ) {
    const parent = el.$parent as ModdleElement | undefined;
    const owner =
      parent?.$type === 'bpmn:TimerEventDefinition' ? (parent.$parent as ModdleElement | undefined) : parent;
    texts.push({
      where: `${owner ? local(owner.$type) : 'expression'} ${owner?.id ?? ''}`.trim(),
      text: el.body,
    });
  }
  return texts;
}

/** Every `${…}` the server would resolve must be one our grammar reads (no calls): 400 naming it. */
function refuseUnreadable(el: ModdleElement, file: string): void {
  for (const { where, text } of resolvedTexts(el))
    for (const { inner } of embeddedExpressions(text)) {
      try {
        parseExpression(inner);
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        throw new AppError(400, 'bpmnExpressionInvalid', {
          file,
          where,
          expression: `\${${inner}}`.slice(0, 200),
          problem: error.message,
        });
      }
    }
}
