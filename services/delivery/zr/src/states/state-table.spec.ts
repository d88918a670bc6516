import { OrderStatus } from '@tawsil/contracts/orders';
import {
  defaultStates,
  statesFromWorkflows,
  stateKey,
  toTableStatus,
  toTrackedStatus,
} from './state-defaults';
import { StateTable } from './state-table';

describe("The product's default state tables", () => {
  it('keep the code tables: 30 Yalidine statuses, 22 ZR slugs, the procolis texts', () => {
    expect(defaultStates('yalidine')).toHaveLength(30);
    expect(defaultStates('zr-current')).toHaveLength(22);
    expect(defaultStates('procolis').find((row) => row.state === 'Livrée [ Recouvert ]')).toEqual({
      state: 'Livrée [ Recouvert ]',
      label: 'Livrée [ Recouvert ]',
      status: 'livrée',
    });
    expect(defaultStates('zr-current').find((row) => row.state === 'en_retour')).toEqual({
      state: 'en_retour',
      label: 'En retour',
      status: 'retour',
    });
  });

  it('speak the order statuses: stays saisie, the three moves, or ignored', () => {
    expect(toTableStatus(null)).toBe('saisie');
    expect(toTableStatus(undefined)).toBe('ignored');
    expect(toTableStatus(OrderStatus.Delivered)).toBe('livrée');
    expect(toTrackedStatus('saisie')).toBeNull();
    expect(toTrackedStatus('ignored')).toBeUndefined();
    expect(toTrackedStatus('retour')).toBe(OrderStatus.Returned);
  });

  it("take the workflows' states and labels, leave a slug the defaults do not know unmapped, keep the rest", () => {
    const rows = statesFromWorkflows('zr-current', [
      { state: 'livre', label: 'Livré' },
      { state: 'perdu', label: 'Perdu' },
      { state: 'livre', label: 'Livré again' },
      { state: '', label: 'Nothing' },
    ]);
    expect(rows.slice(0, 2)).toEqual([
      { state: 'livre', label: 'Livré', status: 'livrée' },
      { state: 'perdu', label: 'Perdu', status: 'ignored' },
    ]);
    expect(rows).toHaveLength(2 + 21);
    expect(rows.find((row) => row.state === 'dispatch')?.status).toBe('en cours de livraison');
  });

  it('look states up forgiving case, accents and spacing', () => {
    expect(stateKey('  Retourné au  Vendeur ')).toBe('retourne au vendeur');
  });
});

describe("An account's state table", () => {
  const table = new StateTable('zr-current', [
    { stateKey: 'perdu', status: 'retour', changed: true },
    { stateKey: 'livre', status: 'ignored', changed: true },
    { stateKey: 'nouveau', status: 'ignored', changed: false },
  ]);

  it("maps with the owner's rows first", () => {
    expect(table.map('PERDU')).toEqual({ status: OrderStatus.Returned, known: true });
    expect(table.map('livre')).toEqual({ status: undefined, known: true });
  });

  it("falls back on the product's defaults for a state it does not hold", () => {
    expect(table.map('en_livraison')).toEqual({ status: OrderStatus.OutForDelivery, known: true });
    expect(table.map('commande_recue')).toEqual({ status: null, known: true });
  });

  it('counts as unknown a state nobody mapped', () => {
    expect(table.map('nouveau')).toEqual({ status: undefined, known: false });
    expect(table.map('teleporte')).toEqual({ status: undefined, known: false });
  });
});
