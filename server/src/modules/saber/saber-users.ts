import type { FastifyInstance } from 'fastify';
import { md5 } from '../../core/digest.js';
import { onlyWhen } from '../../core/http.js';

const SABER_USERS = '/api/blade-system/user/';
/** Calls whose SpringBlade name differs from ours. */
const RENAMED: Record<string, string> = { list: 'page' };

/**
 * SpringBlade 4.x keeps user administration under /blade-system/user; those calls are answered by
 * the very routes of /blade-user (same access rules, API scopes, logs), reached by rewriting the
 * URL before routing.
 */
export function saberRewriteUrl(url: string): string {
  if (!url.startsWith(SABER_USERS)) return url;
  const rest = url.slice(SABER_USERS.length);
  const cut = rest.search(/[?#]/);
  const name = cut < 0 ? rest : rest.slice(0, cut);
  return `${OURS}${Object.hasOwn(RENAMED, name) ? RENAMED[name] : name}${cut < 0 ? '' : rest.slice(cut)}`;
}

const OURS = '/api/blade-user/';

/** Our user route's SpringBlade 4.x name, the inverse of `saberRewriteUrl` (none when no Saber call reaches it). */
export function saberFormsOf(route: string): string[] {
  if (!route.startsWith(OURS)) return [];
  const name = route.slice(OURS.length);
  if (Object.hasOwn(RENAMED, name)) return [];
  const saber = Object.keys(RENAMED).find((key) => RENAMED[key] === name) ?? name;
  return [`${SABER_USERS}${saber}`];
}

const PASSWORD_FIELDS = ['password', 'password2', 'oldPassword', 'newPassword', 'newPassword1'];

/** Replaces plain passwords by the md5 digests our calls take. */
function digestPasswords(fields: unknown): void {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return;
  const record = fields as Record<string, unknown>;
  for (const key of PASSWORD_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') record[key] = md5(value);
  }
}

/** A user's joined id lists, which Saber's form splits (`postId.split(',')`) without a null check. */
const ID_LISTS = ['deptId', 'roleId', 'postId'];

/** The row with an empty text for each id list it answers as null (a user with no post). */
function joinedIds(row: unknown): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  const record = row as Record<string, unknown>;
  if (!ID_LISTS.some((key) => record[key] === null)) return row;
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [k, v === null && ID_LISTS.includes(k) ? '' : v]),
  );
}

/** Saber's detail, or each row of its list, with the id lists as texts. */
function withJoinedIds(data: unknown): unknown {
  const page = data as { records?: unknown } | null;
  if (page && Array.isArray(page.records)) return { ...page, records: page.records.map(joinedIds) };
  return joinedIds(data);
}

/**
 * Saber sends passwords in plain text where our own client sends their md5 digest (new users,
 * password changes, guest registration): digest them for calls that came in by the SpringBlade
 * name, before our validation sees them.
 */
export function installSaberUserCalls(app: FastifyInstance): void {
  app.addHook(
    'preValidation',
    onlyWhen(
      (request) => request.originalUrl.startsWith(SABER_USERS),
      (request) => {
        digestPasswords(request.query);
        digestPasswords(request.body);
      },
    ),
  );
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (!request.originalUrl.startsWith(SABER_USERS)) return done(null, payload);
    const answer = payload as { code?: unknown; data?: unknown } | null;
    if (answer?.code !== 200 || !answer.data) return done(null, payload);
    done(null, { ...answer, data: withJoinedIds(answer.data) });
  });
}
