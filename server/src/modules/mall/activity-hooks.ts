import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import { utcNow } from '../../core/time.js';
import type { ResourceContext, ResourceHooks } from '../../crud/hooks.js';

/** activity_user_status keys. */
export const SignupStatus = { signedUp: 0, checkedIn: 1, cancelled: 2 } as const;

/** Takes one place of an activity, atomically: the quota is never exceeded, even under concurrency. */
async function takePlace(ctx: ResourceContext, activityId: number): Promise<void> {
  const activity = await ctx.db
    .selectFrom('mall_activity')
    .select(['signup_start', 'signup_end'])
    .where('id', '=', activityId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!activity) throw new AppError(404, 'rowNotFound');
  const now = utcNow();
  if (
    (activity.signup_start && String(activity.signup_start) > now) ||
    (activity.signup_end && String(activity.signup_end) < now)
  ) {
    throw new AppError(409, 'signupClosed');
  }
  const taken = await ctx.db
    .updateTable('mall_activity')
    .set({ signed_count: sql`signed_count + 1` })
    .where('id', '=', activityId)
    .where(sql<boolean>`signed_count < quota`)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError(409, 'activityFull');
}

async function givePlace(ctx: ResourceContext, activityId: number): Promise<void> {
  await ctx.db
    .updateTable('mall_activity')
    .set({ signed_count: sql`signed_count - 1` })
    .where('id', '=', activityId)
    .where('signed_count', '>', 0)
    .execute();
}

/** Sign-ups take places within the sign-up window; cancelling or removing gives them back. */
export const activityUserHooks: ResourceHooks = {
  async beforeWrite(ctx, values, mode, id) {
    const status = values.status === undefined ? undefined : Number(values.status);
    if (mode === 'add') {
      if (status === SignupStatus.cancelled)
        throw new AppError(400, 'invalidField', {
          field: 'status',
          reason: 'a new sign-up cannot be cancelled',
        });
      await takePlace(ctx, Number(values.activity_id));
      if (status === SignupStatus.checkedIn) values.checkin_time = utcNow();
      return;
    }
    delete values.activity_id;
    const before = await ctx.db
      .selectFrom('mall_activity_user')
      .select(['activity_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const was = Number(before.status);
    // A sign-up back from the recycle bin takes its place again (removing gave it back).
    if (mode === 'restore' && was !== SignupStatus.cancelled)
      await takePlace(ctx, Number(before.activity_id));
    if (status === undefined || status === was) return;
    if (status === SignupStatus.cancelled) await givePlace(ctx, Number(before.activity_id));
    if (was === SignupStatus.cancelled) await takePlace(ctx, Number(before.activity_id));
    if (status === SignupStatus.checkedIn) values.checkin_time = utcNow();
  },
  async beforeRemove(ctx, ids, mode) {
    // Places were given back when the sign-ups were removed.
    if (mode === 'purge') return;
    const active = await ctx.db
      .selectFrom('mall_activity_user')
      .select('activity_id')
      .where('id', 'in', ids)
      .where('status', '!=', SignupStatus.cancelled)
      .execute();
    for (const row of active) await givePlace(ctx, Number(row.activity_id));
  },
};

/** A new activity starts with no sign-ups; the count is the server's. */
export const activityHooks: ResourceHooks = {
  beforeWrite(_ctx, values, mode) {
    delete values.signed_count;
    if (mode === 'add') values.signed_count = 0;
  },
};
