import type { PublicSettings } from '@blade/schema';
import { create } from 'zustand';
import { website } from '../config';

/** The server's runtime modes (GET /api/public/settings), falling back to the spec §9 defaults. */
export interface Settings extends PublicSettings {
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
