import { LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import type { AuthContext } from '../../core/http.js';
import { ADMIN_TENANT } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { created } from '../../db/audit.js';
import type { DataAccess } from '../../db/database.js';
import type { FlowService } from './flow-service.js';
import { LEAVE_BPMN } from './leave-process.js';

/**
 * On first start the administrator tenant gets the leave process: as a model (to open in the
 * designer) and deployed (to start from the work list). Idempotent.
 */
export async function seedLeaveProcess(data: DataAccess, flow: FlowService): Promise<void> {
  const db = data.forTenant(ADMIN_TENANT);
  const deployed = await db
    .selectFrom('flow_definition')
    .select('id')
    .where('process_key', '=', LEAVE_PROCESS_KEY)
    .executeTakeFirst();
  if (deployed) return;
  const admin = await db
    .selectFrom('blade_user')
    .select(['id', 'account'])
    .where('account', '=', 'admin')
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  const system: AuthContext = {
    userId: admin.id,
    tenantId: ADMIN_TENANT,
    sessionId: 0,
    clientId: 'system',
    account: admin.account,
    deptId: null,
    roleIds: [],
    roleAliases: [],
    db,
  };
  const now = utcNow();
  await db
    .insertInto('flow_model')
    .values({
      id: nextId(),
      tenant_id: ADMIN_TENANT,
      model_key: LEAVE_PROCESS_KEY,
      name: '请假流程',
      category: '1',
      description: 'leave request',
      xml: LEAVE_BPMN,
      ...created({ userId: admin.id, deptId: null }, now),
    })
    .execute();
  await flow.deploy(system, {
    name: '请假流程',
    category: '1',
    files: [{ name: 'leave.bpmn20.xml', xml: LEAVE_BPMN }],
  });
}
