import { AppError } from '../../../core/errors.js';
import { isOutboundRefused, type OutboundGuard } from '../../../core/outbound.js';

/** One message to send: a template, its parameters, the phones (11-digit mainland numbers). */
export interface SmsMessage {
  phones: string[];
  templateId: string;
  signName: string;
  params: Record<string, string>;
}

export interface SmsCredentials {
  accessKey: string;
  secretKey: string;
  regionId: string;
  appId: string;
  /** The provider's API address; only honoured when custom endpoints are allowed (tests, proxies). */
  endpoint: string | undefined;
}

export interface SmsOutcome {
  success: boolean;
  /** The provider's answer, for the record (never the keys). */
  message: string;
}

/** One call to a provider's API: its answer, or the failure as an outcome. */
export type ProviderCall = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; text: string } | SmsOutcome>;

export interface SmsProvider {
  send(message: SmsMessage, credentials: SmsCredentials, call: ProviderCall): Promise<SmsOutcome>;
}

/**
 * Calls through the outbound guard, with a time-out; a network failure is an outcome, not an
 * exception, while an address the guard refuses is a clear 400 (nothing was sent).
 */
export const providerCall =
  (outbound: OutboundGuard): ProviderCall =>
  async (url, init) => {
    try {
      const res = await outbound.request(url, { ...init, timeoutMs: 10_000 });
      return { status: res.status, text: res.text.slice(0, 2000) };
    } catch (error) {
      if (isOutboundRefused(error)) throw new AppError(400, 'smsPrivate');
      return { success: false, message: `provider unreachable: ${(error as Error).name}` };
    }
  };

/**
 * The host (with its port) of a provider's API address. An address stored before endpoints were
 * checked may be no URL at all: that is a clear 400, never a TypeError.
 */
export function apiHost(base: string): string {
  try {
    return new URL(base).host;
  } catch {
    throw new AppError(400, 'smsEndpointInvalid');
  }
}
