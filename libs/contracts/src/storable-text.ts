/**
 * What no text of the service may hold: a NUL (Postgres text cannot store it) or an unpaired UTF-16
 * surrogate (no UTF-8 encoding exists for it). In Unicode mode a surrogate matches only when
 * unpaired, since paired ones read as one code point.
 */
const UNSTORABLE = /\0|\p{Cs}/u;
const EVERY_UNSTORABLE = /\0|\p{Cs}/gu;

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  const found = UNSTORABLE.exec(text);
  if (!found) return undefined;
  return found[0] === '\0' ? 'holds a NUL character' : 'holds an unpaired UTF-16 surrogate';
}

/** The text with every NUL and unpaired surrogate replaced by U+FFFD, so that a text column holds it. */
export function storableText(text: string): string {
  return text.replace(EVERY_UNSTORABLE, '\uFFFD');
}
