import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { type Config, ConfigError } from './config.js';
import { RedisStore } from './core/store/redis-store.js';
import type { KeyValueStore } from './core/store/store.js';
import { checkRegistry } from './crud/registry-check.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resealSecrets } from './db/reseal-secrets.js';
import { seedDemo } from './db/seed/demo.js';
import { seededDictionaryKeys } from './db/seed/dictionaries.js';
import { adminHasDefaultPassword, seed } from './db/seed/seed.js';
import { SCOPED_TABLES } from './db/tables.js';
import type { NoticeBus } from './modules/desk/notice-bus.js';
import { RedisNoticeBus } from './modules/desk/redis-notice-bus.js';
import { seedLeaveProcess } from './modules/flow/seed-leave.js';
import { createServices } from './services.js';

/**
 * Opens the database, migrates and seeds it, and builds the app; `app.close()` closes the
 * database and the store too, after in-flight requests have drained.
 */
/** Redis-backed store and notice bus when REDIS_URL is set, so several processes act as one. */
function sharedState(config: Config): { store?: KeyValueStore; notices?: NoticeBus } {
  if (!config.redisUrl) return {};
  const options = { maxRetriesPerRequest: 3, enableOfflineQueue: true, lazyConnect: false };
  return {
    store: new RedisStore(new Redis(config.redisUrl, options), config.redisPrefix),
    notices: new RedisNoticeBus(
      new Redis(config.redisUrl, options),
      new Redis(config.redisUrl, options),
      config.redisPrefix,
    ),
  };
}

export async function createServer(config: Config): Promise<FastifyInstance> {
  const data = openDatabase(config.databaseUrl, {
    prepare: config.databasePrepare,
    onConnectionLost: (error) =>
      console.warn(`database connection lost (${error.message}); it will be replaced`),
  });
  try {
    await migrateToLatest(data);
    const problems = checkRegistry(resources, {
      dictionaries: seededDictionaryKeys,
      tenantTables: SCOPED_TABLES,
    });
    if (problems.length)
      throw new Error(`The resource registry is not consistent:\n- ${problems.join('\n- ')}`);
    const services = createServices(config, data, console, sharedState(config));
    if (config.dataKeyPrevious) {
      const { resealed, unreadable } = await resealSecrets(data, services.secretBox);
      console.info(
        `DATA_KEY rotation: ${resealed} stored secret(s) sealed again with the new key` +
          (unreadable ? `; ${unreadable} open with neither key and were left as they are` : '') +
          '. Remove DATA_KEY_PREVIOUS once every process runs with the new DATA_KEY.',
      );
    }
    await seed(data, config, services.hasher);
    if (config.seedDemo) await seedDemo(data);
    await seedLeaveProcess(data, services.flow);
    if (config.isProduction && (await adminHasDefaultPassword(data, services.hasher))) {
      throw new ConfigError(
        'The administrator still has the default password; set ADMIN_PASSWORD or change it before running in production.',
      );
    }
    const app = await buildApp(services);
    // Modules defined their jobs while the app was built; test set-ups may add theirs before ready.
    app.addHook('onReady', async () => {
      services.scheduler.logTo(app.log);
      services.scheduler.start();
    });
    app.addHook('onClose', async () => {
      await services.scheduler.stop();
      await services.sessions.writeSeen();
      await services.signInLog.flush();
      await services.logs.close();
      await services.store.close();
      await services.notices.close();
      await services.dataSources.close();
      await services.richText.close();
      await data.close();
    });
    return app;
  } catch (error) {
    await data.close();
    throw error;
  }
}
