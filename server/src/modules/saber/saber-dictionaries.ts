import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { onlyWhen } from '../../core/http.js';
import type { Language } from '../../core/messages.js';

/** System dictionaries SpringBlade's views ask for by another code than ours. */
const CODES: Readonly<Record<string, string>> = {
  // Saber's region form takes its levels from `region`.
  region: 'region_level',
};

/** The lists whose rows SpringBlade answers with a key's dictionary name beside it (`<field>Name`). */
const NAMED_KEYS: readonly { resource: string; field: string }[] = [
  { resource: 'notice', field: 'category' },
  { resource: 'post', field: 'category' },
  { resource: 'dataScope', field: 'scopeType' },
  { resource: 'apiScope', field: 'scopeType' },
];

/** By route (`…/list`, `…/detail`): the key field and the dictionary that names its values. */
const NAMED_ROUTES = new Map<string, { field: string; dict: string }>(
  NAMED_KEYS.flatMap(({ resource, field }) => {
    const declared = resources[resource];
    const dict = declared?.fields.find((f) => f.name === field)?.dict;
    if (!declared || !dict) throw new Error(`${resource}.${field} names no dictionary`);
    return ['list', 'detail'].map((endpoint): [string, { field: string; dict: string }] => [
      `/api${declared.path}/${endpoint}`,
      { field, dict },
    ]);
  }),
);

type Row = Record<string, unknown>;

/** How long dictionary names are remembered at most (another process's edit shows within it). */
const NAMES_TTL_MS = 10_000;

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

  /**
   * The names of a dictionary's keys in a language (the Chinese one where no English is given),
   * remembered until this process writes a dictionary or NAMES_TTL_MS passes (another process's
   * edit shows within that time), so a list page costs no statement more.
   */
  const remembered = new Map<string, { names: Map<string, string>; generation: number; expires: number }>();
  const namesOf = async (code: string, lang: Language): Promise<Map<string, string>> => {
    const key = `${code}\u0000${lang}`;
    const generation = app.services.data.writes.generation('blade_dict');
    const kept = remembered.get(key);
    if (kept && kept.generation === generation && kept.expires > Date.now()) return kept.names;
    const items = await app.services.data.global
      .selectFrom('blade_dict')
      .select(['dict_key', 'dict_value', 'dict_value_en'])
      .where('code', '=', code)
      .where('parent_id', '>', 0)
      .where('is_deleted', '=', 0)
      .execute();
    const names = new Map(items.map((i) => [i.dict_key, (lang === 'en' && i.dict_value_en) || i.dict_value]));
    if (app.services.data.writes.generation('blade_dict') === generation)
      remembered.set(key, { names, generation, expires: Date.now() + NAMES_TTL_MS });
    return names;
  };

  const withNames = async (
    named: { field: string; dict: string },
    lang: Language,
    answer: { data: unknown },
  ): Promise<unknown> => {
    const names = await namesOf(named.dict, lang);
    const withName = (row: Row): Row => {
      const key = row[named.field];
      return { ...row, [`${named.field}Name`]: key == null ? '' : (names.get(String(key)) ?? '') };
    };
    const data = answer.data as { records?: Row[] };
    return {
      ...answer,
      data: Array.isArray(data.records)
        ? { ...data, records: data.records.map(withName) }
        : withName(data as Row),
    };
  };

  // Saber's list tags show `categoryName` / `scopeTypeName`, which SpringBlade's wrappers add. A
  // callback hook: other answers pass without a promise each.
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    const named = NAMED_ROUTES.get(request.routeOptions.url ?? '');
    const answer = payload as { code?: unknown; data?: unknown } | null;
    if (!named || answer?.code !== 200 || !answer.data || typeof answer.data !== 'object') {
      done(null, payload);
      return;
    }
    withNames(named, request.lang, answer as { data: unknown }).then(
      (withName) => done(null, withName),
      (error: Error) => done(error),
    );
  });
}
