import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { createServer } from './server.js';

/**
 * Runs the server as a process: configuration from the environment, graceful shutdown on SIGTERM
 * and SIGINT, listening on HOST:PORT. `prepare` may add to the app before it is ready (a test
 * process defines its jobs there).
 */
export async function serve(prepare?: (app: FastifyInstance) => Promise<void> | void): Promise<void> {
  try {
    const config = loadConfig();
    const app = await createServer(config);
    await prepare?.(app);
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: draining requests');
      try {
        await app.close();
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(error);
    process.exit(1);
  }
}
