import { storableText, unstorableText } from '../storable-text';

describe('storable text', () => {
  it('keeps text Postgres can store, emoji (a surrogate pair) included', () => {
    expect(unstorableText('Zoë 😀')).toBeUndefined();
    expect(storableText('Zoë 😀')).toBe('Zoë 😀');
  });

  it('names a NUL and an unpaired surrogate, and replaces each with U+FFFD', () => {
    expect(unstorableText('a\u0000b')).toBe('holds a NUL character');
    expect(unstorableText('x\ud800')).toBe('holds an unpaired UTF-16 surrogate');
    expect(unstorableText('\udc00x')).toBe('holds an unpaired UTF-16 surrogate');
    expect(storableText('a\u0000b\ud800c\udfff😀')).toBe('a\uFFFDb\uFFFDc\uFFFD😀');
  });
});
