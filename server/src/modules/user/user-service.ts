import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { utcNow } from '../../core/time.js';
import { toWire } from '../../core/wire.js';
import type { PasswordHasher } from '../auth/passwords.js';
import type { SessionStore } from '../auth/sessions.js';

const PROFILE_COLUMNS = [
  'id',
  'tenant_id',
  'account',
  'name',
  'real_name',
  'avatar',
  'email',
  'phone',
  'sex',
  'birthday',
  'dept_id',
  'role_id',
  'post_id',
  'user_type',
  'create_time',
] as const;

export interface ProfileChanges {
  avatar?: string | undefined;
  name?: string | undefined;
  realName?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

/** The signed-in user's own account: profile, changes to it, password. */
export class UserService {
  constructor(private readonly deps: { hasher: PasswordHasher; sessions: SessionStore; timeZone: string }) {}

  async info(auth: AuthContext) {
    const user = await auth.db
      .selectFrom('blade_user')
      .select(PROFILE_COLUMNS)
      .where('id', '=', auth.userId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!user) throw new AppError(404, 'notFound');
    return toWire(user, this.deps.timeZone);
  }

  /** user-info of the token endpoint family: the user, role aliases and names, department. */
  async profile(auth: AuthContext) {
    const user = await this.info(auth);
    const roles = auth.roleIds.length
      ? await auth.db
          .selectFrom('blade_role')
          .select(['id', 'role_name', 'role_alias'])
          .where('id', 'in', auth.roleIds)
          .execute()
      : [];
    const dept = auth.deptId
      ? await auth.db
          .selectFrom('blade_dept')
          .select(['id', 'dept_name'])
          .where('id', '=', auth.deptId)
          .executeTakeFirst()
      : undefined;
    return {
      user: {
        ...user,
        deptId: auth.deptId === null ? '' : String(auth.deptId),
        roleId: auth.roleIds.join(','),
      },
      roles: roles.map((r) => r.role_alias),
      roleNames: roles.map((r) => r.role_name),
      dept: dept ? toWire(dept, this.deps.timeZone) : null,
    };
  }

  async updateInfo(auth: AuthContext, changes: ProfileChanges): Promise<void> {
    await auth.db
      .updateTable('blade_user')
      .set({
        avatar: changes.avatar,
        name: changes.name,
        real_name: changes.realName,
        phone: changes.phone,
        email: changes.email,
        update_user: auth.userId,
        update_time: utcNow(),
      })
      .where('id', '=', auth.userId)
      .execute();
  }

  /**
   * Changes the caller's password (a one-time one included, which ends the change it required)
   * and ends all of their sessions, this one included unless it is the one-time sign-in.
   */
  async updatePassword(
    auth: AuthContext,
    oldDigest: string,
    newDigest: string,
    confirmDigest: string,
  ): Promise<void> {
    if (newDigest !== confirmDigest) throw new AppError(400, 'passwordMismatch');
    if (newDigest.toLowerCase() === oldDigest.toLowerCase()) throw new AppError(400, 'passwordSame');
    const user = await auth.db
      .selectFrom('blade_user')
      .select('password')
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    if (!user || !(await this.deps.hasher.verify(user.password, oldDigest)))
      throw new AppError(400, 'passwordOldWrong');
    await auth.db
      .updateTable('blade_user')
      .set({
        password: await this.deps.hasher.hash(newDigest),
        password_change: 0,
        update_user: auth.userId,
        update_time: utcNow(),
      })
      .where('id', '=', auth.userId)
      .execute();
    // The sign-in that had to change a one-time password goes on (a refresh answers a token that
    // is no longer held back); any other change ends every session.
    if (auth.passwordChange)
      await this.deps.sessions.revokeOthers(auth.tenantId, auth.userId, auth.sessionId, 'password-changed');
    else await this.deps.sessions.revokeUser(auth.tenantId, auth.userId, 'password-changed');
  }
}
