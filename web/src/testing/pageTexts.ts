import { loadPageTexts } from '../i18n';

// Components under test show texts beyond the sign-in form; in the app, app/lazy.ts loads them first.
await loadPageTexts();
