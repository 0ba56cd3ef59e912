import { isISO31661Alpha2 } from 'class-validator';

export interface Country {
  code: string;
  name: string;
}

/** Every ISO 3166-1 alpha-2 country with its English name, ordered by name, for the page's pickers. */
export const COUNTRIES: readonly Country[] = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  return letters
    .flatMap((first) => letters.map((second) => first + second))
    .filter((code) => isISO31661Alpha2(code))
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
})();
