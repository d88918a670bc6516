import type { Rate } from '@tawsil/contracts/orders';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "1,234" */
export const formatCount = (count: number) => whole.format(count);

/** "7,800 DZD" */
export const formatDzd = (amount: number) => `${money.format(amount)} DZD`;

/** "81.3%", or "—" where there was nothing to divide. */
export const formatRate = (rate: Rate) => (rate === null ? '—' : percent.format(rate));

/** `part` as a share of `whole`, null when `whole` is zero. */
export const share = (part: number, whole: number): Rate => (whole === 0 ? null : part / whole);

/** "22 Nov 2026" for a YYYY-MM-DD day. */
export const formatDay = (day: string) => dayMonth.format(new Date(`${day}T00:00:00Z`));
