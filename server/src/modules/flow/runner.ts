import { EventEmitter } from 'node:events';
import { type BpmnEngineOptions, Engine } from 'bpmn-engine';
import { AppError } from '../../core/errors.js';
import { embeddedExpressions, resolveTemplate } from './expression.js';

/** What one step of a process did: what it finished, what now waits, and its state to keep. */
export interface StepResult {
  ended: Array<{ id: string; name: string; type: string }>;
  started: Array<{ id: string; name: string; type: string }>;
  waiting: Array<{ id: string; name: string; type: string }>;
  completed: boolean;
  state: string;
  /** Whether the process waits for a timer (it must stay loaded to fire). */
  hasTimer: boolean;
  /** The process variables after the step. */
  variables: Record<string, unknown>;
  engine: Engine;
}

interface ActivityApi {
  id: string;
  type: string;
  name?: string;
  owner?: { name?: string; behaviour?: { name?: string } };
  content?: { name?: string };
}

const describe = (api: ActivityApi) => ({
  id: api.id,
  type: api.type,
  name: api.owner?.name ?? api.content?.name ?? api.id,
});

type Scripts = NonNullable<BpmnEngineOptions['scripts']>;

/** The engine's script for any step that names a script: it fails the step instead of running it. */
const REFUSED: ReturnType<Scripts['getScript']> = {
  execute: (_context: unknown, callback: (error: Error) => void) => callback(new ScriptRefused()),
} as unknown as ReturnType<Scripts['getScript']>;

class ScriptRefused extends Error {
  constructor() {
    super('Scripts in process diagrams are not run');
  }
}

/** Runs an engine step; a step that needed a script answers 400 saying so (the engine wraps the cause, maybe twice). */
async function refusingScripts<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    let cause: unknown = error;
    for (let depth = 0; depth < 8 && cause; depth++) {
      if (cause instanceof ScriptRefused) throw new AppError(400, 'bpmnScriptNotRun');
      cause = (cause as { inner?: unknown }).inner;
    }
    throw error;
  }
}

/**
 * What the engine gets instead of its JavaScript runner: a script task or script condition that
 * slipped past the deploy check (an older stored definition) fails rather than runs.
 */
const NO_SCRIPTS: Scripts = {
  register: () => undefined,
  // Asked with no language for expression conditions, which our expressions resolve.
  getScript: (language) => (language ? REFUSED : (undefined as unknown as typeof REFUSED)),
};

/** The names an expression can read: the process variables, or them through `environment.variables`. */
function scopeOf(context: { environment?: { variables?: unknown }; content?: unknown } | undefined) {
  const variables = context?.environment?.variables;
  const own = typeof variables === 'object' && variables !== null ? { ...variables } : {};
  return { environment: { variables: own }, content: context?.content ?? null, ...own };
}

/** Every `${…}` the engine resolves (conditions, timers, names) goes through our own grammar. */
const EXPRESSIONS = {
  resolveExpression: (text: string, context?: Parameters<typeof scopeOf>[0]) =>
    typeof text === 'string' ? resolveTemplate(text, scopeOf(context)) : text,
  isExpression: (text: unknown) =>
    typeof text === 'string' && text.length > 3 && text.startsWith('${') && text.endsWith('}'),
  hasExpression: (text: unknown) =>
    typeof text === 'string' && embeddedExpressions(text).some((e) => e.inner.length > 0),
};

/** A new engine that runs no code of the diagram's: our expressions, no scripts, no services. */
const engineFor = (name: string, source?: string): Engine =>
  new Engine({ name, ...(source ? { source } : {}), scripts: NO_SCRIPTS, expressions: EXPRESSIONS });

/** The process variables of a loaded engine. */
export function variablesOf(engine: Engine): Record<string, unknown> {
  const environments = (engine.execution?.definitions ?? []).flatMap((d) => [
    d.environment,
    ...d.getRunningProcesses().map((p) => p.environment),
  ]);
  return Object.assign({}, ...environments.map((e) => e.variables as Record<string, unknown>));
}

/** Lets the engine run until it waits, waits for a timer, or ends. */
async function settle(engine: Engine): Promise<void> {
  for (let i = 0; i < 200 && engine.activityStatus === 'executing'; i++)
    await new Promise((r) => setImmediate(r));
}

async function finish(engine: Engine, events: Pick<StepResult, 'ended' | 'started'>): Promise<StepResult> {
  await settle(engine);
  const execution = engine.execution;
  const waiting = (execution?.getPostponed() ?? [])
    .filter(
      (a) => a.type === 'bpmn:UserTask' || a.type === 'bpmn:ManualTask' || a.type === 'bpmn:ReceiveTask',
    )
    .map((a) => ({ id: a.id, type: a.type, name: a.name ?? a.id }));
  const state = JSON.stringify(await engine.getState());
  return {
    ...events,
    variables: variablesOf(engine),
    waiting,
    completed: engine.state === 'idle' && !execution?.getPostponed().length,
    state,
    hasTimer: engine.activityStatus === 'timer',
    engine,
  };
}

/** More activities than any real step starts: a loop that never waits is stopped here. */
const MAX_STEP_ACTIVITIES = 200;

function recorder() {
  const listener = new EventEmitter();
  const events = { ended: [] as StepResult['ended'], started: [] as StepResult['started'] };
  let count = 0;
  listener.on('activity.start', (api: ActivityApi) => {
    // Thrown inside the engine's own call chain, which unwinds it (the step is not stored).
    if (++count > MAX_STEP_ACTIVITIES) throw new AppError(400, 'flowRunaway');
    events.started.push(describe(api));
  });
  listener.on('activity.end', (api: ActivityApi) => events.ended.push(describe(api)));
  return { listener, events };
}

/**
 * A process that loops without ever waiting would recurse in the engine until the stack
 * overflows: deployments refuse such loops, the recorder stops one stored before they did, and a
 * stack overflow that still happens is answered the same way. A step that needed a script is
 * refused too.
 */
async function guarded(step: () => Promise<StepResult>): Promise<StepResult> {
  try {
    return await refusingScripts(step);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError(400, 'flowRunaway');
    throw error;
  }
}

/** Starts a process from its XML with the given variables. */
export function startProcess(
  name: string,
  xml: string,
  variables: Record<string, unknown>,
): Promise<StepResult> {
  return guarded(async () => {
    const { listener, events } = recorder();
    const engine = engineFor(name, xml);
    await engine.execute({ listener, variables });
    return finish(engine, events);
  });
}

/**
 * Resumes a stored process, sets the variables, signals the waiting activity, and answers the
 * step's result. The engine is rebuilt from the stored state every time, so a restart between
 * steps loses nothing.
 */
export function signalProcess(
  name: string,
  state: string,
  activityId: string,
  variables: Record<string, unknown>,
): Promise<StepResult> {
  return guarded(() => signalled(name, state, activityId, variables));
}

async function signalled(
  name: string,
  state: string,
  activityId: string,
  variables: Record<string, unknown>,
): Promise<StepResult> {
  const { listener, events } = recorder();
  const engine = engineFor(name).recover(JSON.parse(state));
  const execution = await engine.resume({ listener });
  // Process variables live in each definition's environment and in its running processes' own
  // copies (not in the engine's); gateways read the process's.
  for (const definition of execution.definitions) {
    definition.environment.assignVariables(variables);
    for (const process of definition.getRunningProcesses()) process.environment.assignVariables(variables);
  }
  events.started.length = 0;
  execution.signal({ id: activityId });
  return finish(engine, events);
}

/** The earliest `expireAt` of any timer in an engine state (when the poller should resume it). */
export function timerDue(state: string): Date | undefined {
  const found = [...state.matchAll(/"expireAt":"([^"]{1,64})"/g)]
    .map((m) => new Date(m[1]!).getTime())
    .filter(Number.isFinite);
  return found.length ? new Date(Math.min(...found)) : undefined;
}

/**
 * Resumes a stored process whose timer is due: the engine fires due timers on resume; this
 * waits until it has, then answers the step like any other.
 */
export async function fireTimers(name: string, state: string): Promise<StepResult> {
  const { listener, events } = recorder();
  const engine = engineFor(name).recover(JSON.parse(state));
  await engine.resume({ listener });
  for (let i = 0; i < 100 && engine.activityStatus === 'timer'; i++) {
    const due = timerDue(JSON.stringify(await engine.getState()));
    if (!due || due.getTime() > Date.now()) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const step = await finish(engine, events);
  engine.stop();
  return step;
}
