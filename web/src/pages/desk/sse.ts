/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Parses the complete events at the start of a server-sent-events buffer (the WHATWG rules: blank
 * line ends an event, `event:` names it, `data:` lines join with newlines, `:` lines are comments)
 * and returns them with the unfinished rest to keep for the next chunk.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** Wait before reconnect attempt `n` (0-based): 1 s doubling up to 30 s. */
export const backoff = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
