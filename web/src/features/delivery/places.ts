import { useEffect, useState } from 'react';
import { currentLanguage } from '../../i18n/i18n';

/** Communes of a wilaya, by name, as the server checks them (stop desks come from each account's carrier). */
export interface Places {
  communes(wilaya: number): string[];
  /** A commune's name in the script of the app's language (Arabic for Arabic). */
  communeLabel(wilaya: number, commune: string): string;
}

let loading: Promise<Places> | undefined;

/**
 * The 58 wilayas' communes, loaded the first time a delivery form opens, in a chunk of their own.
 * Source: libs/geo-dz/data/algeria-58.json.
 */
export function loadPlaces(): Promise<Places> {
  loading ??= import('../../../../libs/geo-dz/data/algeria-58.json').then(({ default: geography }) => {
    const communes = new Map(
      geography.wilayas.map((wilaya) => [wilaya.code, wilaya.communes.map((c) => c.name)]),
    );
    const arabic = new Map(
      geography.wilayas.flatMap((wilaya) =>
        wilaya.communes.map((c) => [`${wilaya.code} ${c.name}`, c.name_ar.trim()] as const),
      ),
    );
    return {
      communes: (wilaya) => communes.get(wilaya) ?? [],
      communeLabel: (wilaya, commune) =>
        (currentLanguage() === 'ar' && arabic.get(`${wilaya} ${commune}`)) || commune,
    };
  });
  return loading;
}

export function usePlaces(): Places | undefined {
  const [places, setPlaces] = useState<Places>();
  useEffect(() => {
    let live = true;
    void loadPlaces().then((loaded) => live && setPlaces(loaded));
    return () => {
      live = false;
    };
  }, []);
  return places;
}
