import { withStorableEscapes } from '@customers/migrations/1764400000000-unstorable-text-repair';

describe('withStorableEscapes', () => {
  it('replaces lone surrogate and NUL escapes, and keeps pairs, other escapes and escaped backslashes', () => {
    expect(withStorableEscapes('{"a": "\\ud800x", "b": "\\uDC00", "c": "\\u0000"}')).toBe(
      '{"a": "\\ufffdx", "b": "\\ufffd", "c": "\\ufffd"}',
    );
    const kept = '{"pair": "\\ud83d\\ude00", "quote": "\\"", "backslash": "\\\\ud800", "e": "\\u00e9"}';
    expect(withStorableEscapes(kept)).toBe(kept);
  });
});
