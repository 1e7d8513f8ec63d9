import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { utcNow } from '../../core/time.js';
import { toWire } from '../../core/wire.js';
import { asGlobal, dynamic } from '../../db/dynamic-db.js';
import type { PasswordHasher } from '../auth/passwords.js';
import type { SessionStore } from '../auth/sessions.js';
import { assertPasswordAllowed, passwordPolicy } from './password-policy.js';

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
   * and ends every other session of theirs. The session that changed it goes on, as SpringBlade
   * keeps it: the person is still there, on the page where they changed it.
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
      .select(['password', 'account'])
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    if (!user || !(await this.deps.hasher.verify(user.password, oldDigest)))
      throw new AppError(400, 'passwordOldWrong');
    assertPasswordAllowed(
      newDigest,
      user.account,
      await passwordPolicy(asGlobal(dynamic(auth.db))),
      'newPassword',
    );
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
    // After a one-time password, a refresh of this session answers a token no longer held back.
    await this.deps.sessions.revokeOthers(auth.tenantId, auth.userId, auth.sessionId, 'password-changed');
  }
}
