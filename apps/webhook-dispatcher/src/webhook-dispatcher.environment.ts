import { Type } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { EVENT_REDELIVERY_HOURS } from '@payments/contracts';
import { CommonEnvironment, IsSealingKey } from '@payments/runtime';

export class WebhookDispatcherEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  WEBHOOK_DISPATCHER_PORT = 8086;

  /**
   * 64 hex digits: the AES-256 key that seals each platform's webhook signing keys in the database
   * (docs/api.md#webhook-signatures). Empty (local stacks): they are stored as they are. Required in production: the
   * app refuses to start without it, and refuses a stored key that is not sealed.
   */
  @IsSealingKey()
  WEBHOOK_KEY_ENCRYPTION_KEY = '';

  /**
   * After a rotation, how long the old and the new signing key are both published and both sign
   * (X-Grid-Signature and X-Grid-Signature-Next) before the new one alone signs (docs/api.md#webhook-signatures).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(24 * 90)
  WEBHOOK_KEY_ROTATION_OVERLAP_HOURS = 24;

  /**
   * Whether webhooks may go to loopback and private networks (10/8, 172.16/12, 192.168/16, fc00::/7)
   * and local names: local stacks whose receivers listen on this machine. Cloud metadata addresses
   * and the other special-purpose ranges stay refused (docs/security.md).
   */
  @IsIn(['true', 'false'])
  EGRESS_ALLOW_PRIVATE_NETWORKS = 'false';

  /**
   * How long connecting to a platform's endpoint, waiting for its answer, and each pause within the
   * answer's body may take before the attempt counts as failed.
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(120_000)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /**
   * Seconds to wait before each retry of a failed webhook; after the last one the delivery is given
   * up. The default roughly doubles each time and covers about 28 hours.
   */
  @Matches(/^\d+(,\d+)*$/, {
    message: 'WEBHOOK_RETRY_SCHEDULE_SECONDS must be a comma-separated list of whole seconds',
  })
  WEBHOOK_RETRY_SCHEDULE_SECONDS = '5,30,120,600,1800,3600,7200,14400,28800,43200';

  /** How long a webhook waits for its platform to set a webhookEndpoint before it is given up. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(30 * 86_400)
  WEBHOOK_ENDPOINT_WAIT_SECONDS = 86_400;

  /**
   * How long a platform has to answer a pending incoming payment's webhook (docs/api.md#approvals): connecting,
   * the answer and each pause in its body. Past it the payment fails as PAYMENT_APPROVAL_TIMED_OUT.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600)
  APPROVAL_TIMEOUT_SECONDS = 5;

  /** Webhooks one replica sends at the same time (each to a different transaction). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000)
  WEBHOOK_CONCURRENCY = 64;

  /**
   * Redelivered webhooks one replica sends at the same time, in slots of their own beside
   * WEBHOOK_CONCURRENCY: a bulk redelivery goes at this pace and never takes the slots of fresh
   * webhooks (docs/api.md#webhook-delivery-log).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000)
  WEBHOOK_REDELIVERY_CONCURRENCY = 8;

  /**
   * Redelivered webhooks of one platform and environment in flight at once, across every replica:
   * the lane is taken in turns per platform, and one platform's bulk redelivery to a slow endpoint
   * leaves the rest of the lane to the others.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000)
  WEBHOOK_REDELIVERY_PER_PLATFORM = 4;

  /**
   * How long a delivered or failed webhook is kept, with its attempts (docs/operations.md#retention).
   * A delivery's id is named by its event, which is what makes a redelivered event add nothing: so it
   * is kept at least as long as an event may be delivered again.
   */
  @Type(() => Number)
  @IsInt()
  @Min(Math.ceil(EVENT_REDELIVERY_HOURS / 24))
  @Max(3_660)
  WEBHOOK_RETENTION_DAYS = 30;
}
