import type { MenuNode } from '@blade/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { fileAnswer } from '../../core/file-answers.js';
import { type MessageKey, translate } from '../../core/messages.js';
import { api } from '../../core/route-schema.js';
import { policyFramedBy } from '../../core/security-headers.js';
import { isSaberSession } from './saber-sessions.js';
import { framePath, saberMenu } from './saber-views.js';

/** The cookie Saber 4.9 keeps its access token in (`src/utils/auth.js`, js-cookie, path `/`). */
const SABER_TOKEN_COOKIE = 'saber3-access-token';

/** One of our web's own paths: a single leading slash, letters, digits, `_ - . /`. */
const webPath = z.string().regex(/^\/(?!\/)[\w\-./]*$/);

const attr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `scheme://host` of the page that made a request (Saber's, behind its proxy), else of the request. */
function callerOrigin(request: FastifyRequest): string {
  for (const value of [request.headers.origin, request.headers.referer]) {
    if (!value || value === 'null') continue;
    try {
      return new URL(value).origin;
    } catch {
      // not an address: try the next
    }
  }
  return `${request.protocol}://${request.host}`;
}

/**
 * The page Saber's iframe loads on its own origin (its proxy forwards `/api` to us). Its script
 * reads Saber's token from Saber's cookie (readable there, same origin), trades it for a one-time
 * ticket (`POST /api/sq-user/ticket`, 60 s) and opens our web's `/sso` with it and the target page:
 * in the frame where our web lets Saber's origin frame it (SABER_URL), else in a new window. No
 * token or ticket is ever part of a menu answer or an address Saber keeps.
 */
const FRAME_SCRIPT = `(function () {
  var d = document.currentScript.dataset;
  var state = document.getElementById('state');
  var name = '${SABER_TOKEN_COOKIE}=';
  var cookie = document.cookie.split('; ').filter(function (c) { return c.indexOf(name) === 0; })[0];
  var say = function (text) { state.textContent = text; };
  var ticket = function () {
    if (!cookie) return Promise.reject(new Error('signed out'));
    return fetch('/api/sq-user/ticket', {
      method: 'POST',
      headers: { 'Blade-Auth': 'bearer ' + decodeURIComponent(cookie.slice(name.length)) }
    }).then(function (r) { return r.json(); }).then(function (body) {
      if (!body || !body.data || !body.data.ticket) throw new Error('signed out');
      return d.web + '/sso?ticket=' + encodeURIComponent(body.data.ticket) + '&to=' + encodeURIComponent(d.to);
    });
  };
  if (!cookie) return say(d.signedOut);
  if (location.origin === d.saber) {
    ticket().then(function (url) { location.replace(url + '&embed=1'); }, function () { say(d.signedOut); });
    return;
  }
  // Our web may not be framed here: a click opens it in a window of its own.
  var button = document.getElementById('open');
  button.hidden = false;
  say('');
  button.onclick = function () {
    var win = window.open('about:blank', '_blank');
    ticket().then(function (url) { if (win) win.location.replace(url); }, function () {
      if (win) win.close();
      say(d.signedOut);
    });
  };
})();
`;

/**
 * Saber 4.9 for the screens it has no view for (docs/saber.md, "Pages Saber has no view for"):
 * a Saber session's menu leads them to the frame page; that page signs our web in and opens the
 * screen inside Saber's iframe, with our web's `/sso` frameable by SABER_URL only.
 */
export function installSaberFrames(app: FastifyInstance): void {
  const { config, store } = app.services;

  // A Saber session's sidebar: every leaf either a Saber view or the frame page. Other answers
  // pass without a promise.
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    const answer = payload as { code?: unknown; data?: unknown } | null;
    if (
      request.routeOptions.url !== '/api/blade-system/menu/routes' ||
      !request.auth ||
      answer?.code !== 200 ||
      !Array.isArray(answer.data)
    ) {
      done(null, payload);
      return;
    }
    const nodes = answer.data as MenuNode[];
    isSaberSession(store, request.auth.sessionId).then(
      (saber) =>
        done(
          null,
          saber
            ? { ...answer, data: saberMenu(nodes, config.saberOrigin ?? callerOrigin(request)) }
            : payload,
        ),
      (error: Error) => done(error),
    );
  });

  // Our web's /sso document (a client route of the built web): Saber's origin may frame it.
  const saberOrigin = config.saberOrigin;
  if (saberOrigin) {
    const policy = policyFramedBy(saberOrigin);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'GET' && request.url.split('?')[0] === '/sso')
        reply.header('content-security-policy', policy);
      done();
    });
  }

  const routes = api(app);
  routes.get(
    framePath,
    {
      config: { access: 'public', generation: 'saber' },
      schema: {
        summary:
          "The page Saber's iframe opens for one of our pages: it trades Saber's session for a one-time ticket and opens the page",
        querystring: z.object({
          to: z.string().max(2000).describe('The page of ours to open, e.g. /mall/product'),
        }),
        response: { 200: fileAnswer('text/html', 'The frame page') },
      },
    },
    async (request, reply) => {
      const target = webPath.safeParse(request.query.to);
      if (!target.success) throw badRequest('saberFrameTarget');
      const to = target.data;
      const text = (key: MessageKey) => attr(translate(key, request.lang));
      const web = config.webOrigin ?? `${request.protocol}://${request.host}`;
      const data = [
        ['web', web],
        ['saber', saberOrigin ?? ''],
        ['to', to],
      ]
        .map(([name, value]) => `data-${name}="${attr(value ?? '')}"`)
        .join(' ');
      const html = `<!doctype html>
<html lang="${request.lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><title>${text('saberFrameOpening')}</title>
<style>body{font:14px system-ui,sans-serif;color:#555;margin:24px}button{font:inherit;padding:6px 16px;cursor:pointer}</style></head>
<body><p id="state">${text('saberFrameOpening')}</p><button id="open" type="button" hidden>${text('saberFrameNewWindow')}</button>
<script src="${framePath}.js" ${data} data-signed-out="${text('saberFrameSignedOut')}"></script></body></html>`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );

  routes.get(
    `${framePath}.js`,
    {
      config: { access: 'public', generation: 'saber' },
      schema: {
        summary: "The frame page's script",
        response: { 200: fileAnswer('text/javascript', 'The script') },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(FRAME_SCRIPT),
  );
}
