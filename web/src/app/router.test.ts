import { afterEach, describe, expect, it, vi } from 'vitest';

/** The order in which the route's code modules start loading. */
const started: string[] = vi.hoisted(() => []);

vi.mock('../shell/ShellLayout', () => {
  started.push('shell');
  return { default: () => null };
});
vi.mock('../pages/MenuPage', () => {
  started.push('menu page');
  return { default: () => null, preloadMenuPage: () => started.push('menu page preloaded') };
});
vi.mock('../pages/wel/HomePage', () => {
  started.push('home');
  return { default: () => null };
});

const { preloadRoute } = await import('./router');

afterEach(() => {
  started.length = 0;
});

describe('preloadRoute', () => {
  it("starts a menu page's code before the shell's, so the page's requests are not queued behind the shell's", async () => {
    expect(preloadRoute('/system/user/index', '')).toEqual({ inShell: true });
    await vi.waitFor(() => expect(started).toContain('menu page preloaded'));
    expect(started.indexOf('menu page')).toBeLessThan(started.indexOf('shell'));
  });

  it('starts a fixed page inside the shell, and nothing of the shell for the sign-in page', async () => {
    expect(preloadRoute('/wel/index', '')).toEqual({ inShell: true });
    await vi.waitFor(() => expect(started).toContain('home'));
    expect(preloadRoute('/login', '').inShell).toBe(false);
  });
});
