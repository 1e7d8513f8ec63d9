import type { FastifyInstance } from 'fastify';
import { onlyWhen } from '../../core/http.js';

/** System dictionaries SpringBlade's views ask for by another code than ours. */
const CODES: Readonly<Record<string, string>> = {
  // Saber's region form takes its levels from `region`.
  region: 'region_level',
};

/** `dict/dictionary?code=` answers our dictionary for a code SpringBlade's views use. */
export function installSaberDictionaryCodes(app: FastifyInstance): void {
  app.addHook(
    'preValidation',
    onlyWhen(
      (request) => request.routeOptions.url === '/api/blade-system/dict/dictionary',
      (request) => {
        const query = request.query as Record<string, unknown>;
        const code = typeof query.code === 'string' ? CODES[query.code] : undefined;
        if (code) query.code = code;
      },
    ),
  );
}
