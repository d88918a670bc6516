import { Injectable } from '@nestjs/common';
import { SecretBox } from '@tawsil/nest-common';
import { createHmac, hkdfSync } from 'node:crypto';
import type { CarrierCredentials } from '../carrier/carrier';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import type { DeliveryAccount } from './delivery-account.entity';

/** Seals and opens accounts' credentials; fingerprints a key so a repeat is found without opening. */
@Injectable()
export class AccountSecrets {
  private readonly box: SecretBox;
  private readonly fingerprintKey: Buffer;

  constructor(config: DeliveryZrConfig) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
    this.fingerprintKey = Buffer.from(
      hkdfSync(
        'sha256',
        Buffer.from(config.ENCRYPTION_KEY, 'base64'),
        '',
        'delivery-account-fingerprint',
        32,
      ),
    );
  }

  seal(accountId: string, credentials: CarrierCredentials) {
    return {
      apiKey: this.box.seal(credentials.apiKey, `${accountId}:key`),
      apiSecret: credentials.apiSecret ? this.box.seal(credentials.apiSecret, `${accountId}:secret`) : null,
      tenantId: credentials.tenantId ? this.box.seal(credentials.tenantId, `${accountId}:tenant`) : null,
      keyFingerprint: this.fingerprint(credentials.apiKey),
    };
  }

  open(
    account: Pick<DeliveryAccount, 'id' | 'apiKey' | 'apiSecret' | 'tenantId'> &
      Partial<Pick<DeliveryAccount, 'fromWilaya'>>,
  ): CarrierCredentials {
    return {
      ...(account.fromWilaya ? { fromWilaya: account.fromWilaya } : {}),
      apiKey: this.box.open(account.apiKey, `${account.id}:key`),
      ...(account.apiSecret ? { apiSecret: this.box.open(account.apiSecret, `${account.id}:secret`) } : {}),
      ...(account.tenantId ? { tenantId: this.box.open(account.tenantId, `${account.id}:tenant`) } : {}),
    };
  }

  /**
   * The account's webhook secret, sealed to `<id>:webhook`: the signing secret of its endpoint at ZR
   * (`whsec_…`), or the secret the owner pasted from Yalidine's dashboard.
   */
  sealWebhookSecret(accountId: string, secret: string): string {
    return this.box.seal(secret, `${accountId}:webhook`);
  }

  openWebhookSecret(account: Pick<DeliveryAccount, 'id' | 'webhookSecret'>): string | undefined {
    return account.webhookSecret ? this.box.open(account.webhookSecret, `${account.id}:webhook`) : undefined;
  }

  fingerprint(apiKey: string): string {
    return createHmac('sha256', this.fingerprintKey).update(apiKey).digest('hex');
  }
}
