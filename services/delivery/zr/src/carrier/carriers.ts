import { Inject, Injectable } from '@nestjs/common';
import type { CarrierApi } from '@tawsil/contracts/delivery-zr';
import type { Carrier } from './carrier';

/** The Nest token of the adapters by API, provided by carrier.module.ts. */
export const CARRIER_ADAPTERS = Symbol('CarrierAdapters');
export type CarrierAdapters = Partial<Record<CarrierApi, Carrier>>;

/** The carrier adapter each account speaks: saisie, tracking, tariffs and labels go through it. */
@Injectable()
export class Carriers {
  constructor(@Inject(CARRIER_ADAPTERS) private readonly adapters: CarrierAdapters) {}

  for(account: { api: CarrierApi }): Carrier {
    return this.forApi(account.api);
  }

  forApi(api: CarrierApi): Carrier {
    const carrier = this.adapters[api];
    if (!carrier) throw new Error(`No carrier adapter for the ${api} API`);
    return carrier;
  }

  supports(api: CarrierApi): boolean {
    return this.adapters[api] !== undefined;
  }
}
