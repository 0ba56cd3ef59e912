import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { EgressPolicy, egressUrlProblem } from '@payments/egress';
import { ApiException } from '@payments/http';
import { CustomersEnvironment } from '@customers/customers.environment';

/**
 * Judges a platform's webhookEndpoint before it is stored (docs/security.md): http(s) without a user
 * name, https in production, and no address literal or local name the egress guard refuses (loopback
 * and private ones unless EGRESS_ALLOW_PRIVATE_NETWORKS, cloud metadata never). A public-looking name
 * is accepted here: what it resolves to is checked again on every delivery's connection, since a
 * name's answer at configuration time says nothing about later ones.
 */
@Injectable()
export class WebhookEndpointPolicy {
  private readonly egress: EgressPolicy;

  constructor(config: ConfigService<CustomersEnvironment, true>) {
    this.egress = new EgressPolicy(config.get('EGRESS_ALLOW_PRIVATE_NETWORKS', { infer: true }) === 'true');
  }

  /** Throws 400 INVALID_INPUT naming webhookEndpoint; null (no endpoint) and an absent change pass. */
  check(endpoint: string | null | undefined, environment: Environment): void {
    if (endpoint === null || endpoint === undefined) return;
    const requireHttps = environment === Environment.Production;
    const problem = egressUrlProblem(endpoint, this.egress, { requireHttps });
    if (problem) throw ApiException.invalidInput([{ field: 'webhookEndpoint', message: problem }]);
  }
}
