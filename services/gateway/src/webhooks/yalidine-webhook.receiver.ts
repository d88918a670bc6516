import { Injectable, NotFoundException } from '@nestjs/common';
import { DeliveryZrPatterns, type YalidineWebhookReceipt } from '@tawsil/contracts/delivery-zr';
import { RpcCaller } from '@tawsil/nest-common/core';
import type { IncomingHttpHeaders } from 'node:http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same words delivery-zr answers for an address that names no Yalidine account. */
const UNKNOWN_ACCOUNT = 'Unknown delivery account: no Yalidine account has this address';

/**
 * Yalidine's webhooks: the account named by the address, the body's bytes and
 * `X-YALIDINE-SIGNATURE` handed as they came to delivery-zr, which alone holds the secret the owner
 * pasted, checks the signature, and answers 401, 404 or the receipt.
 */
@Injectable()
export class YalidineWebhookReceiver {
  constructor(private readonly rpc: RpcCaller) {}

  /** The account the address names; an id that cannot be one is refused before the body is read. */
  accountOf(params: { accountId?: unknown }): string {
    const { accountId } = params;
    if (typeof accountId !== 'string' || !UUID.test(accountId)) throw new NotFoundException(UNKNOWN_ACCOUNT);
    return accountId.toLowerCase();
  }

  /** Yalidine's `crc_token` check: throws 404 unless the address names a Yalidine account. */
  async handshake(accountId: string): Promise<void> {
    await this.rpc.call(DeliveryZrPatterns.yalidineWebhookHandshake, { accountId });
  }

  receive(
    accountId: string,
    rawBody: Buffer | undefined,
    headers: IncomingHttpHeaders,
  ): Promise<YalidineWebhookReceipt> {
    const signature = headers['x-yalidine-signature'];
    return this.rpc.call(DeliveryZrPatterns.receiveYalidineWebhook, {
      accountId,
      bodyBase64: (rawBody ?? Buffer.alloc(0)).toString('base64'),
      signature: typeof signature === 'string' ? signature : undefined,
    });
  }
}
