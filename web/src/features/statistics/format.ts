import type { Rate } from '@tawsil/contracts/orders';
import { formatPercent } from '../../i18n/format';

export { formatCount, formatDay, formatDzd } from '../../i18n/format';

/** "81.3%", or "—" where there was nothing to divide. */
export const formatRate = (rate: Rate) => (rate === null ? '—' : formatPercent(rate));

/** `part` as a share of `whole`, null when `whole` is zero. */
export const share = (part: number, whole: number): Rate => (whole === 0 ? null : part / whole);
