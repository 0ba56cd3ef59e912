import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APPROVAL_ANSWERS } from '@payments/contracts';
import { BatchGroupCommit, GroupCommit, isSystemicFault, Outbox, PollingWorker } from '@payments/persistence';
import { delay, drainGraceMs, LEASE_MS, settledWithin } from '@payments/runtime';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { ApprovalRequestSender } from '@webhooks/approvals/approval-request.sender';
import { DeliveryLeases } from '@webhooks/deliveries/delivery-leases';
import { afterAttempt, parseRetrySchedule, withoutEndpoint } from '@webhooks/deliveries/delivery-policy';
import { observeDecision } from '@webhooks/deliveries/delivery.metrics';
import { DeliveryStore, DeliveryUpdate, Enqueued } from '@webhooks/deliveries/delivery.store';
import { DueDelivery } from '@webhooks/deliveries/due-delivery';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';
import { NewDelivery } from '@webhooks/deliveries/webhook-envelope';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/** The table is searched at least this often: for retries falling due and other replicas' leftovers. */
const POLL_MS = 250;
const ERROR_DELAY_MS = 1_000;
/**
 * Each statement costs a round trip that is dear on a busy machine, so the consumers' enqueues (a
 * batch per Kafka partition being handled, kept whole) share statements beyond two in flight, and
 * outcomes, whose latency nobody waits on, are written by one statement at a time.
 */
const ENQUEUE_BATCHING = { maxBatch: 100, maxInFlight: 2 };
const RECORD_BATCHING = { maxBatch: 500, maxInFlight: 1 };
/**
 * Failures of one outcome on its own (GroupCommit fails only the item at fault in a batch) before its
 * delivery is parked: a row the database refuses is refused again, and it would hold a slot forever.
 */
const RECORD_TRIES = 3;

/**
 * Sends webhooks, up to WEBHOOK_CONCURRENCY at a time in this replica, each transaction's in order.
 * Work reaches it three ways: a webhook enqueued here that may go at once is claimed by the insert
 * and sent straight away; writing back an outcome hands over the next webhook of that transaction;
 * and the loop takes due deliveries from the table when told there may be some (notify), when
 * slots free after a full take, and every POLL_MS. Enqueues and outcomes are grouped into one
 * statement per batch (group commit), so the database work per webhook stays small under load.
 * Each delivery is held under a short lease that DeliveryLeases renews while its attempt runs; on
 * SIGTERM the worker stops taking deliveries, lets the attempts under way finish within a grace and
 * writes their outcomes, and releases the leases of the rest, which another replica sends at once.
 */
@Injectable()
export class DeliveryWorker extends PollingWorker {
  private readonly concurrency: number;
  private readonly redeliveryConcurrency: number;
  private readonly redeliveryPerPlatform: number;
  private readonly schedule: number[];
  private readonly endpointWaitSeconds: number;
  private readonly drainGraceMs: number;
  private readonly enqueuer: BatchGroupCommit<NewDelivery, Enqueued>;
  private readonly recorder: GroupCommit<DeliveryUpdate, DueDelivery | undefined>;
  /** The take of due deliveries; its parking sets aside a delivery whose outcome cannot be stored. */
  private readonly deliveries = this.declareLoop({
    name: 'webhook-delivery',
    work: 'taking due webhook deliveries',
    table: { table: 'deliveries', key: 'id', keyType: 'uuid' },
    tick: () => this.takeDue(),
    idleMs: () => this.untilNextTakeMs(),
    errorMs: ERROR_DELAY_MS,
  });
  /** The redelivery lane's own loop: a bulk redelivery's backlog never delays the take above. */
  private readonly redeliveryLoop = this.declareLoop({
    name: 'webhook-redelivery',
    work: 'taking redelivered webhooks',
    tick: () => this.takeRedeliveries(),
    idleMs: POLL_MS,
    errorMs: ERROR_DELAY_MS,
  }).loop;
  private readonly sending = new Set<Promise<void>>();
  /**
   * Approval requests in flight, outside the WEBHOOK_CONCURRENCY slots: each lasts up to
   * APPROVAL_TIMEOUT_SECONDS, so a platform whose endpoint hangs would otherwise hold every slot and
   * delay every other platform's webhooks. What bounds them is the platform's own pool of connections
   * and the approval timeout.
   */
  private readonly asking = new Set<Promise<void>>();
  /**
   * Redelivered webhooks in flight, in WEBHOOK_REDELIVERY_CONCURRENCY slots of their own: a bulk
   * redelivery of thousands goes at that pace and leaves the shared slots to fresh webhooks.
   */
  private readonly redelivering = new Set<Promise<void>>();
  /** The table may hold deliveries that could go now. */
  private backlog = true;
  private lastTakeAt = 0;

  constructor(
    private readonly store: DeliveryStore,
    private readonly sender: SignedWebhookSender,
    private readonly leases: DeliveryLeases,
    config: ConfigService<WebhookDispatcherEnvironment, true>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly approvalRequests: ApprovalRequestSender,
    private readonly outbox: Outbox,
    private readonly redeliveries: RedeliveryStore,
  ) {
    super();
    this.concurrency = config.get('WEBHOOK_CONCURRENCY', { infer: true });
    this.redeliveryConcurrency = config.get('WEBHOOK_REDELIVERY_CONCURRENCY', { infer: true });
    this.redeliveryPerPlatform = config.get('WEBHOOK_REDELIVERY_PER_PLATFORM', { infer: true });
    this.schedule = parseRetrySchedule(config.get('WEBHOOK_RETRY_SCHEDULE_SECONDS', { infer: true }));
    this.endpointWaitSeconds = config.get('WEBHOOK_ENDPOINT_WAIT_SECONDS', { infer: true });
    this.drainGraceMs = drainGraceMs(config.get('SHUTDOWN_TIMEOUT_MS', { infer: true }));
    this.enqueuer = new BatchGroupCommit(
      (deliveries) => this.store.enqueue(deliveries, { claimForMs: this.claimMs() }),
      ENQUEUE_BATCHING,
    );
    this.recorder = new GroupCommit((updates) => this.recordAll(updates), RECORD_BATCHING);
  }

  /**
   * Before the database closes, once the loops stopped taking work: lets what is in flight finish and
   * be written back within the grace, then releases the leases of what did not (its outcome is not written).
   */
  protected override async afterLoopsStop(): Promise<void> {
    const deadline = Date.now() + this.drainGraceMs;
    // A delivery handed over while the others finished joins the set: wait for it too.
    const inFlight = () => [...this.sending, ...this.asking, ...this.redelivering];
    while (inFlight().length > 0 && (await settledWithin(inFlight(), deadline - Date.now())));
    await this.leases.releaseAll();
  }

  /** Enqueues a webhook, and sends it at once when it may go; false when it was enqueued before. */
  async enqueue(delivery: NewDelivery): Promise<boolean> {
    const [enqueued] = await this.enqueuer.add([delivery]);
    return this.dispatch(enqueued);
  }

  /**
   * Enqueues the webhooks of a batch of events in one statement, in their order (an aggregate's later
   * ones wait for its earlier ones), and sends at once those that may go.
   */
  async enqueueAll(deliveries: NewDelivery[]): Promise<void> {
    for (const enqueued of await this.enqueuer.add(deliveries)) this.dispatch(enqueued);
  }

  private dispatch({ inserted, behind, claimed }: Enqueued): boolean {
    if (claimed) this.start(claimed);
    // Not claimed for want of a free slot (or while stopping): the loop takes it from the table.
    else if (inserted && !behind) this.notify();
    return inserted;
  }

  /** The table may hold deliveries that could go now (enqueued or released by someone else). */
  notify(): void {
    this.backlog = true;
    this.deliveries.loop.wake();
    this.redeliveryLoop.wake();
  }

  /** Claims only while running and with a slot free; a batch may overshoot by its size. */
  private claimMs(): number {
    return this.deliveries.loop.isRunning && this.sending.size < this.concurrency ? LEASE_MS : 0;
  }

  /**
   * Takes due deliveries into the free slots when the table may hold some; true when it filled them
   * all, which suggests more: the next take comes when a slot frees.
   */
  private async takeDue(): Promise<boolean> {
    const free = this.concurrency - this.sending.size;
    if (Date.now() - this.lastTakeAt >= POLL_MS) this.backlog = true;
    if (!this.backlog || free <= 0) return false;
    this.backlog = false;
    this.lastTakeAt = Date.now();
    const due = await this.store.takeDue(free, LEASE_MS);
    if (due.length === free) this.backlog = true;
    for (const delivery of due) this.start(delivery);
    return due.length === free;
  }

  /**
   * Takes due redelivered webhooks into the lane's free slots, in turns per platform
   * (RedeliveryStore.takeTurns); true when it filled them all.
   */
  private async takeRedeliveries(): Promise<boolean> {
    const free = this.redeliveryConcurrency - this.redelivering.size;
    if (free <= 0) return false;
    const due = await this.redeliveries.takeTurns(free, this.redeliveryPerPlatform, LEASE_MS);
    for (const delivery of due) this.start(delivery);
    return due.length === free;
  }

  /** With no free slot, a finishing delivery wakes the loop; otherwise the next poll does. */
  private untilNextTakeMs(): number {
    return this.sending.size < this.concurrency ? this.lastTakeAt + POLL_MS - Date.now() : POLL_MS;
  }

  private start(delivery: DueDelivery): void {
    this.leases.hold({ key: delivery.id, token: delivery.lease });
    const slots = delivery.approvalRequest
      ? this.asking
      : delivery.redelivery
        ? this.redelivering
        : this.sending;
    const sending = this.deliver(delivery).finally(() => {
      slots.delete(sending);
      (slots === this.redelivering ? this.redeliveryLoop : this.deliveries.loop).wake();
    });
    slots.add(sending);
  }

  private async deliver(delivery: DueDelivery): Promise<void> {
    const update = await this.attempt(delivery);
    // Lost to another replica, or released at shutdown: the outcome is the new holder's to write.
    if (!this.leases.drop({ key: delivery.id, token: delivery.lease })) return;
    const next = await this.record(update);
    if (next) this.start(next);
  }

  private async attempt(delivery: DueDelivery): Promise<DeliveryUpdate> {
    if (delivery.approvalRequest) return this.approvalRequests.attempt(delivery);
    if (delivery.url === null) {
      const decision = withoutEndpoint(this.endpointWaitSeconds, delivery.createdAt, new Date());
      observeDecision(delivery.type, decision, false, delivery.createdAt);
      return { id: delivery.id, lease: delivery.lease, decision, attemptCount: delivery.attemptCount };
    }
    const attempt = await this.sender.send(delivery.url, delivery);
    const attemptCount = delivery.attemptCount + 1;
    // A redelivery is one attempt: the one asked for, answered as it comes (docs/api.md#webhook-delivery-log).
    const schedule = delivery.redelivery ? [] : this.schedule;
    const decision = afterAttempt(schedule, attemptCount, attempt, new Date());
    observeDecision(delivery.type, decision, true, delivery.createdAt);
    return { id: delivery.id, lease: delivery.lease, decision, attemptCount, attempt };
  }

  /**
   * Writes the outcome back, retrying until it is stored; returns the next delivery handed over. An
   * outcome that fails on its own RECORD_TRIES times parks its delivery, and the others go on; a
   * systemic fault (the database is down) is retried without end and parks nothing.
   */
  private async record(update: DeliveryUpdate): Promise<DueDelivery | undefined> {
    let failures = 0;
    for (;;) {
      try {
        return await this.recorder.add(update);
      } catch (error) {
        this.logger.error({ err: error, deliveryId: update.id }, 'could not record a webhook outcome');
        // When stopping, the lease runs out instead and the webhook is sent again later.
        if (!this.deliveries.loop.isRunning) return undefined;
        if (!isSystemicFault(error) && ++failures >= RECORD_TRIES && (await this.park(update, error)))
          return undefined;
        await delay(ERROR_DELAY_MS);
      }
    }
  }

  /**
   * Writes outcomes back; the answers of approval requests go to the outbox in the same transaction,
   * so an answer is reported if and only if its attempt is recorded.
   */
  private recordAll(updates: DeliveryUpdate[]): Promise<(DueDelivery | undefined)[]> {
    const answers = updates.flatMap((update) => (update.answer ? [update.answer] : []));
    if (answers.length === 0) return this.store.record(updates, this.claimMs());
    return this.dataSource.transaction(async (manager) => {
      const successors = await this.store.record(updates, this.claimMs(), manager);
      await this.outbox.add(manager, APPROVAL_ANSWERS, answers);
      return successors;
    });
  }

  /** Parks the delivery of an outcome that cannot be stored; false when parking fails too. */
  private async park({ id }: DeliveryUpdate, error: unknown): Promise<boolean> {
    try {
      await this.deliveries.parking.park(this.dataSource, [{ key: id, ids: { deliveryId: id }, error }]);
      return true;
    } catch (parkError) {
      this.logger.error({ err: parkError, deliveryId: id }, 'could not park a webhook delivery');
      return false;
    }
  }
}
