import { COMMON_MESSAGES } from './common.messages';
import { DELIVERY_MESSAGES } from './delivery.messages';
import { IDENTITY_MESSAGES } from './identity.messages';
import { ORDERS_MESSAGES } from './orders.messages';

/**
 * Every message a user may read from the server: a stable code and its English text, with
 * `{{param}}` where a value goes. The web app translates the code; API clients read the English.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...IDENTITY_MESSAGES,
  ...ORDERS_MESSAGES,
  ...DELIVERY_MESSAGES,
} as const;

export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A message as it travels: its code and parameters, beside the English text. */
export interface CodedMessage {
  code: MessageCode;
  params?: MessageParams;
  message: string;
}
