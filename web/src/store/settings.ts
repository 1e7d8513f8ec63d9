import { create } from 'zustand';
import { website } from '../config';

/** The server's runtime modes (GET /api/public/settings), falling back to the spec §9 defaults. */
export interface Settings {
  tenantMode: boolean;
  captchaMode: boolean;
  switchMode: boolean;
  /** Seconds after which the token is refreshed. */
  tokenTime: number;
  loaded: boolean;
}

export const useSettings = create<Settings>(() => ({
  tenantMode: website.tenantMode,
  captchaMode: website.captchaMode,
  switchMode: website.switchMode,
  tokenTime: website.tokenTime,
  loaded: false,
}));
