/**
 * Snowflake-style ids that fit in 53 bits, so they stay exact as JavaScript numbers on both
 * databases while keeping the snowflake properties: time-ordered, unique across processes.
 * Layout: 41 bits of milliseconds since 2024-01-01, 5 bits of worker, 7 bits of sequence.
 * They are stored in BIGINT columns and always serialized as strings on the wire.
 */
const EPOCH = Date.UTC(2024, 0, 1);
const WORKER_BITS = 5;
const SEQUENCE_BITS = 7;
const MAX_SEQUENCE = (1 << SEQUENCE_BITS) - 1;

export class IdGenerator {
  private lastMs = -1;
  private sequence = 0;

  constructor(private readonly worker = process.pid % (1 << WORKER_BITS)) {}

  next(): number {
    let now = Date.now();
    if (now < this.lastMs) now = this.lastMs; // the clock went back: keep issuing from the last instant
    if (now === this.lastMs) {
      this.sequence = (this.sequence + 1) & MAX_SEQUENCE;
      if (this.sequence === 0) {
        while (now <= this.lastMs) now = Date.now();
        if (now < this.lastMs) now = this.lastMs + 1;
      }
    } else {
      this.sequence = 0;
    }
    this.lastMs = now;
    return (
      (now - EPOCH) * 2 ** (WORKER_BITS + SEQUENCE_BITS) + this.worker * 2 ** SEQUENCE_BITS + this.sequence
    );
  }
}

export const ids = new IdGenerator();
export const nextId = (): number => ids.next();

/** Parses an id sent by a client (string or number); undefined when it is not a valid id. */
export function parseId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}
