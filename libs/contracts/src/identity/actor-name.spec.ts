import { imitatesActor } from './actor-name';

describe('imitatesActor', () => {
  it.each([
    'ZR Express',
    'zr-express',
    'Z R  Express',
    'ZR 3xpress',
    'YouCan',
    'You Can',
    'Y0uCan',
    'Tawsil',
    'TAWSIL Support',
    'Taws1l',
    'System',
    'Système',
    'SYSTEME',
    'Admin',
    'Adm1n',
    '@dmin',
    'Amina (admin)',
    'Support',
    'Ѕupport',
  ])('refuses %j', (name) => {
    expect(imitatesActor(name)).toBe(true);
  });

  it.each([
    'Amina Benali',
    'Yacine Haddad',
    'Badminton Club',
    'Zoubir Express',
    'Supporter Mouloudia',
    'Lydia',
  ])('accepts %j', (name) => {
    expect(imitatesActor(name)).toBe(false);
  });
});
