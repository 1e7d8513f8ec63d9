import type { FlowTimerLimits } from '../../config.js';
import { AppError } from '../../core/errors.js';
import { utcNow } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import { recordStep } from './flow-steps.js';
import { failInstance } from './instance-ends.js';
import { fireTimers, type StepLimits, timerDue, timerFiringsOf } from './runner.js';

/** Instances read per query of a timers run. */
const TIMER_BATCH = 50;

/** Longest a run of the timers job keeps firing; what is left waits for the next run. */
const RUN_BUDGET_MS = 1_500;

/** The flow.timers job's work: resuming processes whose timers are due. */
export class FlowTimers {
  private readonly limits: StepLimits;

  constructor(
    private readonly data: DataAccess,
    private readonly timers: FlowTimerLimits,
  ) {
    this.limits = { minTimerMs: timers.minSeconds * 1000 };
  }

  /**
   * One run of the flow.timers job: resumes processes whose timers are due, earliest first,
   * until none is left, the run has used RUN_BUDGET_MS, or `signal` aborts. A tenant fires at
   * most `tenantRunMax` timers a run, so one tenant's many timers wait for later runs instead of
   * delaying everyone's. Reads across tenants (a deliberate unscoped read); each step is stored
   * through its own tenant's scope.
   */
  async fireDueTimers(options: { signal?: AbortSignal } = {}): Promise<number> {
    const deadline = Date.now() + RUN_BUDGET_MS;
    const firedBy = new Map<string, number>();
    let fired = 0;
    for (;;) {
      const full = [...firedBy].filter(([, n]) => n >= this.timers.tenantRunMax).map(([tenant]) => tenant);
      let query = this.data
        .unscoped()
        .selectFrom('flow_instance')
        .select(['id', 'tenant_id'])
        .where('state_name', '=', 'running')
        .where('timer_due', '<=', utcNow())
        .orderBy('timer_due')
        .limit(TIMER_BATCH);
      if (full.length) query = query.where('tenant_id', 'not in', full);
      const due = await query.execute();
      for (const row of due) {
        if (options.signal?.aborted || Date.now() > deadline) return fired;
        const count = firedBy.get(row.tenant_id) ?? 0;
        if (count >= this.timers.tenantRunMax) continue;
        firedBy.set(row.tenant_id, count + 1);
        // Each firing in a turn of its own: requests are served between them (SQLite answers
        // without yielding, so a run would otherwise hold the event loop from start to end).
        await new Promise((resolve) => setImmediate(resolve));
        await this.fireTimer(row.tenant_id, row.id);
        fired++;
      }
      if (due.length < TIMER_BATCH) return fired;
    }
  }

  /**
   * Fires one instance's due timer and stores the step in one transaction: no reader sees the new
   * tasks beside those the timer interrupted, and a failure to store leaves the process as it
   * was, to be fired again. A step the engine fails, or a firing past `maxFirings`, ends the
   * instance as failed, saying why.
   */
  private async fireTimer(tenantId: string, instanceId: number): Promise<void> {
    const db = this.data.forTenant(tenantId);
    const instance = await db
      .selectFrom('flow_instance')
      .selectAll()
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (instance?.state_name !== 'running') return;
    const due = timerDue(instance.engine_state);
    const firings = timerFiringsOf(instance.engine_state);
    if (due && due.getTime() <= Date.now() && firings >= this.timers.maxFirings) {
      await failInstance(db, instance, new AppError(400, 'flowTimerCap', { count: firings }));
      return;
    }
    const definition = await db
      .selectFrom('flow_definition')
      .select(['tasks'])
      .where('id', '=', instance.definition_id)
      .executeTakeFirstOrThrow();
    let step: Awaited<ReturnType<typeof fireTimers>>;
    try {
      step = await fireTimers(instance.process_key, instance.engine_state, this.limits);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await failInstance(db, instance, error);
      return;
    }
    try {
      await db.transaction().execute(async (trx) => {
        await recordStep(
          trx,
          {
            tenantId,
            instanceId: instance.id,
            definitionId: instance.definition_id,
            tasks: JSON.parse(definition.tasks),
            revision: instance.revision,
          },
          step,
          [],
        );
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Another step stored meanwhile (instanceBusy): it stands, and this firing is dropped.
      if (error.key !== 'instanceBusy') await failInstance(db, instance, error);
    }
  }
}
