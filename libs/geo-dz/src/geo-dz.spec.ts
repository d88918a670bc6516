import { communesOf, normalizePlaceName, recognizeWilaya, stopDesksOf, WILAYAS, wilayaByCode } from './index';

describe('the 58 wilayas', () => {
  it('are numbered 1 to 58, each with communes', () => {
    expect(WILAYAS.map((wilaya) => wilaya.code)).toEqual(Array.from({ length: 58 }, (_, i) => i + 1));
    expect(WILAYAS.every((wilaya) => wilaya.communes.length > 0)).toBe(true);
    expect(WILAYAS.reduce((total, wilaya) => total + wilaya.communes.length, 0)).toBe(1541);
  });

  it('give Arabic names without stray spaces, Chlef and Béjaïa included', () => {
    expect(wilayaByCode(2)?.nameAr).toBe('الشلف');
    expect(wilayaByCode(6)?.nameAr).toBe('بجاية');
    const names = WILAYAS.flatMap((wilaya) => [wilaya.nameAr, ...wilaya.communes.map((c) => c.nameAr)]);
    expect(names.filter((name) => name !== name.trim())).toEqual([]);
  });

  it('give Alger its communes and ZR stop desks', () => {
    expect(wilayaByCode(16)?.name).toBe('Alger');
    expect(communesOf(16).map((commune) => commune.name)).toContain('Bab Ezzouar');
    expect(stopDesksOf(16).length).toBeGreaterThan(0);
  });

  it('leave a wilaya without a stop desk with an empty list', () => {
    const withoutDesk = WILAYAS.filter((wilaya) => stopDesksOf(wilaya.code).length === 0);
    expect(withoutDesk.length).toBe(8);
  });
});

describe('recognizeWilaya', () => {
  it.each([
    ['Alger', 16],
    ['alger', 16],
    ['ALGER ', 16],
    ['Algiers', 16],
    ['الجزائر', 16],
    ['16', 16],
    ['16 - Alger', 16],
    ["Wilaya d'Alger", 16],
    ['Béjaïa', 6],
    ['bejaia', 6],
    ['Tizi-Ouzou', 15],
    ['tizi ouzou', 15],
    ['Sidi Bel Abbes', 22],
    ["M'Sila", 28],
    ['msila', 28],
    ['Oran', 31],
    ['وهران', 31],
    ['05', 5],
    ['Constantine', 25],
  ])('reads %j as wilaya %i', (text, code) => {
    expect(recognizeWilaya(text)?.code).toBe(code);
  });

  it.each(['', 'Paris', '99', '0', 'Alg'])('does not guess for %j', (text) => {
    expect(recognizeWilaya(text)).toBeUndefined();
  });
});

describe('normalizePlaceName', () => {
  it('compares names whatever their case, accents and dashes', () => {
    expect(normalizePlaceName('BAB-EZZOUAR')).toBe(normalizePlaceName('Bab Ezzouar'));
    expect(normalizePlaceName('Aïn Témouchent')).toBe('ain temouchent');
  });
});
