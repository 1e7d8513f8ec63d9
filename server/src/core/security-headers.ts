import type { FastifyInstance } from 'fastify';

/**
 * The content security policy of the built admin: scripts only from this origin, styles inline
 * too (Ant Design injects its styles at run time), images from storage (any http(s) host, data
 * and blob URLs for previews), frames of any http(s) page (the /myiframe route embeds external
 * addresses from the menu), and this app never framed by another origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src http: https:',
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The policy of a page that `origin` may frame as well (our pages inside Saber's iframe). */
export const policyFramedBy = (origin: string): string =>
  CONTENT_SECURITY_POLICY.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${origin}`);

/** Security headers on every answer (issue 9 hardening). */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    // A route with a stricter policy of its own (stored files) keeps it.
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    done(null, payload);
  });
}
