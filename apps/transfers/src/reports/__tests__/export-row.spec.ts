import {
  CSV_HEADER,
  csvField,
  csvLine,
  defused,
  ExportedTransactionRow,
  exportLineOf,
  jsonLine,
} from '@transfers/reports/export-row';
import { parseCsv } from '@transfers/reports/__tests__/reconciliation-fixtures';

const ROW: ExportedTransactionRow = {
  id: '019542f5-b3e7-1d02-0000-000000000004',
  type: 'OUTGOING',
  status: 'COMPLETED',
  created_at: new Date('2025-10-13T09:30:00.123Z'),
  settled_at: new Date('2025-10-13T09:30:05Z'),
  customer_id: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  platform_customer_id: 'cust-1',
  sent_amount: '9007199254740991',
  source_currency: 'USD',
  received_amount: '17250',
  destination_currency: 'MXN',
  platform_fee: '25',
  service_fee: '0',
  exchange_rate: '17.25',
  quote_id: '019542f5-b3e7-1d02-0000-000000000009',
  reference: 'TR-4F1A9C0D2B7E6A13',
};

describe('export lines', () => {
  it('carries amounts exactly, ids in their API form and the ledger postings', () => {
    const line = exportLineOf(ROW, ['p1', 'p2']);
    expect(line).toMatchObject({
      id: 'Transaction:019542f5-b3e7-1d02-0000-000000000004',
      sentAmount: 9007199254740991,
      receivedAmount: 17250,
      platformFee: 25,
      exchangeRate: 17.25,
      quoteId: 'Quote:019542f5-b3e7-1d02-0000-000000000009',
      createdAt: '2025-10-13T09:30:00.123Z',
      ledgerPostingIds: ['p1', 'p2'],
    });
    expect(JSON.parse(jsonLine(line))).toEqual(line);
    expect(jsonLine(line).endsWith('}\n')).toBe(true);
  });

  it('leaves absent values empty in CSV and null in JSON lines', () => {
    const line = exportLineOf(
      { ...ROW, settled_at: null, quote_id: null, exchange_rate: null, customer_id: null },
      [],
    );
    expect(line).toMatchObject({ settledAt: null, quoteId: null, exchangeRate: 1, customerId: null });
    const [header, fields] = parseCsv(CSV_HEADER + csvLine(line));
    expect(fields[header.indexOf('settledAt')]).toBe('');
    expect(fields[header.indexOf('ledgerPostingIds')]).toBe('');
  });

  it.each([
    ['a comma', 'a,b', '"a,b"'],
    ['quotes', 'say "hi"', '"say ""hi"""'],
    ['a line break', 'one\ntwo', '"one\ntwo"'],
    ['a carriage return', 'one\rtwo', '"one\rtwo"'],
    ['plain text', 'TR-1', 'TR-1'],
  ])('quotes a field with %s', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd'])('defuses %p as text', (value) => {
    expect(defused(value)).toBe(`'${value}`);
  });

  it('leaves other text as it is', () => {
    expect(defused('TR-=1')).toBe('TR-=1');
  });

  it('round-trips hostile free text through a CSV reader, defused', () => {
    const reference = '=HYPERLINK("http://x","y"),\r\nnext';
    const [header, fields] = parseCsv(
      CSV_HEADER + csvLine(exportLineOf({ ...ROW, reference }, ['p1', 'p2'])),
    );
    expect(fields).toHaveLength(header.length);
    expect(fields[header.indexOf('reference')]).toBe(`'${reference}`);
    expect(fields[header.indexOf('ledgerPostingIds')]).toBe('p1 p2');
    // Amounts are not free text: a number stays a number.
    expect(fields[header.indexOf('sentAmount')]).toBe('9007199254740991');
  });
});
