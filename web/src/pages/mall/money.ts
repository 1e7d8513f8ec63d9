/** Money is shown by the crud pages' one formatter, here and in every list and dialog. */
export { formatCents } from '../../crud/money';
