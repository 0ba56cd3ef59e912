import { Logger } from '@nestjs/common';
import { TOPIC_RETENTION_HOURS, TOPIC_SEGMENT_HOURS, TopicContract } from '@payments/contracts';
import { TestSandbox, WIDGET_EVENTS, WidgetChangedV1, WidgetEvent } from './messaging-sandbox';

jest.setTimeout(60_000);

/** Topics enough that the broker's metadata lags behind its controller for some of them. */
const TOPICS = Array.from(
  { length: 12 },
  (_, index) =>
    new TopicContract<WidgetEvent>(`tests.widget-events-${index}.v1`, 3, {
      'widget.changed@1': WidgetChangedV1,
    }),
);

describe('KafkaTopics', () => {
  let sandbox: TestSandbox;

  beforeEach(async () => {
    sandbox = await TestSandbox.create();
  });

  afterEach(async () => {
    await sandbox?.dispose();
  });

  // Every app creates its topics at start; on a fresh broker, replicas race for the same new topics.
  it('starts replicas at once on topics that do not exist yet, each topic created once as its contract says', async () => {
    expect(await sandbox.partitionCounts(TOPICS)).toEqual({});

    await Promise.all(
      Array.from({ length: 4 }, () => sandbox.startService({ produces: TOPICS, consumes: [WIDGET_EVENTS] })),
    );

    expect(await sandbox.partitionCounts([...TOPICS, WIDGET_EVENTS])).toEqual(
      Object.fromEntries([...TOPICS, WIDGET_EVENTS].map((topic) => [topic.name, 3])),
    );
  });

  it('asks the broker to create only the topics it lacks, so a restart logs no Kafka error', async () => {
    await sandbox.startService({ produces: TOPICS, consumes: [WIDGET_EVENTS] });
    const errors = jest.spyOn(Logger.prototype, 'error');
    try {
      await sandbox.startService({ produces: TOPICS, consumes: [WIDGET_EVENTS] });
      const topicErrors = errors.mock.calls.filter(([, message]) => String(message).includes('CreateTopics'));
      expect(topicErrors).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  // Reporting consumers and the inboxes' retention count on it (docs/operations.md#kafka-topics).
  it('creates each topic and its dead-letter topic with the retention the reporting contract states', async () => {
    await sandbox.startService({ consumes: [WIDGET_EVENTS] });

    for (const topic of [WIDGET_EVENTS.name, WIDGET_EVENTS.deadLetterName]) {
      expect(await sandbox.topicSettings(topic, ['retention.ms', 'segment.ms'])).toEqual({
        'retention.ms': String(TOPIC_RETENTION_HOURS * 3_600_000),
        'segment.ms': String(TOPIC_SEGMENT_HOURS * 3_600_000),
      });
    }
  });
});
