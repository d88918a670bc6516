import { recognizeCommune } from './recognize-commune';
import { WILAYAS } from './wilayas';

describe('recognizeCommune', () => {
  it.each<[number, string, string]>([
    [16, 'Bab Ezzouar', 'Bab Ezzouar'],
    [16, 'BAB EZZOUAR', 'Bab Ezzouar'],
    [16, 'bab-ezzouar', 'Bab Ezzouar'],
    [16, 'Babezzouar', 'Bab Ezzouar'],
    [16, 'bab zouar', 'Bab Ezzouar'],
    [16, 'Bordj el kiffan', 'Bordj El Kiffan'],
    [16, 'Bordj Kiffane', 'Bordj El Kiffan'],
    [16, 'Chéraga', 'Cheraga'],
    [16, 'Dely Brahim', 'Dely Ibrahim'],
    [16, 'hussein-dey', 'Hussein Dey'],
    [16, 'Aïn Bénian', 'Ain Benian'],
    [16, 'Bir Mourad Raïs', 'Bir Mourad Rais'],
    [16, 'El Harrach, cité 8 mai 1945', 'El Harrach'],
    [16, 'الحراش', 'El Harrach'],
    [16, 'Sidi M’hamed', "Sidi M'hamed"],
    [16, 'Kouba 16050', 'Kouba'],
    [31, 'Es-Senia', 'Es Senia'],
    [31, 'Essenia', 'Es Senia'],
    [31, 'Bir El Djir', 'Bir El Djir'],
    [31, 'bir eljir', 'Bir El Djir'],
    [31, 'ORAN', 'Oran'],
    [9, 'Boufarik centre', 'Boufarik'],
    [9, 'Bouinan', 'Bouinan'],
    [19, 'Sétif', 'Setif'],
    [19, 'El Eulma', 'El Eulma'],
    [19, 'العلمة', 'El Eulma'],
    [15, 'Draa Ben Khedda', 'Draa-Ben-Khedda'],
    [15, 'Tizi Ouzou', 'Tizi-Ouzou'],
    [15, 'ain el hammam', 'Ain-El-Hammam'],
    [6, 'Béjaïa', 'Bejaia'],
    [6, 'Sidi Aich', 'Sidi-Aich'],
  ])('finds in wilaya %i %j as %s', (wilaya, city, commune) => {
    expect(recognizeCommune(wilaya, city)?.name).toBe(commune);
  });

  it.each<[number | null, string]>([
    [16, ''],
    [16, '   '],
    [16, 'Oran'],
    [16, 'cité 1200 logements'],
    [31, 'Bab Ezzouar'],
    [null, 'Bab Ezzouar'],
    [16, 'Ba'],
  ])('finds nothing in wilaya %p for %j', (wilaya, city) => {
    expect(recognizeCommune(wilaya, city)).toBeUndefined();
  });

  it('finds every commune of the 58 wilayas by its own French and Arabic names', () => {
    const missed = WILAYAS.flatMap((wilaya) =>
      wilaya.communes.flatMap((commune) =>
        [commune.name, commune.nameAr]
          .filter((name) => recognizeCommune(wilaya.code, name) !== commune)
          .map((name) => `${wilaya.code} ${name} -> ${recognizeCommune(wilaya.code, name)?.name}`),
      ),
    );
    expect(missed).toEqual([]);
  });
});
