import { Webhook, WebhookVerificationError } from 'svix';

/** A delivery whose signature or timestamp does not hold; the message says which, never the secret. */
export class SvixRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SvixRefusal';
  }
}

export interface SvixHeaders {
  id?: string;
  timestamp?: string;
  signature?: string;
}

/** Svix's own words, as the owner of the endpoint (or ZR's support) reads them in a 401. */
const REASONS: Record<string, string> = {
  'Missing required headers': 'Missing svix-id, svix-timestamp or svix-signature header',
  'Invalid Signature Headers': 'Invalid svix-timestamp header',
  'Message timestamp too old': 'Stale webhook: svix-timestamp is more than 5 minutes old',
  'Message timestamp too new': 'Stale webhook: svix-timestamp is more than 5 minutes ahead',
  'No matching signature found': 'Invalid webhook signature',
};

/**
 * Svix's check, by its official library: HMAC-SHA256 of `<svix-id>.<svix-timestamp>.<body>` keyed
 * by the base64 after `whsec_`, compared in constant time with each space-separated `v1,` entry,
 * and the timestamp within 5 minutes. Answers the body parsed; throws SvixRefusal otherwise.
 */
export function verifySvixDelivery(secret: string, body: Buffer, headers: SvixHeaders): unknown {
  try {
    // Parses the body once the signature holds.
    return new Webhook(secret).verify(body, {
      'svix-id': headers.id ?? '',
      'svix-timestamp': headers.timestamp ?? '',
      'svix-signature': headers.signature ?? '',
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError)
      throw new SvixRefusal(REASONS[error.message] ?? `Invalid webhook: ${error.message}`);
    if (error instanceof SyntaxError) throw new SvixRefusal('The webhook body is not JSON');
    throw error;
  }
}
