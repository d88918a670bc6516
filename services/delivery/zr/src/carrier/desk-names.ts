import type { StopDeskEntry } from '@tawsil/contracts/delivery-zr';
import { placeKey } from '@tawsil/geo-dz';

/** "Hub Canastel 31", "Centre de Baraki", "Agence d'Hydra" → the place it is named after. */
export const deskPlace = (name: string) =>
  name.replace(/^\s*(hub|centre|center|agence|bureau|stop ?desk)\s+(de\s+|d['’]\s*|du\s+)?/i, '');

/**
 * The desk of the wilaya that `given` names: by the carrier's own name, the place it is named after
 * ("Baraki" for "Centre de Baraki"; digits are not heard), or its commune. Undefined when none.
 */
export function findDesk(desks: StopDeskEntry[], wilaya: number, given: string): StopDeskEntry | undefined {
  const ofWilaya = desks.filter((desk) => desk.IDWilaya === wilaya);
  const wanted = placeKey(given);
  if (!wanted) return undefined;
  return (
    ofWilaya.find((desk) => placeKey(desk.name) === wanted) ??
    ofWilaya.find((desk) => placeKey(deskPlace(desk.name)) === wanted) ??
    ofWilaya.find((desk) => placeKey(deskPlace(given)) === placeKey(deskPlace(desk.name))) ??
    ofWilaya.find((desk) => !!desk.commune && placeKey(desk.commune) === wanted)
  );
}
