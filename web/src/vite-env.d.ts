/** Build-time settings of the web app (`VITE_…` variables when `npm run build` runs). */
interface ImportMetaEnv {
  /** The OAuth client secret the server was given as CLIENT_SECRET (production refuses the default). */
  readonly VITE_CLIENT_SECRET?: string;
}
