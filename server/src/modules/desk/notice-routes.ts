import type { FastifyInstance } from 'fastify';
import { fileAnswer } from '../../core/file-answers.js';
import { caller } from '../../core/http.js';
import type { NoticeEvent } from './notice-bus.js';
import { publishNoticesJob } from './notice-jobs.js';

const HEARTBEAT_MS = 25_000;
/**
 * Streams one session may hold open in this process (a few tabs); opening another ends the
 * oldest, so a token cannot pile up connections.
 */
export const MAX_STREAMS_PER_SESSION = 3;

/**
 * The desk's live notices: the publishing job of notices dated ahead, and
 * GET /api/blade-desk/notice/stream: server-sent events of the caller's tenant's notices as they
 * are published. The token travels in the Blade-Auth header (the shell reads the stream with
 * fetch), never in the address.
 */
export async function noticeStreamRoutes(app: FastifyInstance): Promise<void> {
  const { data, notices, config, jobs } = app.services;
  jobs.define(publishNoticesJob(data, notices, config.timeZone));
  const open = new Set<() => void>();
  /** Each session's open streams, oldest first. */
  const bySession = new Map<number, Array<() => void>>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  const stream = {
    summary: "The tenant's notices as they are published (server-sent events)",
    description:
      'Stays open: a `ready` event with the tenant, then a `notice` event for each notice published, and a comment every 25 s to keep the connection. Opening a fourth stream of one session ends its oldest.',
    response: { 200: fileAnswer('text/event-stream', 'The events, as they happen') },
  };
  app.get(
    '/api/blade-desk/notice/stream',
    { config: { access: 'user' }, schema: stream },
    async (request, reply) => {
      const auth = caller(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const send = (event: string, data: unknown) =>
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send('ready', { tenantId: auth.tenantId });
      const unsubscribe = app.services.notices.subscribe(auth.tenantId, (event: NoticeEvent) =>
        send('notice', event),
      );
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        const mine = (bySession.get(auth.sessionId) ?? []).filter((e) => e !== end);
        if (mine.length) bySession.set(auth.sessionId, mine);
        else bySession.delete(auth.sessionId);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      const mine = [...(bySession.get(auth.sessionId) ?? []), end];
      bySession.set(auth.sessionId, mine);
      while (mine.length > MAX_STREAMS_PER_SESSION) mine.shift()!();
      request.raw.on('close', end);
    },
  );
}
