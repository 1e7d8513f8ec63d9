import { create } from 'zustand';
import { website } from '../config';

/** The server's runtime modes (GET /api/public/settings), falling back to the spec §9 defaults. */
export interface Settings {
  tenantMode: boolean;
  /** A tenant besides the administrator one exists: the sign-in page asks which, tenant mode or not. */
  multiTenant: boolean;
  captchaMode: boolean;
  switchMode: boolean;
  /** Seconds after which the token is refreshed. */
  tokenTime: number;
  /** The server's time zone: times are wall-clock texts of it, and pickers' "now" is its now. */
  timeZone: string;
  loaded: boolean;
}

export const useSettings = create<Settings>(() => ({
  tenantMode: website.tenantMode,
  multiTenant: false,
  captchaMode: website.captchaMode,
  switchMode: website.switchMode,
  tokenTime: website.tokenTime,
  timeZone: website.timeZone,
  loaded: false,
}));
