import { orderStatusFor } from './carrier-states';

describe('ZR Express parcel states as order statuses', () => {
  it.each([
    ['En Préparation', null],
    ['En Traitement - Prêt à Expédie', null],
    ['Dispatcher', 'en cours de livraison'],
    ['EN  LIVRAISON', 'en cours de livraison'],
    ['Appel sans Réponse 2', 'en cours de livraison'],
    ['SD - En Attente du Client', 'en cours de livraison'],
    ['Livrée', 'livrée'],
    ['livree [ encaisser ]', 'livrée'],
    ['Retour Client', 'retour'],
    ['Retour Livreur', 'retour'],
    ['SD - Annuler 3x', 'retour'],
  ])('%s → %s', (state, status) => {
    expect(orderStatusFor(state)).toBe(status);
  });

  it('does not guess at a state it does not know', () => {
    expect(orderStatusFor('Perdu en mer')).toBeUndefined();
  });
});
