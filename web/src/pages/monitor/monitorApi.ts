import type { MonitorSnapshot } from '@blade/schema';
import { getData } from '../../api/http';

/** The 服务监控 screen's one call: every figure of the server at once. */
export const monitorApi = {
  snapshot: () => getData<MonitorSnapshot>('/blade-monitor/server'),
};
