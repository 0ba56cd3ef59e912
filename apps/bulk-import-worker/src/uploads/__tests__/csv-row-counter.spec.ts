import { CsvRowCounter, textBeforeBadBytes } from '@bulk-import/uploads/csv-row-counter';

const rowAfter = (...texts: string[]) => {
  const rows = new CsvRowCounter();
  for (const text of texts) rows.feed(text);
  return rows.currentRow;
};

describe('CsvRowCounter', () => {
  it('counts rows ended by line breaks, CRLF too, the header being row 1', () => {
    expect(rowAfter('')).toBe(1);
    expect(rowAfter('a,b\n')).toBe(2);
    expect(rowAfter('a,b\r\n1,2\r\n3,')).toBe(3);
  });

  it('does not end a row at a line break inside quotes, escaped quotes included', () => {
    expect(rowAfter('a,b\n"one\ntwo",x\n')).toBe(3);
    expect(rowAfter('a\n"say ""hi""\nthere"\n')).toBe(3);
  });

  it('skips empty lines as the parser does, and a byte-order mark', () => {
    expect(rowAfter('\uFEFFa,b\n\n\r\n1,2\n')).toBe(3);
  });

  it('counts across chunks, a quoted field split between them', () => {
    expect(rowAfter('a,b\n"x\n', 'y",1\n2,', '3\n')).toBe(4);
  });
});

describe('textBeforeBadBytes', () => {
  it('keeps the text before the first byte that is not UTF-8', () => {
    expect(
      textBeforeBadBytes(Buffer.concat([Buffer.from('1,2\n3,'), Buffer.from([0xff]), Buffer.from('4\n')])),
    ).toBe('1,2\n3,');
  });

  it('skips the tail of a character the previous chunk began', () => {
    const euro = Buffer.from('€');
    expect(
      textBeforeBadBytes(Buffer.concat([euro.subarray(1), Buffer.from('ok\n'), Buffer.from([0xc3, 0x28])])),
    ).toBe('ok\n');
  });
});
