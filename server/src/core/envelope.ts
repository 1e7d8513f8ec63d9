import type { Envelope } from '@blade/schema';

export function envelope<T>(code: number, data: T | null, msg: string): Envelope<T> {
  return { code, success: code === 200, data, msg };
}
