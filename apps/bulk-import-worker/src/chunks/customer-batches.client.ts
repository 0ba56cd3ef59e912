import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, CallerAssertions, InternalClient } from '@payments/http';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { BatchEntry } from '@bulk-import/csv/csv-row';

export interface BatchEntryError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The customers app's answer for one entry, in the order sent; missingFields names what the
 * platform's currencies require that the created customer lacks.
 */
export type BatchEntryResult = { customerId: string; missingFields?: string[] } | { error: BatchEntryError };

/** Creates customers through the customers app, which owns them, in batches (POST /internal/customer-batches). */
@Injectable()
export class CustomerBatchesClient implements OnApplicationShutdown {
  private readonly client: InternalClient;

  constructor(config: ConfigService<BulkImportEnvironment, true>, assertions: CallerAssertions) {
    this.client = new InternalClient('customers', config.get('CUSTOMERS_URL', { infer: true }), assertions);
  }

  /** `batchKey` makes a retried batch answer as the first one did, creating nothing twice. */
  async create(caller: Caller, batchKey: string, entries: BatchEntry[]): Promise<BatchEntryResult[]> {
    const { results } = await this.client.post<{ results: BatchEntryResult[] }>(
      caller,
      '/internal/customer-batches',
      {
        batchKey,
        entries,
      },
    );
    return results;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
