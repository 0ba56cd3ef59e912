import { CUSTOMER_EVENTS, CustomerEvent } from '@payments/contracts';
import { ApiResponse, e2ePlatform, KafkaTestConsumer } from '@payments/testing';
import { randomUUID } from 'node:crypto';

/** A platformCustomerId no other test uses. */
export function uniqueId(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

export function idsOf(response: ApiResponse): string[] {
  return response.body.data.map((customer: { id: string }) => customer.id);
}

/**
 * Call in a describe block: the e2e stack and, from its beforeAll, a new platform's clients; with
 * `listening`, a consumer of the customer events from then on.
 */
export function customersE2e({ listening = false } = {}) {
  const platform = e2ePlatform();
  const { stack } = platform;
  const kit = Object.assign(platform, {
    events: new KafkaTestConsumer<CustomerEvent>(stack.kafkaBrokers, stack.topicPrefix, CUSTOMER_EVENTS),
  });

  beforeAll(async () => {
    if (listening) await kit.events.start();
  });

  afterAll(async () => {
    if (listening) await kit.events.stop();
  });
  return kit;
}
