import type { Kysely } from 'kysely';
import type { Database, GlobalDatabase } from './tables.js';

/** A row as the generic resource code sees it: column name to value. */
export type DynamicRow = Record<string, unknown>;

/**
 * The database as the generic resource code sees it: any declared table, any column. It is the
 * same tenant-scoped handle the request carries, so the tenant filter still applies to every
 * query; only the compile-time table types are traded for the registry's declarations.
 */
export type DynamicDb = Kysely<Record<string, DynamicRow>>;

export const dynamic = (db: Kysely<Database>): DynamicDb => db as unknown as DynamicDb;

/** The same handle seen through the global tables' types (for services written against them). */
export const asGlobal = (db: DynamicDb): Kysely<GlobalDatabase> => db as unknown as Kysely<GlobalDatabase>;
