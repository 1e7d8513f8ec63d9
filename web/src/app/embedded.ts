/**
 * Whether this page runs inside another page's frame (Saber's iframe opens our screens it has no
 * view for, docs/saber.md): the shell then shows the page alone, without its own sidebar and bars.
 */
export function isEmbedded(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.self !== window.top;
  } catch {
    // A frame of another origin may refuse the comparison: framed all the same.
    return true;
  }
}

/** Where /sso goes once signed in: the address's `to` when it is one of our paths, else home. */
export function ssoTarget(to: string | null): string {
  return to && /^\/(?!\/)[\w\-./]*$/.test(to) ? to : '/';
}
