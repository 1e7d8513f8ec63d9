import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getPublicSettings } from './api/auth';
import { configureHttp } from './api/http';
import { installErrorCapture } from './app/errorCapture';
import { router } from './app/router';
import { localLogout } from './app/session';
import { t, useLanguageStore } from './i18n';
import { useSession } from './store/session';
import { useSettings } from './store/settings';
import './styles/base.css';

configureHttp({
  getToken: () => useSession.getState().token,
  getLanguage: () => useLanguageStore.getState().language,
  unknownErrorText: () => t('common.unknownError'),
  onUnauthorized: () => {
    localLogout();
    if (window.location.pathname !== '/login') void router.navigate('/login');
  },
  notifyError: (message) => {
    void import('./shell/toast').then((m) => m.toastError(message));
  },
});
installErrorCapture();

getPublicSettings()
  .then((s) => useSettings.setState({ ...(s ?? {}), loaded: true }))
  .catch(() => useSettings.setState({ loaded: true }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
