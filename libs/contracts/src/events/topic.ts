import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Environment } from '../environment';
import { EventEnvelope } from './envelope';

type PayloadClass = new () => object;

export interface TopicOptions<TEvent> {
  /**
   * Headers derived from each event, published with it, by which a consumer may pass over the events
   * it has no use for without decoding them.
   */
  // A method, so that a contract of one event type still counts as a contract of events in general.
  selectors?(event: TEvent): Record<string, string>;
  /**
   * Readers outside the service (reporting) may consume it: it is described in docs/asyncapi.yaml,
   * and its producer keeps every event it publishes so that a window can be replayed after the
   * topic's retention has dropped it (docs/operations.md#replaying-events).
   */
  public?: boolean;
}

/** One event type and version a topic carries, with the class its payload is validated against. */
export interface TopicEventType {
  type: string;
  version: number;
  payloadClass: PayloadClass;
}

/**
 * A versioned topic: its name (before the deployment's prefix), its partition count and the payload
 * class of each event type and version it may carry. Decoding validates against that class, so a
 * consumer never acts on a malformed or unknown event.
 */
export class TopicContract<TEvent extends EventEnvelope = EventEnvelope> {
  constructor(
    readonly name: string,
    readonly partitions: number,
    private readonly payloads: Record<string, PayloadClass>,
    private readonly options: TopicOptions<TEvent> = {},
  ) {}

  get isPublic(): boolean {
    return this.options.public === true;
  }

  /** The event types and versions this topic may carry, for the contract document. */
  get eventTypes(): TopicEventType[] {
    return Object.entries(this.payloads).map(([key, payloadClass]) => {
      const [type, version] = key.split('@');
      return { type, version: Number(version), payloadClass };
    });
  }

  /** The selector headers of an event (see TopicOptions). */
  selectorsOf(event: TEvent): Record<string, string> {
    return this.options.selectors?.(event) ?? {};
  }

  /** Name of the dead-letter topic that receives this topic's undeliverable messages. */
  get deadLetterName(): string {
    return `${this.name}.dlt`;
  }

  decode(raw: Buffer | string | null): TEvent {
    if (raw === null) throw new InvalidEventError(this.name, 'empty message');
    let envelope: EventEnvelope;
    try {
      envelope = JSON.parse(raw.toString());
    } catch {
      throw new InvalidEventError(this.name, 'not JSON');
    }
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
      throw new InvalidEventError(this.name, 'not a JSON object');
    }
    if (typeof envelope.version !== 'number')
      throw new InvalidEventError(this.name, 'version must be a number');
    const payloadClass = this.payloads[`${envelope.type}@${envelope.version}`];
    if (!payloadClass)
      throw new InvalidEventError(this.name, `unknown event ${envelope?.type}@${envelope?.version}`);
    const missing = ['eventId', 'occurredAt', 'platformId', 'aggregateId'].filter(
      (field) => typeof (envelope as unknown as Record<string, unknown>)[field] !== 'string',
    );
    if (!Object.values(Environment).includes(envelope.environment)) missing.push('environment');
    if (missing.length) throw new InvalidEventError(this.name, `bad envelope fields ${missing.join(', ')}`);
    const errors = validateSync(plainToInstance(payloadClass, envelope.payload ?? {}), {
      forbidUnknownValues: true,
    });
    if (errors.length) {
      throw new InvalidEventError(
        this.name,
        `bad payload fields ${errors.map((error) => error.property).join(', ')}`,
      );
    }
    return envelope as TEvent;
  }
}

export class InvalidEventError extends Error {
  constructor(topic: string, reason: string) {
    super(`Invalid event on ${topic}: ${reason}`);
  }
}

/** Topic and consumer-group names from one template, so a test run can isolate itself with a prefix. */
export function topicName(prefix: string, topic: TopicContract | string): string {
  return `${prefix}${typeof topic === 'string' ? topic : topic.name}`;
}

export function consumerGroupName(prefix: string, app: string, purpose: string): string {
  return `${prefix}${app}.${purpose}`;
}
