import { useEffect } from 'react';
import { flattenButtons } from '../api/menu';
import { startRefreshCheck } from '../app/session';
import { takeShellStart } from '../app/shellStart';
import { screenClass, setCollapse, useLayout } from '../store/layout';
import { patchUserInfo, setPermission, setRoles } from '../store/session';

/**
 * On entering the shell: roles and user, then the menu (formatted with those roles) and button
 * permissions, all fetched at once; starts the token refresh check.
 */
export function useShellData(): void {
  useEffect(() => {
    let active = true;
    const calls = takeShellStart();
    const load = async () => {
      try {
        const info = await calls.info;
        if (!active) return;
        setRoles(info.roles ?? []);
        patchUserInfo({
          avatar: info.user.avatar ?? '',
          realName: info.user.realName ?? '',
          userName: info.user.name || info.user.account,
          deptName: info.dept?.deptName ?? '',
          roleNames: info.roleNames ?? [],
        });
      } catch {
        // a 401 has already sent the user to /login; other failures keep the stored roles
      }
      if (!active) return;
      await calls.menu().catch(() => {});
      calls.buttons.then((tree) => setPermission(flattenButtons(tree))).catch(() => {});
    };
    void load();
    const stop = startRefreshCheck();
    return () => {
      active = false;
      stop();
    };
  }, []);
}

/** Tracks the screen size class and collapses the sidebar below 992 px. */
export function useScreenWatcher(): void {
  useEffect(() => {
    const apply = () => {
      const screen = screenClass(window.innerWidth);
      if (screen !== useLayout.getState().screen || screen < 2) {
        useLayout.setState({ screen });
        if (screen < 2 && !useLayout.getState().collapse) setCollapse(true);
      }
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}
