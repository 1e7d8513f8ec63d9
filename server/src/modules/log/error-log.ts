import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../core/http.js';
import { redactText } from '../../core/redact.js';
import { toDbTime, utcNow } from '../../core/time.js';
import { parse } from '../../core/validate.js';
import { origin } from './request-logs.js';

/**
 * The largest upload of the shell's error log: the 500 entries the shell keeps, of about 1 KB
 * each. A bigger body is refused as it arrives, before it is parsed.
 */
export const ERROR_UPLOAD_BYTES = 512 * 1024;

/** One entry of the shell's local error log (spec §3). */
const clientEntry = z.object({
  type: z.string().max(32).default('error'),
  message: z.string().max(2000).default(''),
  stack: z.string().max(8000).optional(),
  info: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
  time: z.string().max(40).optional(),
});
export const clientEntries = z.array(clientEntry).max(500);
type ClientEntry = z.output<typeof clientEntry>;

/** Entries redacted and written per step; the process serves other requests between steps. */
const STEP = 50;

const SERVICE = 'blade-admin-web';

/** Stores error entries in the tenant's error log, stamped with who sent them and from where. */
export class ErrorLogService {
  /** Entries a sign-out call carries in a body no route schema checked: checked here first. */
  async recordClientEntries(auth: AuthContext, request: FastifyRequest, body: unknown): Promise<number> {
    return this.record(auth, request, parse(clientEntries, body));
  }

  /** Entries already checked (by the upload route's body schema). */
  async record(auth: AuthContext, request: FastifyRequest, entries: ClientEntry[]): Promise<number> {
    for (let i = 0; i < entries.length; i += STEP) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      await this.write(auth, request, entries.slice(i, i + STEP));
    }
    return entries.length;
  }

  private async write(auth: AuthContext, request: FastifyRequest, entries: ClientEntry[]): Promise<void> {
    await auth.db
      .insertInto('blade_log_error')
      .values(
        entries.map((e) => ({
          ...origin(request, auth, auth.tenantId),
          service_id: SERVICE,
          env: e.type,
          method: 'CLIENT',
          request_uri: e.url === undefined ? null : redactText(e.url),
          stack_trace: e.stack === undefined ? null : redactText(e.stack),
          exception_name: e.type,
          message: redactText(e.message),
          params: e.info === undefined ? null : redactText(e.info),
          create_time: clientTime(e.time),
        })),
      )
      .execute();
  }
}

function clientTime(text: string | undefined): string {
  const date = text ? new Date(text) : undefined;
  return date && !Number.isNaN(date.getTime()) ? toDbTime(date) : utcNow();
}
