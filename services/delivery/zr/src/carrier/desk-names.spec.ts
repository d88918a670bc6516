import { deskPlace, findDesk } from './desk-names';

const DESKS = [
  { IDWilaya: 16, name: 'Centre de Baraki', commune: 'Baraki' },
  { IDWilaya: 16, name: 'Centre de Bab Ezzouar', commune: 'Bab Ezzouar' },
  { IDWilaya: 31, name: 'Hub Canastel 31', commune: 'Bir El Djir' },
  { IDWilaya: 31, name: 'Oran', commune: 'Oran' },
];

describe('a stop desk named by the form or a client, found among the account’s desks', () => {
  it('knows the place a desk is named after', () => {
    expect(deskPlace('Centre de Baraki')).toBe('Baraki');
    expect(deskPlace("Agence d'Hydra")).toBe('Hydra');
    expect(deskPlace('Hub Canastel 31')).toBe('Canastel 31');
    expect(deskPlace('Oran')).toBe('Oran');
  });

  it('finds it by the carrier’s name, the place it is named after, or its commune, in the wilaya only', () => {
    expect(findDesk(DESKS, 16, 'Centre de Baraki')?.name).toBe('Centre de Baraki');
    expect(findDesk(DESKS, 16, 'baraki')?.name).toBe('Centre de Baraki');
    expect(findDesk(DESKS, 16, 'Bab-Ezzouar')?.name).toBe('Centre de Bab Ezzouar');
    expect(findDesk(DESKS, 31, 'Canastel')?.name).toBe('Hub Canastel 31');
    expect(findDesk(DESKS, 31, 'Hub Canastel 31')?.name).toBe('Hub Canastel 31');
    expect(findDesk(DESKS, 31, 'Bir El Djir')?.name).toBe('Hub Canastel 31');
    expect(findDesk(DESKS, 31, 'Baraki')).toBeUndefined();
    expect(findDesk(DESKS, 16, 'Nowhere')).toBeUndefined();
    expect(findDesk(DESKS, 16, '  ')).toBeUndefined();
  });
});
