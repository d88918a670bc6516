import { registerDecorator, type ValidationOptions } from 'class-validator';

/** Names the order history shows for the system's own actors (and close variants). */
const RESERVED_NAMES = new Set([
  'zrexpress',
  'zr',
  'youcan',
  'tawsil',
  'system',
  'systeme',
  'admin',
  'administrator',
  'administrateur',
  'support',
]);

/** Digits, signs and Cyrillic letters that read as Latin letters. */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '|': 'l',
  '!': 'i',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ѕ: 's',
  т: 't',
  м: 'm',
  н: 'h',
};

/** The name's words without accents, case or look-alikes; "1" read both as "i" and as "l". */
function readings(name: string): string[][] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/./gu, (char) => LOOK_ALIKES[char] ?? char);
  return ['i', 'l'].map((one) =>
    plain
      .replaceAll('1', one)
      .split(/[^\p{L}]+/u)
      .filter(Boolean),
  );
}

/** True when some run of the name's words, put together, spells a reserved name ("Z R Express", "Tawsil Support"). */
export function imitatesActor(name: string): boolean {
  return readings(name).some((words) =>
    words.some((_, start) =>
      words
        .slice(start)
        .some((__, length) => RESERVED_NAMES.has(words.slice(start, start + length + 1).join(''))),
    ),
  );
}

export const ACTOR_NAME_MESSAGE =
  'name must be your own: it cannot imitate Tawsil, YouCan, ZR Express, the system, an admin or support';

/** A display name that the order history cannot mistake for one of the system's own actors. */
export function IsNotActorName(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isNotActorName',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: ACTOR_NAME_MESSAGE, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !imitatesActor(value) },
    });
}
