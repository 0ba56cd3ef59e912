import { Injectable, Logger } from '@nestjs/common';
import { LEASE_MS, LeaseHeartbeat } from '@payments/runtime';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';

/**
 * The leases on the deliveries this replica is sending, the worker's and the test webhooks', kept
 * alive by one heartbeat: an attempt may take three WEBHOOK_TIMEOUT_MS, far beyond LEASE_MS, so that
 * a dispatcher that dies leaves its webhooks to the others within LEASE_MS.
 */
@Injectable()
export class DeliveryLeases extends LeaseHeartbeat {
  constructor(store: DeliveryStore) {
    super(new Logger(DeliveryLeases.name), 'webhook deliveries', {
      renew: (leases) => store.renewLeases(leases, LEASE_MS),
      release: (leases) => store.releaseLeases(leases),
    });
  }
}
