import type { CarrierApi, StateTableStatus } from '@tawsil/contracts/delivery-zr';
import type { TrackedStatus } from '../carrier/carrier-states';
import { defaultStatusOf, stateKey, toTrackedStatus } from './state-defaults';

/** What an account's table says of a state read or pushed. */
export interface StateMapping {
  /** `null`: the order stays saisie; `undefined`: not followed, nothing moves. */
  status: TrackedStatus | null | undefined;
  /** False for a state neither the table nor the defaults map, worth a warning in the logs. */
  known: boolean;
}

/** A row of the table as it is looked up. */
export interface TableRow {
  stateKey: string;
  status: StateTableStatus;
  changed: boolean;
}

/**
 * An account's state table in memory: its rows first, the product's defaults for a state it does
 * not hold yet (an account whose table is not loaded, a state the carrier added since).
 */
export class StateTable {
  private readonly rows: Map<string, TableRow>;

  constructor(
    private readonly api: CarrierApi,
    rows: TableRow[],
  ) {
    this.rows = new Map(rows.map((row) => [row.stateKey, row]));
  }

  map(state: string): StateMapping {
    const row = this.rows.get(stateKey(state));
    if (row) return { status: toTrackedStatus(row.status), known: row.status !== 'ignored' || row.changed };
    const status = defaultStatusOf(this.api, state);
    return { status, known: status !== undefined };
  }
}
