import { OrderStatus } from '@tawsil/contracts/orders';
import { orderStatusForYalidine, YALIDINE_STATUSES } from './yalidine-statuses';

describe('Yalidine statuses', () => {
  it('knows all 30 of them', () => {
    expect(Object.keys(YALIDINE_STATUSES)).toHaveLength(30);
  });

  it('keeps a parcel not yet picked up in saisie', () => {
    for (const status of ['Pas encore expédié', 'En préparation', 'Prêt à expédier', 'Pas encore ramassé'])
      expect(orderStatusForYalidine(status)).toBeNull();
  });

  it('follows a parcel from pickup to delivery', () => {
    for (const status of ['Ramassé', 'Vers Wilaya', 'En attente du client', 'Sorti en livraison'])
      expect(orderStatusForYalidine(status)).toBe(OrderStatus.OutForDelivery);
    expect(orderStatusForYalidine('Tentative échouée')).toBe(OrderStatus.OutForDelivery);
    expect(orderStatusForYalidine('Livré')).toBe(OrderStatus.Delivered);
  });

  it('turns every way back to the seller into a return', () => {
    for (const status of ['Echèc livraison', 'Retour vers vendeur', 'Retourné au vendeur', 'Echange échoué'])
      expect(orderStatusForYalidine(status)).toBe(OrderStatus.Returned);
  });

  it('reads a status whatever its case, accents and spacing', () => {
    expect(orderStatusForYalidine('  LIVRE ')).toBe(OrderStatus.Delivered);
    expect(orderStatusForYalidine('retourne au  vendeur')).toBe(OrderStatus.Returned);
  });

  it('leaves an unknown status undefined, for the caller to report', () => {
    expect(orderStatusForYalidine('Perdu')).toBeUndefined();
  });
});
