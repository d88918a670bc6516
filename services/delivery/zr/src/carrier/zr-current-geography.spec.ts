import { ZrPlaces, type ZrHub, type ZrTerritory } from './zr-current-geography';

const wilaya = (id: string, code: number, name: string, nameArabic = ''): ZrTerritory => ({
  id,
  code,
  name,
  nameArabic,
  level: 'city',
  parentId: null,
  delivery: { hasHomeDelivery: true, hasPickupPoint: true, canSend: true },
});
const commune = (id: string, parentId: string, name: string, nameArabic = ''): ZrTerritory => ({
  id,
  name,
  nameArabic,
  level: 'district',
  parentId,
});
const hub = (id: string, name: string, city: string, district: string, districtName: string): ZrHub => ({
  id,
  name,
  isPickupPoint: true,
  address: { cityTerritoryId: city, districtTerritoryId: district, district: districtName },
});

describe("ZR Express's territories and hubs matched to the product's wilayas and communes", () => {
  const places = new ZrPlaces(
    [
      wilaya('w6', 6, 'Bejaia'),
      commune('c6a', 'w6', 'Bejaia'),
      commune('c6b', 'w6', 'Akbou'),
      wilaya('w28', 28, 'MSila'),
      commune('c28', 'w28', 'Bou Saada'),
      wilaya('w16', 16, 'ALGER'),
      commune('c16a', 'w16', 'Bab Ezzouar'),
      commune('c16b', 'w16', 'Bordj Kiffan'),
      commune('c16c', 'w16', 'x', 'القبة'),
      wilaya('w11', 11, 'Tamanrasset'),
    ],
    [
      hub('h16', 'Hub Bab Ezzouar 16', 'w16', 'c16a', 'Bab Ezzouar'),
      hub('h6', 'Hub Bejaia 6', 'w6', 'c6a', 'Bejaia'),
    ],
  );

  it('finds wilayas whose accents and apostrophes ZR dropped, or written in capitals', () => {
    expect(places.wilaya(6)?.id).toBe('w6'); // Béjaïa
    expect(places.wilaya(28)?.id).toBe('w28'); // M'Sila
    expect(places.wilaya(16)?.id).toBe('w16');
  });

  it('falls back on the code for a wilaya ZR spells differently, and has none where ZR has none', () => {
    expect(places.wilaya(11)?.id).toBe('w11');
    expect(places.wilaya(33)).toBeUndefined(); // Illizi
  });

  it('finds communes across spellings, articles and in Arabic, only within their wilaya', () => {
    expect(places.commune(6, 'Béjaïa')?.id).toBe('c6a');
    expect(places.commune(16, 'Bab-Ezzouar')?.id).toBe('c16a');
    expect(places.commune(16, 'Bordj El Kiffan')?.id).toBe('c16b');
    expect(places.commune(16, 'القبة')?.id).toBe('c16c');
    expect(places.commune(6, 'Bab Ezzouar')).toBeUndefined();
  });

  it('finds the hub of a stop desk by its place, or the only hub of the wilaya', () => {
    expect(places.hub(16, 'Bab Ezzouar')?.id).toBe('h16');
    // The form offers the hubs themselves: the name ZR gives is found as it is.
    expect(places.hub(16, 'Hub Bab Ezzouar 16')?.id).toBe('h16');
    expect(places.hub(6, 'Béjaïa centre')?.id).toBe('h6');
    expect(places.hub(28, "M'Sila")).toBeUndefined();
    expect(places.hubsOf(28)).toEqual([]);
  });
});
