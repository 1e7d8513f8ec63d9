import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { getPublicSettings } from './api/auth';
import { configureHttp } from './api/http';
import { installErrorCapture } from './app/errorCapture';
import { AppRouter, navigateTo, preloadRoute } from './app/router';
import { localLogout } from './app/session';
import { startShellEarly } from './app/shellStart';
import { loadLanguage, t, useLanguageStore } from './i18n';
import { useLock } from './store/lock';
import { useSession } from './store/session';
import { useSettings } from './store/settings';
import { getCookie } from './util/storage';
import './styles/base.css';

configureHttp({
  getToken: () => useSession.getState().token,
  getLanguage: () => useLanguageStore.getState().language,
  unknownErrorText: () => t('common.unknownError'),
  onUnauthorized: () => {
    localLogout();
    if (window.location.pathname !== '/login') navigateTo('/login');
  },
  notifyError: (message) => {
    void import('./shell/toast').then((m) => m.toastError(message));
  },
});
installErrorCapture();

getPublicSettings()
  .then((s) => useSettings.setState({ ...(s ?? {}), loaded: true }))
  .catch(() => useSettings.setState({ loaded: true }));

// A signed-in direct load: the shell's and the page's code and the shell's first calls all start
// now, side by side, rather than each waiting for the one before it to render.
if (getCookie('access-token') && useSession.getState().token && !useLock.getState().isLocked) {
  const { pathname, search } = window.location;
  if (preloadRoute(pathname, search).inShell) startShellEarly();
}

// The first render is a transition, so React renders it in slices of a few milliseconds and the
// page answers input while the shell and the page build (one long task before).
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
};
// The texts of a language other than the built-in Chinese come first.
loadLanguage(useLanguageStore.getState().language).then(render, render);
