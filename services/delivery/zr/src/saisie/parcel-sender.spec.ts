import { Logger } from '@nestjs/common';
import type { StopDeskEntry, TariffEntry } from '@tawsil/contracts/delivery-zr';
import {
  CarrierError,
  type Carrier,
  type CarrierCredentials,
  type ParcelOutcome,
  type ParcelRequest,
  type ParcelState,
} from '../carrier/carrier';
import { OutcomeUnknownError, ParcelSender } from './parcel-sender';

/** What the carrier does on one create call, before or instead of answering. */
type CreateFault =
  /** Creates the parcels, then the answer is lost. */
  | 'timeout-after-creating'
  /** Lost before the carrier created anything, but it creates them a moment later. */
  | 'timeout-then-creates-late'
  | 'down'
  | 'refuses-credentials';

/** A carrier that holds parcels by tracking, like ZR: a second create of one is a "Double Tracking". */
class FakeCarrier implements Carrier {
  readonly displayName = 'ZR Express';
  readonly batchLimit = 50;
  readonly readLimit = 2;
  readonly parcels = new Set<string>();
  readonly createCalls: string[][] = [];
  readonly readCalls: string[][] = [];
  /** Trackings the carrier answers "already exists" for but never shows. */
  readonly ghosts = new Set<string>();
  private late: string[] = [];

  constructor(private readonly faults: CreateFault[] = []) {}

  checkCredentials(): Promise<boolean> {
    return Promise.resolve(true);
  }

  tariffs(): Promise<TariffEntry[]> {
    return Promise.resolve([]);
  }

  desks(): Promise<StopDeskEntry[]> {
    return Promise.resolve([]);
  }

  createParcels(_: CarrierCredentials, parcels: ParcelRequest[]): Promise<ParcelOutcome[]> {
    this.createCalls.push(parcels.map((parcel) => parcel.tracking));
    const fault = this.faults.shift();
    if (fault === 'refuses-credentials') throw new CarrierError('credentials', 'ZR Express: 401');
    if (fault === 'down') throw new CarrierError('unavailable', 'ZR Express: 503');
    if (fault === 'timeout-then-creates-late') {
      this.late = parcels.map((parcel) => parcel.tracking);
      throw new CarrierError('unavailable', 'ZR Express did not answer within 20 s');
    }
    const outcomes = parcels.map((parcel): ParcelOutcome => {
      if (parcel.phone === '')
        return { tracking: parcel.tracking, result: 'refused', reason: 'Téléphone vide' };
      if (this.parcels.has(parcel.tracking) || this.ghosts.has(parcel.tracking))
        return { tracking: parcel.tracking, result: 'duplicate' };
      this.parcels.add(parcel.tracking);
      return { tracking: parcel.tracking, result: 'created' };
    });
    if (fault === 'timeout-after-creating')
      throw new CarrierError('unavailable', 'ZR Express did not answer within 20 s');
    return Promise.resolve(outcomes);
  }

  readParcels(_: CarrierCredentials, trackings: string[]): Promise<ParcelState[]> {
    expect(trackings.length).toBeLessThanOrEqual(this.readLimit);
    this.readCalls.push(trackings);
    const states = trackings
      .filter((tracking) => this.parcels.has(tracking))
      .map((tracking) => ({ tracking, state: 'En Préparation', at: null }));
    // The parcels of a timed-out call show up after this first look.
    for (const tracking of this.late.splice(0)) this.parcels.add(tracking);
    return Promise.resolve(states);
  }
}

const CREDENTIALS = { apiKey: 'key', apiSecret: 'secret' };

const parcel = (tracking: string, phone = '0555123456'): ParcelRequest => ({
  tracking,
  orderId: `order-${tracking}`,
  recipient: 'Karim Benali',
  phone,
  wilaya: 16,
  isStopDesk: false,
  place: 'Kouba',
  address: '12 rue des Oliviers',
  total: 4_500,
  product: 'Montre',
  source: 'Tawsil',
});

const send = (carrier: FakeCarrier, requests: ParcelRequest[], readFirst: string[] = []) =>
  new ParcelSender().send(carrier, CREDENTIALS, requests, new Set(readFirst));

describe('Sending parcels to the carrier', () => {
  // The retries' warnings are expected here.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

  it('creates each parcel once and says which the carrier refused and why', async () => {
    const carrier = new FakeCarrier();
    const results = await send(carrier, [parcel('TW-1'), parcel('TW-2', '')]);
    expect(results.get('TW-1')).toEqual({ created: true });
    expect(results.get('TW-2')).toEqual({ created: false, reason: 'ZR Express: Téléphone vide' });
    expect(carrier.createCalls).toEqual([['TW-1', 'TW-2']]);
  });

  it('after a timeout, reads the parcels back instead of sending them again', async () => {
    const carrier = new FakeCarrier(['timeout-after-creating']);
    const results = await send(carrier, [parcel('TW-1'), parcel('TW-2'), parcel('TW-3')]);
    expect([...results.values()]).toEqual([{ created: true }, { created: true }, { created: true }]);
    expect(carrier.createCalls).toHaveLength(1);
    expect(carrier.readCalls).toEqual([['TW-1', 'TW-2'], ['TW-3']]);
  });

  it('after a timeout then an "already exists", confirms the parcel by reading it: one parcel, created', async () => {
    const carrier = new FakeCarrier(['timeout-then-creates-late']);
    const results = await send(carrier, [parcel('TW-1')]);
    expect(results.get('TW-1')).toEqual({ created: true });
    expect(carrier.createCalls).toEqual([['TW-1'], ['TW-1']]);
    expect(carrier.readCalls).toEqual([['TW-1'], ['TW-1']]);
    expect([...carrier.parcels]).toEqual(['TW-1']);
  });

  it('refuses a parcel the carrier calls a duplicate but cannot show', async () => {
    const carrier = new FakeCarrier();
    carrier.ghosts.add('TW-1');
    const results = await send(carrier, [parcel('TW-1')]);
    expect(results.get('TW-1')).toEqual({
      created: false,
      reason: 'ZR Express: Double Tracking (it holds this tracking number but shows no parcel)',
    });
  });

  it('does not send again a parcel an earlier attempt already created', async () => {
    const carrier = new FakeCarrier();
    carrier.parcels.add('TW-1');
    const results = await send(carrier, [parcel('TW-1'), parcel('TW-2')], ['TW-1', 'TW-2']);
    expect(results.get('TW-1')).toEqual({ created: true });
    expect(results.get('TW-2')).toEqual({ created: true });
    expect(carrier.createCalls).toEqual([['TW-2']]);
  });

  it('asks for the account again, without retrying, when the carrier refuses its key', async () => {
    const carrier = new FakeCarrier(['refuses-credentials']);
    const results = await send(carrier, [parcel('TW-1')]);
    expect(results.get('TW-1')).toEqual({
      created: false,
      reason: 'ZR Express refused the delivery account’s credentials: add the account again',
    });
    expect(carrier.createCalls).toHaveLength(1);
  });

  it('gives up as "not confirmed" after four attempts when the carrier stays down', async () => {
    const carrier = new FakeCarrier(['down', 'down', 'down', 'down']);
    const outcome = send(carrier, [parcel('TW-1'), parcel('TW-2')]);
    await expect(outcome).rejects.toThrow(OutcomeUnknownError);
    await expect(outcome).rejects.toThrow('ZR Express did not confirm 2 parcel(s): ZR Express: 503');
    expect(carrier.createCalls).toHaveLength(4);
    expect(carrier.parcels.size).toBe(0);
  }, 10_000);
});
