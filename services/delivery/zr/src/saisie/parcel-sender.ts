import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { CarrierError, type Carrier, type CarrierCredentials, type ParcelRequest } from '../carrier/carrier';

export type SendResult = { created: true } | { created: false; reason: string };

/** The carrier's outcome stayed unknown after every attempt: the job is retried, claims kept. */
export class OutcomeUnknownError extends Error {
  constructor(carrier: string, count: number, cause: string) {
    super(`${carrier} did not confirm ${count} parcel(s): ${cause}`);
    this.name = 'OutcomeUnknownError';
  }
}

const ATTEMPTS = 4;
const FIRST_BACKOFF_MS = 500;

/**
 * Sends parcels so that none is created twice: whenever a call may have reached the carrier
 * without an answer (timeout, 5xx, lost connection), the trackings are read back before anything is
 * sent again, and a "Double Tracking" answer is confirmed by reading the parcel.
 */
@Injectable()
export class ParcelSender {
  private readonly logger = new Logger(ParcelSender.name);

  /** `readFirst`: trackings an earlier attempt may already have created. */
  async send(
    carrier: Carrier,
    credentials: CarrierCredentials,
    requests: ParcelRequest[],
    readFirst: Set<string>,
  ): Promise<Map<string, SendResult>> {
    const results = new Map<string, SendResult>();
    let pending = requests;
    let toVerify = new Set(readFirst);
    const duplicates = new Set<string>();
    let lastFailure = '';

    for (let attempt = 0; attempt < ATTEMPTS && (pending.length > 0 || toVerify.size > 0); attempt++) {
      if (attempt > 0) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1));
      try {
        if (toVerify.size > 0) {
          const found = await this.read(carrier, credentials, [...toVerify]);
          for (const tracking of found) results.set(tracking, { created: true });
          for (const tracking of duplicates)
            if (!found.has(tracking))
              results.set(tracking, {
                created: false,
                reason: `${carrier.displayName}: Double Tracking (it holds this tracking number but shows no parcel)`,
              });
          pending = pending.filter((request) => !results.has(request.tracking));
          toVerify = new Set();
          duplicates.clear();
        }
        if (pending.length === 0) break;
        const outcomes = await carrier.createParcels(credentials, pending);
        for (const outcome of outcomes) {
          if (outcome.result === 'created') results.set(outcome.tracking, { created: true });
          else if (outcome.result === 'refused')
            results.set(outcome.tracking, {
              created: false,
              reason: `${carrier.displayName}: ${outcome.reason}`,
            });
          else duplicates.add(outcome.tracking);
        }
        pending = pending.filter((request) => !results.has(request.tracking));
        toVerify = new Set(duplicates);
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        if (error.kind === 'credentials') {
          for (const request of pending)
            results.set(request.tracking, {
              created: false,
              reason: `${carrier.displayName} refused the delivery account’s credentials: add the account again`,
            });
          return results;
        }
        lastFailure = error.message;
        this.logger.warn({ parcels: pending.length, attempt, reason: error.message }, 'Carrier call failed');
        // The call may have reached the carrier: read back before sending anything again.
        toVerify = new Set([...toVerify, ...pending.map((request) => request.tracking)]);
      }
    }
    const unresolved = requests.filter((request) => !results.has(request.tracking));
    if (unresolved.length > 0)
      throw new OutcomeUnknownError(carrier.displayName, unresolved.length, lastFailure || 'no answer');
    return results;
  }

  private async read(carrier: Carrier, credentials: CarrierCredentials, trackings: string[]) {
    const found = new Set<string>();
    for (let start = 0; start < trackings.length; start += carrier.readLimit) {
      const states = await carrier.readParcels(
        credentials,
        trackings.slice(start, start + carrier.readLimit),
      );
      for (const state of states) found.add(state.tracking);
    }
    return found;
  }
}
