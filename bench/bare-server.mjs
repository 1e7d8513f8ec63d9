// The physical limit of the HTTP layer: bare Fastify (the server's version, default options) on
// the same machine, answering an envelope of the size asked for (`?size=` bytes of JSON) without
// access control, database, logging or hooks. GET and POST (which parses its JSON body).
// Started by `startFloor` (server-process.ts) in a process of its own, as the real server is.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answers = new Map();

/** The envelope `{ code, success, data, msg }` that serialises to `size` bytes of JSON. */
function envelope(size) {
  let body = answers.get(size);
  if (!body) {
    const empty = JSON.stringify({ code: 200, success: true, data: '', msg: '操作成功' });
    const padding = Math.max(0, size - Buffer.byteLength(empty));
    body = { code: 200, success: true, data: 'x'.repeat(padding), msg: '操作成功' };
    answers.set(size, body);
  }
  return body;
}

// The object is serialised on every answer, as a real handler's is.
const handler = async (request) => envelope(Number(request.query.size) || 0);
app.get('/bare', handler);
app.post('/bare', handler);
app.get('/api/health', async () => ({ code: 200, success: true, data: { status: 'UP' }, msg: '' }));

const close = () => app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 19511) });
