import type { CarrierApi, StateTableStatus } from '@tawsil/contracts/delivery-zr';
import { OrderStatus } from '@tawsil/contracts/orders';
import type { CarrierStateInfo } from '../carrier/carrier';
import { normalizeState, PROCOLIS_STATES, type TrackedStatus } from '../carrier/carrier-states';
import { YALIDINE_STATUSES } from '../carrier/yalidine/yalidine-statuses';
import { ZR_CURRENT_STATES } from '../carrier/zr-current-states';

/** One state of a carrier as its table keeps it: as the carrier spells it, its label, its status. */
export interface StateRow {
  state: string;
  label: string;
  status: StateTableStatus;
}

/** The lookup key of a state: ZR's slugs and procolis' and Yalidine's texts alike, case and accents forgiven. */
export const stateKey = normalizeState;

/** The code tables say `null` for "stays saisie" and have no entry for a state they do not know. */
export function toTableStatus(status: TrackedStatus | null | undefined): StateTableStatus {
  if (status === undefined) return 'ignored';
  return status ?? OrderStatus.Saisie;
}

/** Back to what tracking applies: `null` leaves the order saisie, `undefined` is a state not followed. */
export function toTrackedStatus(status: StateTableStatus): TrackedStatus | null | undefined {
  if (status === 'ignored') return undefined;
  if (status === OrderStatus.Saisie) return null;
  return status as TrackedStatus;
}

const CODE_TABLES: Record<CarrierApi, Record<string, TrackedStatus | null>> = {
  procolis: PROCOLIS_STATES,
  'zr-current': ZR_CURRENT_STATES,
  yalidine: YALIDINE_STATUSES,
};

const BY_KEY = Object.fromEntries(
  Object.entries(CODE_TABLES).map(([api, table]) => [
    api,
    new Map(Object.entries(table).map(([state, status]) => [stateKey(state), status])),
  ]),
) as Record<CarrierApi, Map<string, TrackedStatus | null>>;

/** The product's default for a state; `undefined` when the code tables do not know it. */
export function defaultStatusOf(api: CarrierApi, state: string): TrackedStatus | null | undefined {
  return BY_KEY[api].get(stateKey(state));
}

/** `en_retour` → "En retour": a ZR slug's label while ZR cannot be asked for its own. */
const labelOfSlug = (slug: string) => {
  const words = slug.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The table of an API from the product's own lists (procolis and Yalidine have no workflow endpoint). */
export function defaultStates(api: CarrierApi): StateRow[] {
  return Object.entries(CODE_TABLES[api]).map(([state, status]) => ({
    state,
    label: api === 'zr-current' ? labelOfSlug(state) : state,
    status: toTableStatus(status),
  }));
}

/**
 * The table of the states a carrier's workflows list, each with the product's default; a state the
 * defaults do not know stays unmapped (`ignored`). Known states the workflows leave out are kept,
 * after them, so a parcel in one still maps.
 */
export function statesFromWorkflows(api: CarrierApi, listed: CarrierStateInfo[]): StateRow[] {
  const seen = new Set<string>();
  const rows: StateRow[] = [];
  for (const { state, label } of listed) {
    const key = stateKey(state);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    rows.push({ state, label: label || state, status: toTableStatus(defaultStatusOf(api, state)) });
  }
  return [...rows, ...defaultStates(api).filter((row) => !seen.has(stateKey(row.state)))];
}
