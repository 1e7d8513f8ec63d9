import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** A row as the generic resource code sees it: column name to value. */
export type DynamicRow = Record<string, unknown>;

/**
 * The database as the generic resource code sees it: any declared table, any column. It is the
 * same tenant-scoped handle the request carries, so the tenant filter still applies to every
 * query; only the compile-time table types are traded for the registry's declarations.
 */
export type DynamicDb = Kysely<Record<string, DynamicRow>>;

export const dynamic = (db: Kysely<Database>): DynamicDb => db as unknown as DynamicDb;
