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
  /** The engine's state, with the count of timers the instance has fired (`timerFirings`). */
  state: string;
  /**
   * When the flow.timers job should resume the process, if it waits at a timer: the earliest
   * timer's due time, but never sooner than the minimum interval after this step.
   */
  timerDue: Date | undefined;
  /** Timers this instance has fired so far, this step's included. */
  timerFirings: number;
  /** The process variables after the step. */
  variables: Record<string, unknown>;
}

/** What bounds a step: the shortest time it may set before its process is resumed for a timer. */
export interface StepLimits {
  minTimerMs: number;
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

/** A timer the engine asked for, described but never set: it never calls back. */
const unset = (callback: CallableFunction, delay: number) => ({
  callback,
  delay,
  timerId: 'unset',
  timerRef: null,
});

/**
 * The engine's timers: none is ever set. A process waiting at a timer is stored with its due
 * time, and the flow.timers job resumes it once due (the engine fires a due timer as it
 * resumes), so nothing of an engine runs outside the step that loaded it, and nothing it throws
 * can reach the process from a timer callback.
 */
const NO_TIMEOUTS = {
  executing: [] as never[],
  setTimeout: unset,
  clearTimeout: () => undefined,
  register: () => ({ setTimeout: unset, clearTimeout: () => undefined }),
};

/** A new engine that runs no code of the diagram's: our expressions, no scripts, no services, no timers. */
const engineFor = (name: string, source?: string): Engine =>
  new Engine({
    name,
    ...(source ? { source } : {}),
    scripts: NO_SCRIPTS,
    expressions: EXPRESSIONS,
    timers: NO_TIMEOUTS,
  });

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

/** The earliest `expireAt` of any timer in an engine state (when the poller should resume it). */
export function timerDue(state: string): Date | undefined {
  const found = [...state.matchAll(/"expireAt":"([^"]{1,64})"/g)]
    .map((m) => new Date(m[1]!).getTime())
    .filter(Number.isFinite);
  return found.length ? new Date(Math.min(...found)) : undefined;
}

async function finish(
  engine: Engine,
  events: Pick<StepResult, 'ended' | 'started'>,
  timerFirings: number,
  limits: StepLimits,
): Promise<StepResult> {
  await settle(engine);
  const execution = engine.execution;
  const waiting = (execution?.getPostponed() ?? [])
    .filter(
      (a) => a.type === 'bpmn:UserTask' || a.type === 'bpmn:ManualTask' || a.type === 'bpmn:ReceiveTask',
    )
    .map((a) => ({ id: a.id, type: a.type, name: a.name ?? a.id }));
  const state = JSON.stringify({ ...(await engine.getState()), timerFirings });
  const due = engine.activityStatus === 'timer' ? timerDue(state) : undefined;
  return {
    ...events,
    variables: variablesOf(engine),
    waiting,
    completed: engine.state === 'idle' && !execution?.getPostponed().length,
    state,
    timerDue: due && new Date(Math.max(due.getTime(), Date.now() + limits.minTimerMs)),
    timerFirings,
  };
}

/** More activities than any real step starts: a loop that never waits is stopped here. */
const MAX_STEP_ACTIVITIES = 200;

/**
 * Records what a step starts and ends. It throws to stop a runaway loop, which unwinds the
 * engine's own call chain inside the step (the engine has no timers, so there is no other
 * chain); once the step is over it hears nothing more.
 */
function recorder() {
  const listener = new EventEmitter();
  const events = { ended: [] as StepResult['ended'], started: [] as StepResult['started'] };
  let count = 0;
  let open = true;
  listener.on('activity.start', (api: ActivityApi) => {
    if (!open) return;
    if (++count > MAX_STEP_ACTIVITIES) throw new AppError(400, 'flowRunaway');
    events.started.push(describe(api));
  });
  listener.on('activity.end', (api: ActivityApi) => {
    if (open) events.ended.push(describe(api));
  });
  return { listener, events, close: () => (open = false) };
}

/** The first line of the innermost cause (the engine wraps errors in `inner`, maybe twice). */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let cause = error; cause && found.length < 8; cause = (cause as { inner?: unknown }).inner)
    found.push(cause);
  return found;
}

/**
 * What the caller is told when a step fails inside the engine: a step that needed a script or
 * looped without waiting (the recorder stops it, or the stack overflows) says so; anything else
 * names its cause. Always a 400: it is the diagram that failed, never the server.
 */
function stepError(error: unknown): AppError {
  const chain = causes(error);
  const own = chain.find((c) => c instanceof AppError || c instanceof ScriptRefused);
  if (own instanceof AppError) return own;
  if (own) return new AppError(400, 'bpmnScriptNotRun');
  if (chain.some((c) => c instanceof RangeError && /call stack/i.test(c.message)))
    return new AppError(400, 'flowRunaway');
  const innermost = chain[chain.length - 1];
  const problem = innermost instanceof Error ? innermost.message : String(innermost);
  return new AppError(400, 'flowStepFailed', { problem: problem.split('\n')[0]!.slice(0, 300) });
}

/** Stops an engine that still runs (it waits somewhere); nothing it does then may escape. */
function halt(engine: Engine): void {
  if (!engine.execution?.isRunning) return;
  try {
    engine.stop()?.catch(() => undefined);
  } catch {
    // An engine that fails while stopping is dropped all the same.
  }
}

/**
 * Runs one step on a loaded engine and stops it after, whatever happened: the engine never
 * outlives its step. Every error the engine raises, thrown or emitted, answers as an AppError.
 */
async function step(
  engine: Engine,
  begin: (recorded: Pick<ReturnType<typeof recorder>, 'listener' | 'events'>) => Promise<unknown>,
  timerFirings: number,
  limits: StepLimits,
): Promise<StepResult> {
  const { listener, events, close } = recorder();
  let emitted: unknown;
  engine.on('error', (error: unknown) => {
    emitted ??= error;
  });
  try {
    await begin({ listener, events });
    const result = await finish(engine, events, timerFirings, limits);
    if (emitted) throw emitted;
    return result;
  } catch (error) {
    throw stepError(error);
  } finally {
    close();
    halt(engine);
  }
}

/** Starts a process from its XML with the given variables. */
export function startProcess(
  name: string,
  xml: string,
  variables: Record<string, unknown>,
  limits: StepLimits,
): Promise<StepResult> {
  const engine = engineFor(name, xml);
  return step(engine, ({ listener }) => engine.execute({ listener, variables }), 0, limits);
}

/** A stored state and the timers its instance has fired. */
function recovered(name: string, state: string) {
  const saved = JSON.parse(state) as { timerFirings?: unknown };
  const timerFirings = Number(saved.timerFirings) || 0;
  return { engine: engineFor(name).recover(saved), timerFirings };
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
  limits: StepLimits,
): Promise<StepResult> {
  const { engine, timerFirings } = recovered(name, state);
  const begin: Parameters<typeof step>[1] = async ({ listener, events }) => {
    const execution = await engine.resume({ listener });
    // Process variables live in each definition's environment and in its running processes' own
    // copies (not in the engine's); gateways read the process's.
    for (const definition of execution.definitions) {
      definition.environment.assignVariables(variables);
      for (const process of definition.getRunningProcesses()) process.environment.assignVariables(variables);
    }
    events.started.length = 0;
    execution.signal({ id: activityId });
  };
  return step(engine, begin, timerFirings, limits);
}

/** How many timers a stored instance has fired. */
export function timerFiringsOf(state: string): number {
  const found = /"timerFirings":(\d{1,9})\}$/.exec(state);
  return found ? Number(found[1]) : 0;
}

/**
 * Resumes a stored process whose timer is due: the engine fires due timers as it resumes, and
 * the step is answered like any other, counting the firing.
 */
export function fireTimers(name: string, state: string, limits: StepLimits): Promise<StepResult> {
  const { engine, timerFirings } = recovered(name, state);
  const due = timerDue(state);
  const fires = due !== undefined && due.getTime() <= Date.now();
  return step(engine, ({ listener }) => engine.resume({ listener }), timerFirings + (fires ? 1 : 0), limits);
}
