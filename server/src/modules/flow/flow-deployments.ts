import type { FlowTimerLimits } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { created } from '../../db/audit.js';
import { type ParsedProcess, parseBpmn } from './bpmn.js';
import { endInstance } from './instance-ends.js';

export interface DeployFile {
  name: string;
  xml: string;
}

interface Who {
  tenantId: string;
  userId: number;
  account: string;
}

/** Engine rows record who acted, not their department. */
export const audit = (who: Who) => created({ userId: who.userId, deptId: null });

/** Deploys BPMN files: each executable process becomes the next version of its key. */
export async function deploy(
  auth: AuthContext,
  input: { name: string; category?: string | undefined; files: DeployFile[] },
  timers: FlowTimerLimits,
) {
  const parsed: Array<{ file: DeployFile; processes: ParsedProcess[] }> = [];
  for (const file of input.files)
    parsed.push({ file, processes: await parseBpmn(file.xml, file.name, timers) });
  return auth.db.transaction().execute(async (trx) => {
    const deploymentId = nextId();
    await trx
      .insertInto('flow_deployment')
      .values({
        id: deploymentId,
        tenant_id: auth.tenantId,
        name: input.name,
        category: input.category ?? null,
        deploy_time: utcNow(),
        ...audit(auth),
      })
      .execute();
    const definitions = [];
    for (const { file, processes } of parsed) {
      for (const process of processes) {
        const latest = await trx
          .selectFrom('flow_definition')
          .select((eb) => eb.fn.max<number>('version').as('version'))
          .where('process_key', '=', process.key)
          .executeTakeFirst();
        const version = Number(latest?.version ?? 0) + 1;
        const id = nextId();
        await trx
          .insertInto('flow_definition')
          .values({
            id,
            tenant_id: auth.tenantId,
            deployment_id: deploymentId,
            process_key: process.key,
            name: process.name,
            version,
            category: input.category ?? null,
            xml: file.xml,
            tasks: JSON.stringify(process.tasks),
            suspended: 0,
            ...audit(auth),
          })
          .execute();
        definitions.push({ id: String(id), key: process.key, name: process.name, version });
      }
    }
    return { deploymentId: String(deploymentId), definitions };
  });
}

/** Suspends or resumes a definition. */
export async function changeState(
  auth: AuthContext,
  definitionId: number,
  suspended: boolean,
): Promise<void> {
  const result = await auth.db
    .updateTable('flow_definition')
    .set({ suspended: suspended ? 1 : 0, update_user: auth.userId, update_time: utcNow() })
    .where('id', '=', definitionId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError(404, 'rowNotFound');
}

/** Removes deployments with their definitions; their running instances end as deleted. */
export async function deleteDeployments(auth: AuthContext, deploymentIds: number[]): Promise<void> {
  if (deploymentIds.length === 0) throw new AppError(400, 'idsRequired');
  await auth.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('flow_deployment')
      .select('id')
      .where('id', 'in', deploymentIds)
      .where('is_deleted', '=', 0)
      .execute();
    if (found.length === 0) throw new AppError(404, 'rowNotFound');
    const ids = found.map((d) => d.id);
    const definitions = (
      await trx.selectFrom('flow_definition').select('id').where('deployment_id', 'in', ids).execute()
    ).map((d) => d.id);
    const running = definitions.length
      ? await trx
          .selectFrom('flow_instance')
          .select('id')
          .where('definition_id', 'in', definitions)
          .where('state_name', '=', 'running')
          .execute()
      : [];
    for (const instance of running) await endInstance(trx, instance.id, 'deployment deleted');
    const stamp = { is_deleted: 1, update_user: auth.userId, update_time: utcNow() };
    await trx.updateTable('flow_deployment').set(stamp).where('id', 'in', ids).execute();
    if (definitions.length)
      await trx.updateTable('flow_definition').set(stamp).where('id', 'in', definitions).execute();
  });
}
