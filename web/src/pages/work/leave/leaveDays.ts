/** The wire format of leave times. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Counted as the server counts them (one rule for both, in schema/). */
export { leaveDays } from '@blade/schema/rules';
