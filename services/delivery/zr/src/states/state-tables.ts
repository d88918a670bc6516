import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { CarrierError, type CarrierCredentials } from '../carrier/carrier';
import { Carriers } from '../carrier/carriers';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { AccountStatesRepository } from './account-states.repository';
import { defaultStates, statesFromWorkflows } from './state-defaults';
import { StateTable } from './state-table';

/** A table read from the product's defaults because the carrier could not answer is read again after this. */
const REFRESH_AFTER_MS = 15 * 60_000;

type AccountRef = Pick<DeliveryAccount, 'id' | 'api' | 'statesVersion' | 'statesSource' | 'statesLoadedAt'>;

/**
 * Each account's state table: loaded from the carrier's workflows when it has some (ZR's current
 * API), else from the product's lists, and kept in this process per account and version. Every
 * change bumps the account's `states_version`, and every path that maps a state has just read the
 * account, so an instance never maps with a table another instance changed.
 */
@Injectable()
export class StateTables {
  private readonly logger = new Logger(StateTables.name);
  private readonly cache = new Map<string, { version: number; table: Promise<StateTable> }>();

  constructor(
    private readonly em: EntityManager,
    private readonly repository: AccountStatesRepository,
    private readonly carriers: Carriers,
  ) {}

  /** The table tracking and the webhooks map an account's states with. */
  tableOf(account: AccountRef): Promise<StateTable> {
    const cached = this.cache.get(account.id);
    if (cached && cached.version === account.statesVersion) return cached.table;
    const table = this.repository.rowsOf(account.id).then((rows) => new StateTable(account.api, rows));
    table.catch(() => this.cache.delete(account.id));
    this.cache.set(account.id, { version: account.statesVersion, table });
    return table;
  }

  /**
   * Loads the account's table (in the caller's transaction): the carrier's workflows with the
   * product's defaults, or the defaults alone when the carrier has no workflows or cannot answer
   * (then `needsLoad` says to read it again later).
   */
  async load(em: EntityManager, account: AccountRef, credentials: CarrierCredentials): Promise<void> {
    const carrier = this.carriers.for(account);
    if (!carrier.states) {
      await this.repository.load(em, account.id, defaultStates(account.api), 'defaults');
      return;
    }
    try {
      const listed = await carrier.states(credentials);
      await this.repository.load(em, account.id, statesFromWorkflows(account.api, listed), 'carrier');
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      this.logger.warn(
        { accountId: account.id, reason: error.message },
        "Could not read the carrier's states: the product's defaults serve until the next try",
      );
      await this.repository.load(em, account.id, defaultStates(account.api), 'defaults');
    }
  }

  /** Never loaded (an account added before state tables), or the carrier's list still owed. */
  needsLoad(account: AccountRef, now = Date.now()): boolean {
    if (!account.statesLoadedAt) return true;
    return (
      account.statesSource === 'defaults' &&
      this.carriers.for(account).states !== undefined &&
      now - account.statesLoadedAt.getTime() > REFRESH_AFTER_MS
    );
  }

  /** Loads the table when `needsLoad`, in a transaction of its own; answers whether it did. */
  async loadIfNeeded(account: AccountRef, credentials: CarrierCredentials): Promise<boolean> {
    if (!this.needsLoad(account)) return false;
    await this.em.fork().transactional((em) => this.load(em, account, credentials));
    return true;
  }
}
