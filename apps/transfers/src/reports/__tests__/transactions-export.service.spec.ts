import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { ExportedTransactionRow } from '@transfers/reports/export-row';
import { LedgerPostingsClient } from '@transfers/reports/ledger-postings.client';
import {
  MAX_CONCURRENT_EXPORTS,
  TransactionsExportService,
} from '@transfers/reports/transactions-export.service';
import { ExportWindow, TransactionsExportStore } from '@transfers/reports/transactions-export.store';

const CALLER = {
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000001',
  environment: Environment.Sandbox,
};

const row = (n: number): ExportedTransactionRow => ({
  id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
  type: 'INCOMING',
  status: 'COMPLETED',
  created_at: new Date('2025-10-13T00:00:00Z'),
  settled_at: null,
  customer_id: null,
  platform_customer_id: null,
  sent_amount: '100',
  source_currency: 'USD',
  received_amount: '100',
  destination_currency: 'USD',
  platform_fee: '0',
  service_fee: '0',
  exchange_rate: null,
  quote_id: null,
  reference: `TR-${n}`,
});

/** A store of fixed batches that records how far it was read. */
class FakeStore {
  batchesRead = 0;
  windows: ExportWindow[] = [];
  constructor(private readonly batchList: ExportedTransactionRow[][]) {}
  async *batches(_caller: unknown, window: ExportWindow): AsyncGenerator<ExportedTransactionRow[]> {
    this.windows.push(window);
    for (const batch of this.batchList) {
      this.batchesRead++;
      yield batch;
    }
  }
}

class FakeLedger {
  calls: string[][] = [];
  async postingIdsOf(_caller: unknown, ids: string[]): Promise<Map<string, string[]>> {
    this.calls.push(ids);
    return new Map(ids.map((id) => [id, [`posting-of-${id}`]]));
  }
}

function serviceOf(batches: ExportedTransactionRow[][]) {
  const store = new FakeStore(batches);
  const ledger = new FakeLedger();
  const service = new TransactionsExportService(
    store as unknown as TransactionsExportStore,
    ledger as unknown as LedgerPostingsClient,
  );
  return { service, store, ledger };
}

const WINDOW = { startDate: '2025-10-01T00:00:00Z', endDate: '2025-11-01T00:00:00Z' };

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

describe('TransactionsExportService', () => {
  it('asks the ledger once per batch and writes a line per row', async () => {
    const { service, ledger } = serviceOf([[row(1), row(2)], [row(3)]]);
    const text = await readAll(service.open(CALLER, { ...WINDOW, format: 'jsonl' }));
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.reference)).toEqual(['TR-1', 'TR-2', 'TR-3']);
    expect(lines[0].ledgerPostingIds).toEqual([`posting-of-${lines[0].id}`]);
    expect(ledger.calls.map((ids) => ids.length)).toEqual([2, 1]);
  });

  it('writes CSV by default, header first', async () => {
    const { service } = serviceOf([[row(1)]]);
    const text = await readAll(service.open(CALLER, WINDOW));
    expect(text.split('\r\n')[0]).toMatch(/^id,type,status,/);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('reads no further than the client has taken (backpressure)', async () => {
    const { service, store } = serviceOf([[row(1)], [row(2)], [row(3)], [row(4)]]);
    const stream = service.open(CALLER, { ...WINDOW, format: 'jsonl' });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    expect(store.batchesRead).toBeLessThan(4);
    stream.destroy();
  });

  it.each([
    ['an end before the start', { startDate: '2025-10-02T00:00:00Z', endDate: '2025-10-01T00:00:00Z' }],
    ['an empty window', { startDate: '2025-10-01T00:00:00Z', endDate: '2025-10-01T00:00:00Z' }],
    ['a window over 31 days', { startDate: '2025-10-01T00:00:00Z', endDate: '2025-11-01T00:00:01Z' }],
  ])('refuses %s before reading anything', (_case, window) => {
    const { service, store } = serviceOf([[row(1)]]);
    expect(() => service.open(CALLER, window)).toThrow(ApiException);
    expect(store.windows).toHaveLength(0);
  });

  it('accepts exactly 31 days, the end exclusive', async () => {
    const { service, store } = serviceOf([]);
    await readAll(service.open(CALLER, WINDOW));
    expect(store.windows).toEqual([{ start: new Date(WINDOW.startDate), end: new Date(WINDOW.endDate) }]);
  });

  it('refuses more exports at once than it allows, and takes one again when one ends', async () => {
    const { service } = serviceOf([[row(1)]]);
    const running = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () => service.open(CALLER, WINDOW));
    expect(() => service.open(CALLER, WINDOW)).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    await readAll(running[0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(service.open(CALLER, WINDOW)).toBeDefined();
  });
});
