import type { Order } from './types';
import { wilayaName } from './wilayas';
import { formatAlgiersTime } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';

/** Algeria keeps UTC+1 all year (no summer time): Africa/Algiers. */
export const ALGIERS = 'Africa/Algiers';
const ALGIERS_OFFSET = '+01:00';

/** "1st attempt", "2nd attempt", "3rd attempt", "11th attempt"… (ordinals of the language). */
export const attemptText = (count: number): string => i18n.t('flags.attempt', { count, ordinal: true });

/** The attempt the next call will be, as the card shows it; nothing before the first call. */
export const attemptsShown = (order: Pick<Order, 'attempts'>) =>
  order.attempts ? attemptText(order.attempts) : undefined;

/** "24 Nov, 10:30" in Algerian time, whatever the phone's own zone. */
export const algiersTime = formatAlgiersTime;

/** The ISO instant of a date (yyyy-mm-dd) and time (HH:mm) read on an Algerian clock. */
export const algiersInstant = (date: string, time: string) =>
  new Date(`${date}T${time}:00${ALGIERS_OFFSET}`).toISOString();

const HOUR_MS = 60 * 60 * 1000;

/** An instant as an Algerian clock reads it: { date: yyyy-mm-dd, time: HH:mm }. */
export function algiersClock(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + HOUR_MS).toISOString(); // UTC+1, read as UTC
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** The next whole hour on an Algerian clock, to start the callback picker from. */
export function nextAlgiersHour(now = new Date()): { date: string; time: string } {
  const { date, time } = algiersClock(new Date(now.getTime() + HOUR_MS));
  return { date, time: `${time.slice(0, 2)}:00` };
}

export const isOverdue = (order: Pick<Order, 'status' | 'callbackAt'>, now = Date.now()) =>
  order.status === 'reporté' && !!order.callbackAt && Date.parse(order.callbackAt) < now;

/** The callback line of a reporté order: "Callback 24 Nov, 10:30", marked when it is past. */
export function callbackText(order: Pick<Order, 'status' | 'callbackAt'>, now = Date.now()) {
  if (order.status !== 'reporté' || !order.callbackAt) return undefined;
  return {
    text: i18n.t('flags.callback', { time: algiersTime(order.callbackAt) }),
    overdue: isOverdue(order, now),
  };
}

/** 0555123456 → tel:0555123456; WhatsApp wants the international form without the 0: 213555123456. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function whatsappHref(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (/^0\d{8,9}$/.test(digits)) return `https://wa.me/213${digits.slice(1)}`;
  if (/^213\d{8,9}$/.test(digits)) return `https://wa.me/${digits}`;
  return undefined;
}

/** "Alger · Bab Ezzouar" from the recognised place, else the customer's own words. */
export function placeText(order: Pick<Order, 'wilaya' | 'commune' | 'customer'>): string {
  const wilaya = wilayaName(order.wilaya) ?? order.customer.region;
  const commune = order.commune ?? order.customer.city;
  return [wilaya, commune].filter(Boolean).join(' · ');
}

/** "Karim is on it" while another agent's claim runs. */
export function claimText(order: Pick<Order, 'claim'>, myId: string | undefined, now = Date.now()) {
  const claim = order.claim;
  if (!claim || Date.parse(claim.until) <= now || claim.userId === myId) return undefined;
  return i18n.t('flags.claimed', { name: claim.name });
}
