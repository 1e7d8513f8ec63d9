import type { BrowserContext, Request } from '@playwright/test';

/** How long no call may be under way before the network counts as settled. */
const QUIET_MS = 500;

/** The calls under way in a browser context (its pages and their frames alike). */
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/**
 * Counts the context's calls from now on. Event streams stay open by design and are left out;
 * `page.waitForLoadState('networkidle')` is no substitute, since in a single-page app it holds
 * from the first load on and answers at once.
 */
export function watchNetwork(context: BrowserContext): void {
  if (inFlight.has(context)) return;
  const open = new Set<Request>();
  inFlight.set(context, open);
  context.on('request', (r) => {
    if (r.resourceType() !== 'eventsource') open.add(r);
  });
  context.on('requestfinished', (r) => open.delete(r));
  context.on('requestfailed', (r) => open.delete(r));
}

/**
 * Resolves once no call has been under way for QUIET_MS (what a person waits for after a click:
 * the answers drawn), or after `timeout` on a page that keeps calling (a live monitor).
 */
export async function networkSettled(context: BrowserContext, timeout = 15_000): Promise<void> {
  const open = inFlight.get(context);
  if (!open) throw new Error('watchNetwork was not called for this context');
  const end = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
