import { Injectable, NotFoundException } from '@nestjs/common';
import { DeliveryZrPatterns, type ZrWebhookReceipt } from '@tawsil/contracts/delivery-zr';
import { RpcCaller } from '@tawsil/nest-common/core';
import type { IncomingHttpHeaders } from 'node:http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same words delivery-zr answers for an account it has no webhook for. */
const UNKNOWN_ACCOUNT = 'Unknown delivery account: no ZR Express webhook is registered for it';

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * ZR Express's webhooks (sent through Svix): the account named by the address, the body's bytes
 * and Svix's three headers handed as they came to delivery-zr, which alone holds the account's
 * signing secret, checks the signature, and answers 401, 404 or the receipt.
 */
@Injectable()
export class ZrWebhookReceiver {
  constructor(private readonly rpc: RpcCaller) {}

  /** The account the address names; an id that cannot be one is refused before the body is read. */
  accountOf(params: { accountId?: unknown }): string {
    const { accountId } = params;
    if (typeof accountId !== 'string' || !UUID.test(accountId)) throw new NotFoundException(UNKNOWN_ACCOUNT);
    return accountId.toLowerCase();
  }

  receive(
    accountId: string,
    rawBody: Buffer | undefined,
    headers: IncomingHttpHeaders,
  ): Promise<ZrWebhookReceipt> {
    return this.rpc.call(DeliveryZrPatterns.receiveWebhook, {
      accountId,
      bodyBase64: (rawBody ?? Buffer.alloc(0)).toString('base64'),
      svixId: header(headers, 'svix-id'),
      svixTimestamp: header(headers, 'svix-timestamp'),
      svixSignature: header(headers, 'svix-signature'),
    });
  }
}
