/**
 * How long every topic keeps its events (Kafka's retention.ms, set when the topic is created): a
 * consumer of the reporting contract must read each event within it (docs/operations.md#kafka-topics).
 */
export const TOPIC_RETENTION_HOURS = 7 * 24;

/**
 * How long a topic's log segment takes events before a new one starts (segment.ms). Kafka deletes
 * whole segments, so an event may stay this much longer than the retention.
 */
export const TOPIC_SEGMENT_HOURS = 24;

/**
 * The longest an event stays in its topic, so the longest after it was handled that a consumer may
 * be handed it again: what a consumer's record of handled events must outlive.
 */
export const EVENT_REDELIVERY_HOURS = TOPIC_RETENTION_HOURS + TOPIC_SEGMENT_HOURS;
