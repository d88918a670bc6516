import { currentLanguage } from './i18n';
import { INTL_LOCALES, type Language } from './languages';

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** One Intl formatter per language and kind, made the first time it is asked for. */
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  make: (locale: string) => T,
  language: Language = currentLanguage(),
): T {
  const key = `${language} ${kind}`;
  let made = cache.get(key) as T | undefined;
  if (!made) {
    made = make(INTL_LOCALES[language] ?? INTL_LOCALES.en);
    cache.set(key, made);
  }
  return made;
}

const partsOf = (format: Intl.DateTimeFormat, date: Date): Parts =>
  Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value])) as Parts;

/** Whole numbers: "1,234" (en), "1 234" (fr), "1.234" (ar-DZ keeps Latin digits). */
export const formatCount = (count: number) =>
  formatter('whole', (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(count);

/** An amount of dinars: "7,800 DZD", "7 800 DZD", "7.800 د.ج". */
export function formatDzd(amount: number, currency = 'DZD'): string {
  const number = formatter(
    'money',
    (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
  ).format(amount);
  if (currentLanguage() === 'ar' && currency === 'DZD') return `${number} د.ج`;
  return `${number} ${currency}`;
}

/** A share as a percentage: "81.3%", "81,3 %". */
export const formatPercent = (share: number) =>
  formatter(
    'percent',
    (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
  ).format(share);

/**
 * "22 November 2026, 14:05", the product's one date format, in the language's words and 24-hour
 * time. Built from the parts: ICU versions differ on what joins the date and the time.
 */
export function formatDateTime(iso: string): string {
  const format = formatter(
    'date-time',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
  const parts = partsOf(format, new Date(iso));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** "24 Nov, 10:30" on an Algerian clock (Africa/Algiers), whatever the phone's own zone. */
export function formatAlgiersTime(iso: string): string {
  const format = formatter(
    'algiers-short',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        timeZone: 'Africa/Algiers',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
  const parts = partsOf(format, new Date(iso));
  return `${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}

/** "22 Nov 2026" for a YYYY-MM-DD day. */
export const formatDay = (day: string) =>
  formatter(
    'day',
    (locale) =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(`${day}T00:00:00Z`));
