import { TopicContract } from '@payments/contracts';

export const KAFKA = Symbol('KAFKA');
export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

export interface MessagingOptions {
  /** Topics this app writes to its outbox; created at start if missing. */
  produces: TopicContract[];
  /** Topics this app consumes with @EventPattern handlers; their dead-letter topics are created too. */
  consumes: TopicContract[];
}
