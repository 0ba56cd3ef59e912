import { e2eStack } from '@payments/testing';

describe('bulk customer import', () => {
  const stack = e2eStack();

  it('exports the queue on /metrics', async () => {
    const metrics = await (await fetch(`${stack.appUrls['bulk-import-worker']}/metrics`)).text();
    for (const state of ['waiting', 'active', 'completed', 'failed']) {
      expect(metrics).toMatch(new RegExp(`bulk_import_queue_jobs\\{state="${state}"`));
    }
  });
});
