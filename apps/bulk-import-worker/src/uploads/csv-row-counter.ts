/**
 * Counts the CSV rows a text has ended, as the parser counts records: a line break inside quotes
 * does not end a row, and an empty line is no row. It names the row where the bytes stop being
 * UTF-8, which the parser cannot: it holds back the rows it has not yet handed on.
 */
export class CsvRowCounter {
  private rowsEnded = 0;
  private quoted = false;
  private rowHasText = false;

  /** The row the next character belongs to, the header being row 1. */
  get currentRow(): number {
    return this.rowsEnded + 1;
  }

  feed(text: string): void {
    for (const character of text) {
      if (character === '"') this.quoted = !this.quoted;
      if (character === '\n' && !this.quoted) {
        if (this.rowHasText) this.rowsEnded += 1;
        this.rowHasText = false;
      } else if (character !== '\r' && character !== '\uFEFF') {
        this.rowHasText = true;
      }
    }
  }
}

/**
 * The text of a chunk's bytes up to the first that is not UTF-8, for a chunk a fatal decoder refused.
 * Leading continuation bytes finish a character the previous chunk began, so they are skipped.
 */
export function textBeforeBadBytes(chunk: Buffer): string {
  let start = 0;
  while (start < Math.min(3, chunk.length) && (chunk[start] & 0xc0) === 0x80) start += 1;
  const text = new TextDecoder('utf-8').decode(chunk.subarray(start));
  const bad = text.indexOf('\uFFFD');
  return bad === -1 ? text : text.slice(0, bad);
}
