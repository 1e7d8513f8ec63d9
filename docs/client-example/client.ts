/**
 * A small typed client over the API, checked by the compiler against types generated from the
 * OpenAPI document (`api.ts`, made by openapi-typescript; see docs/api-clients.md). Paths, query
 * parameters, bodies and answers are all the document's: a misspelt field does not compile.
 */
import { createHash } from 'node:crypto';
import type { paths } from './api.js';

type Method = 'get' | 'post';
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type AnswerOf<O> = O extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;

/** The client id and secret every call sends (the product's default ones). */
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export class ApiClient {
  private token: string | undefined;

  constructor(private readonly base: string) {}

  async call<P extends keyof paths, M extends Method>(
    method: M,
    path: P,
    input: { query?: QueryOf<Operation<P, M>>; body?: BodyOf<Operation<P, M>> } = {},
  ): Promise<AnswerOf<Operation<P, M>>> {
    const url = new URL(String(path), this.base);
    for (const [name, value] of Object.entries(input.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await fetch(url, {
      method: method.toUpperCase(),
      headers: {
        authorization: CLIENT,
        ...(this.token ? { 'blade-auth': `bearer ${this.token}` } : {}),
        ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    });
    const answer = (await response.json()) as { success?: boolean; msg?: string };
    if (!response.ok || answer.success === false) throw new Error(`${response.status}: ${answer.msg}`);
    return answer as AnswerOf<Operation<P, M>>;
  }

  /** Signs in with an account's password (sent as its md5 digest, as the API takes it). */
  async signIn(tenantId: string, username: string, password: string) {
    const answer = await this.call('post', '/api/blade-auth/oauth/token', {
      query: {
        tenantId,
        username,
        password: createHash('md5').update(password).digest('hex'),
        grant_type: 'password',
      },
    });
    this.token = answer.access_token;
    return answer;
  }
}

/** Signs in, lists users and saves a notice: what an integration would do first. */
export async function firstSteps(base: string) {
  const client = new ApiClient(base);
  const session = await client.signIn('000000', 'admin', 'admin');
  const users = await client.call('get', '/api/blade-user/page', { query: { current: 1, size: 10 } });
  const notice = await client.call('post', '/api/blade-desk/notice/submit', {
    body: { title: 'Typed client', category: 1, releaseTime: '2026-12-01 09:00:00', content: '<p>Hello</p>' },
  });
  return {
    account: session.account,
    accounts: users.data.records.map((user) => user.account),
    total: users.data.total,
    noticeId: notice.data.id,
    noticeTitle: notice.data.title,
  };
}
