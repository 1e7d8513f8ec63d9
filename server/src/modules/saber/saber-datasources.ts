import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import { onlyWhen } from '../../core/http.js';
import { BUILT_IN_DATASOURCE } from '../develop/data-sources.js';

/** Databases SpringBlade's clients name by JDBC driver class or URL; `kind` is ours when supported. */
const DATABASES: ReadonlyArray<{ name: string; kind?: string; drivers: string[]; jdbc: string[] }> = [
  { name: 'PostgreSQL', kind: 'postgresql', drivers: ['org.postgresql.Driver'], jdbc: ['postgresql'] },
  { name: 'SQLite', kind: 'sqlite', drivers: ['org.sqlite.JDBC'], jdbc: ['sqlite'] },
  { name: 'MySQL', drivers: ['com.mysql.cj.jdbc.Driver', 'com.mysql.jdbc.Driver'], jdbc: ['mysql'] },
  { name: 'MariaDB', drivers: ['org.mariadb.jdbc.Driver'], jdbc: ['mariadb'] },
  {
    name: 'Oracle',
    drivers: ['oracle.jdbc.OracleDriver', 'oracle.jdbc.driver.OracleDriver'],
    jdbc: ['oracle'],
  },
  { name: 'SQL Server', drivers: ['com.microsoft.sqlserver.jdbc.SQLServerDriver'], jdbc: ['sqlserver'] },
  { name: 'DM (达梦)', drivers: ['dm.jdbc.driver.DmDriver'], jdbc: ['dm'] },
  { name: 'KingbaseES', drivers: ['com.kingbase8.Driver'], jdbc: ['kingbase8'] },
  { name: 'DB2', drivers: ['com.ibm.db2.jcc.DB2Driver'], jdbc: ['db2'] },
  { name: 'H2', drivers: ['org.h2.Driver'], jdbc: ['h2'] },
];

/** The JDBC driver class SpringBlade's clients show for one of our kinds. */
export function driverClassOf(kind: unknown): string | undefined {
  return DATABASES.find((d) => d.kind !== undefined && d.kind === kind)?.drivers[0];
}

/**
 * Our data-source fields from SpringBlade's (`driverClass` and a JDBC `url`): the JDBC URL of a
 * database we support becomes our URL (jdbc:postgresql://h/db → postgresql://h/db, jdbc:sqlite:f
 * → sqlite:f) and its kind is set; any other database is refused by name. The URL's database
 * decides over the driver class. Fields without either are left to our own validation.
 */
export function fromJdbc(fields: Record<string, unknown>): void {
  const url = typeof fields.url === 'string' ? fields.url.trim() : '';
  const driver = typeof fields.driverClass === 'string' ? fields.driverClass.trim() : '';
  const jdbc = /^jdbc:([a-z0-9]+):/i.exec(url);
  if (!jdbc && !driver) return;
  const database = jdbc
    ? DATABASES.find((d) => d.jdbc.includes(jdbc[1]?.toLowerCase() ?? ''))
    : DATABASES.find((d) => d.drivers.includes(driver));
  if (!database?.kind)
    throw new AppError(400, 'datasourceUnsupported', {
      database: database?.name ?? jdbc?.[1] ?? driver,
    });
  fields.kind = database.kind;
  if (jdbc) fields.url = url.slice('jdbc:'.length);
  delete fields.driverClass;
}

const CALLS = ['/api/blade-develop/datasource/submit', '/api/blade-develop/datasource/test'];

/** The built-in database as the code entry's data-source field names it (it has no row). */
const builtInName = resources.code?.fields.find((f) => f.name === 'datasourceId')?.named?.[0]?.label;

/**
 * Data sources saved or tested with SpringBlade's fields are translated before validation; the
 * `select` Saber's code form picks from offers the built-in database first, as our form does.
 */
export function installSaberDatasourceCalls(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (request.url.split('?')[0] !== '/api/blade-develop/datasource/select' || !builtInName)
      return done(null, payload);
    const answer = payload as { code?: unknown; data?: unknown };
    if (answer?.code !== 200 || !Array.isArray(answer.data)) return done(null, payload);
    done(null, {
      ...answer,
      data: [{ id: BUILT_IN_DATASOURCE, name: builtInName[request.lang] }, ...answer.data],
    });
  });
  app.addHook(
    'preValidation',
    onlyWhen(
      (request) => CALLS.includes(request.url.split('?')[0] ?? ''),
      (request) => {
        const body = request.body;
        if (typeof body === 'object' && body !== null && !Array.isArray(body))
          fromJdbc(body as Record<string, unknown>);
      },
    ),
  );
}
