import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AuthContext } from '../../core/http.js';
import { escapeLike, LIKE_ESCAPE } from '../../crud/list-query.js';

/**
 * The one candidate rule of a workflow task, as SQL over `flow_task` (or its alias): one of the
 * caller's role aliases in candidate_groups, or their id or account in candidate_users. Both
 * columns are comma-separated lists, matched by whole entries. The claim list and the claim
 * itself both use it, so what is offered is exactly what may be claimed.
 */
export function isCandidate(auth: AuthContext, table = 'flow_task'): RawBuilder<SqlBool> {
  const entry = (column: string, value: string) =>
    sql`(',' || replace(coalesce(${sql.ref(`${table}.${column}`)}, ''), ' ', '') || ',') like ${`%,${escapeLike(value)},%`} escape ${LIKE_ESCAPE}`;
  const entries = [
    ...auth.roleAliases.map((alias) => entry('candidate_groups', alias)),
    entry('candidate_users', String(auth.userId)),
    entry('candidate_users', auth.account),
  ];
  return sql<SqlBool>`(${sql.join(entries, sql` or `)})`;
}
