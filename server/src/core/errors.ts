import type { MessageKey, MessageParams } from './messages.js';

/**
 * The one error type handlers throw: an HTTP status plus a message key, translated into the
 * caller's language by the central error handler. `extra` fields are merged into the envelope
 * (the OAuth error fields of the token endpoint use it).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey = 'badRequest', params?: MessageParams) =>
  new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'notFound') => new AppError(404, key);
