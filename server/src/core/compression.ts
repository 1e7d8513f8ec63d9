import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON answers from this size on are compressed for a client that accepts it. A list page of ten
 * rows (about 5 KB) stays below, so the everyday answer pays no compression CPU; the signed-in
 * start (the button tree is some 65 KB) and pages of 100 or 200 rows shrink some tenfold.
 */
export const COMPRESS_FROM_BYTES = 8 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Fast settings: brotli 4 and gzip 5 take well under a millisecond for 65 KB of JSON and come
 * within a tenth of their highest settings; the work runs on libuv's thread pool, off the loop.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 5 };

type Encoding = 'br' | 'gzip';

/** The encoding an Accept-Encoding header allows, brotli first; none for q=0 or no header. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function compressible(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (reply.hasHeader('content-encoding')) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/** The answer differs by what the client accepts: a shared cache must keep the copies apart. */
function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const named = typeof vary === 'string' && vary.trim() !== '' ? vary : undefined;
  const names = named?.split(',').map((name) => name.trim().toLowerCase()) ?? [];
  if (names.includes('accept-encoding') || names.includes('*')) return;
  reply.header('vary', named ? `${named}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses large JSON answers (brotli or gzip, as the client accepts). Registered after every
 * other onSend hook so it sees the final body. Files, streams and the web's own assets (served
 * precompressed) pass untouched.
 */
export function installCompression(app: FastifyInstance): void {
  // A callback, not an async hook: most answers pass untouched, without a promise each.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (!compressible(reply, payload) || Buffer.byteLength(payload) < COMPRESS_FROM_BYTES)
      return done(null, payload);
    varyByEncoding(reply);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    (encoding === 'br' ? brotli(payload, BROTLI) : gzipAsync(payload, GZIP)).then((body) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    }, done);
  });
}
