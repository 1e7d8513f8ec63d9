import type { FastifyInstance } from 'fastify';
import { onlyWhen } from '../../core/http.js';

/** Our API path: a service and a resource (`/blade-desk/notice`), as the code entry declares it. */
const API_PATH = /^(\/[a-z][a-z0-9-]*){2,3}$/;

const asText = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Our code-generator fields from SpringBlade's: Saber's form names the service (`serviceName`,
 * blade-desk) and a package and output directories (`packageName`, `apiPath`, `webPath`) for a
 * Java generator, where we keep a module and the resource's API path. Without a module of our
 * own, the module is the service's name (blade-desk → desk); an `apiPath` that is not our API
 * path under that service (Saber's output directory) is kept as `outputPath` and becomes
 * /service/table, the table named without its prefix. `packageName`, `wrapMode` and `webPath`
 * are declared fields, kept as sent.
 */
export function fromSpringBladeCode(fields: Record<string, unknown>): void {
  const service = asText(fields.serviceName).toLowerCase();
  if (!service) return;
  if (!asText(fields.moduleName)) fields.moduleName = service.replace(/^blade-/, '').replace(/-/g, '_');
  const apiPath = asText(fields.apiPath);
  if (API_PATH.test(apiPath) && apiPath.startsWith(`/${service}/`)) return;
  // Saber's output directory has a field of its own, answered back for its form.
  if (apiPath) fields.outputPath = apiPath;
  const table = asText(fields.tableName).toLowerCase();
  const prefix = asText(fields.tablePrefix).toLowerCase();
  const resource = (prefix && table.startsWith(prefix) ? table.slice(prefix.length) : table).replace(
    /_/g,
    '-',
  );
  fields.apiPath = `/${service}/${resource}`;
}

/** The service SpringBlade's form shows for our API path (its first segment). */
export const serviceNameOf = (apiPath: unknown): string | undefined =>
  typeof apiPath === 'string' ? apiPath.split('/')[1] || undefined : undefined;

/** Code entries saved with SpringBlade's fields are translated before validation. */
export function installSaberCodeCalls(app: FastifyInstance): void {
  app.addHook(
    'preValidation',
    onlyWhen(
      (request) => request.url.split('?')[0] === '/api/blade-develop/code/submit',
      (request) => {
        const body = request.body;
        if (typeof body === 'object' && body !== null && !Array.isArray(body))
          fromSpringBladeCode(body as Record<string, unknown>);
      },
    ),
  );
}
