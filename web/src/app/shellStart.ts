import { type CurrentUser, getUserInfo } from '../api/auth';
import { type ButtonNode, getButtons } from '../api/menu';
import { useSession } from '../store/session';
import { forgetMenuFetch, loadMenu, prefetchMenu } from './loadMenu';

interface ShellStart {
  info: Promise<CurrentUser>;
  buttons: Promise<ButtonNode[]>;
}

/** Calls started before the shell's code arrived (a signed-in direct load), for the shell to take. */
let early: ShellStart | undefined;

function start(): ShellStart {
  const calls = { info: getUserInfo(), buttons: getButtons() };
  // Failures are the taker's to handle; until taken they must not surface as unhandled.
  calls.info.catch(() => {});
  calls.buttons.catch(() => {});
  prefetchMenu(useSession.getState().topMenuId);
  return calls;
}

/** Starts the shell's first calls (user, menu, buttons) at once, while its code still loads. */
export function startShellEarly(): void {
  early ??= start();
}

/**
 * The shell's first calls: the early ones when under way, else new ones. The menu is formatted
 * with the roles of the fresh user info, as before, but fetched in parallel with it.
 */
export function takeShellStart(): ShellStart & { menu: () => Promise<unknown> } {
  const calls = early ?? start();
  early = undefined;
  const topMenuId = useSession.getState().topMenuId;
  return {
    ...calls,
    menu: () => loadMenu(topMenuId, { reuse: true }).finally(forgetMenuFetch),
  };
}
