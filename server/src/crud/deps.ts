import type { Insertable, Kysely } from 'kysely';
import type { Remember } from '../core/access-memory.js';
import type { RichTextSanitizer } from '../core/rich-text.js';
import type { DataAccess, DialectName } from '../db/database.js';
import type { Database } from '../db/tables.js';

/**
 * What the generic CRUD takes from the server, given where resources are registered: each part
 * narrowed to the calls it makes, so the layer depends on no module and on no services bag
 * (the server's services satisfy it as they are).
 */
export interface CrudDeps {
  config: { timeZone: string; listCountCache: boolean };
  /** The built-in database's dialect, and the write generations the list-count cache follows. */
  data: Pick<DataAccess, 'dialect' | 'writes'>;
  /** Where a hook's failure after commit is kept. */
  logs: { add(table: 'blade_log_error', row: Insertable<Database['blade_log_error']>): void };
  richText: Pick<RichTextSanitizer, 'clean'>;
  /** Whether an image field names one of our stored uploads that is not an image. */
  storage: { isStoredNonImage(link: string): boolean };
  /** Where a generated resource's or a tenant's business rows live. */
  dataSources: {
    open(id: string | number | null | undefined): Promise<Pick<DataAccess, 'forTenant' | 'dialect'>>;
    business(tenantId: string, remember?: Remember): Promise<{ db: Kysely<Database>; dialect: DialectName }>;
  };
}

/** What the operations behind the endpoints use (the rest serves the request handlers). */
export type ServiceDeps = Pick<CrudDeps, 'config' | 'data' | 'logs'>;

/** What parsing a body by a resource's form rules uses. */
export type ValueDeps = Pick<CrudDeps, 'config' | 'richText' | 'storage'>;
