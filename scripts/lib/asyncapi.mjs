// The AsyncAPI document of the public topics (docs/asyncapi.yaml), built from the event contracts in
// libs/contracts (their class-validator rules, through class-validator-jsonschema), and a validator
// of messages against it. Reads the compiled contracts in dist/, so a build comes first.
import { createRequire } from 'node:module';
import { ROOT } from './apps.mjs';

const require = createRequire(import.meta.url);
const SCHEMA_PREFIX = '#/components/schemas/';

/** `transaction.status-changed` version 1 → `TransactionStatusChangedV1`. */
const pascalOf = (type, version) =>
  `${type
    .split(/[.-]/)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('')}V${version}`;

/** The envelope every event shares (libs/contracts/src/events/envelope.ts) around `payloadRef`. */
function envelopeSchema(type, version, payloadRef) {
  const text = { type: 'string', minLength: 1 };
  return {
    type: 'object',
    required: [
      'eventId',
      'type',
      'version',
      'occurredAt',
      'platformId',
      'environment',
      'aggregateId',
      'payload',
    ],
    properties: {
      eventId: {
        type: 'string',
        format: 'uuid',
        description: 'Unique per event; the same in a replay. Deduplicate on it.',
      },
      type: { const: type },
      version: { const: version },
      occurredAt: { type: 'string', format: 'date-time' },
      platformId: { ...text, description: 'Platform:<uuid>, the platform the event belongs to' },
      environment: { enum: ['SANDBOX', 'PRODUCTION'] },
      aggregateId: {
        ...text,
        description: 'The Kafka message key: events of one aggregate keep their order',
      },
      payload: { $ref: payloadRef },
    },
  };
}

/** The schemas named by `$ref`s reachable from `roots`, so the document holds no unused one. */
function reachable(all, roots) {
  const seen = new Set();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    if (typeof value.$ref === 'string' && value.$ref.startsWith(SCHEMA_PREFIX)) {
      const name = value.$ref.slice(SCHEMA_PREFIX.length);
      if (!seen.has(name) && all[name]) {
        seen.add(name);
        visit(all[name]);
      }
    }
    Object.values(value).forEach(visit);
  };
  visit(roots);
  return Object.fromEntries([...seen].sort().map((name) => [name, all[name]]));
}

export function generateAsyncApi() {
  require('reflect-metadata');
  const contracts = require(`${ROOT}/dist/libs/contracts/src/index.js`);
  const { validationMetadatasToSchemas } = require('class-validator-jsonschema');
  const { defaultMetadataStorage } = require('class-transformer/cjs/storage');
  const classSchemas = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: SCHEMA_PREFIX,
  });
  const channels = {};
  const operations = {};
  const messages = {};
  const eventSchemas = {};
  for (const topic of contracts.PUBLIC_TOPICS) {
    // AsyncAPI ids are letters, digits, _ and -: transfers.transaction-events.v1 → transfers_transaction-events_v1.
    const channel = topic.name.replaceAll('.', '_');
    const channelMessages = {};
    for (const { type, version, payloadClass } of topic.eventTypes) {
      const name = pascalOf(type, version);
      eventSchemas[`${name}Event`] = envelopeSchema(type, version, `${SCHEMA_PREFIX}${payloadClass.name}`);
      messages[name] = {
        name: type,
        title: `${type}, version ${version}`,
        contentType: 'application/json',
        headers: { $ref: '#/components/schemas/EventHeaders' },
        payload: { $ref: `${SCHEMA_PREFIX}${name}Event` },
      };
      channelMessages[name] = { $ref: `#/components/messages/${name}` };
    }
    channels[channel] = {
      address: `{prefix}${topic.name}`,
      title: topic.name,
      description: `${topic.partitions} partitions, keyed by aggregateId; kept 7 days. Replays of older events: docs/operations.md#replaying-events.`,
      parameters: { prefix: { description: 'KAFKA_TOPIC_PREFIX of the deployment (empty by default)' } },
      messages: channelMessages,
    };
    operations[`read_${channel}`] = {
      action: 'receive',
      channel: { $ref: `#/channels/${channel}` },
      messages: Object.keys(channelMessages).map((name) => ({
        $ref: `#/channels/${channel}/messages/${name}`,
      })),
    };
  }
  const headers = {
    type: 'object',
    required: ['event-type'],
    properties: {
      'event-type': { type: 'string', description: 'The event type, to skip events without decoding them' },
      'x-request-id': { type: 'string', description: 'The API request that caused the event, when one did' },
      quoted: {
        enum: ['true', 'false'],
        description: 'transfers.transaction-events.v1: the transaction executes a quote',
      },
      traceparent: {
        type: 'string',
        description:
          'W3C trace context of the work that caused the event, when it was traced (https://www.w3.org/TR/trace-context/)',
      },
      tracestate: {
        type: 'string',
        description: 'W3C trace state that goes with traceparent, when there is one',
      },
      'x-replayed': {
        const: 'true',
        description: 'Present on events published again by `npm run events:replay`',
      },
    },
  };
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Cross-border payments: public events',
      version: '1.0.0',
      description:
        'The topics readers outside the service may consume. Generated from libs/contracts by `npm run asyncapi`; do not edit. Consume with a consumer group of your own and deduplicate by eventId.',
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: {
      messages,
      schemas: { EventHeaders: headers, ...eventSchemas, ...reachable(classSchemas, eventSchemas) },
    },
  };
}

/**
 * A check of a message of `topic` (its name without prefix) against the document: the reasons it is
 * invalid, none when it conforms.
 */
export function messageValidator(document) {
  const { default: Ajv } = require('ajv');
  const { default: addFormats } = require('ajv-formats');
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'asyncapi', components: document.components });
  return (topic, value) => {
    let event;
    try {
      event = JSON.parse(value);
    } catch {
      return ['not JSON'];
    }
    const channel = Object.values(document.channels).find(({ title }) => title === topic);
    if (!channel) return [`${topic} is not a public topic`];
    const name = Object.keys(channel.messages).find(
      (candidate) =>
        document.components.messages[candidate].name === event?.type &&
        document.components.schemas[`${candidate}Event`].properties.version.const === event?.version,
    );
    if (!name) return [`unknown event ${event?.type}@${event?.version}`];
    const validate = ajv.getSchema(`asyncapi#/components/schemas/${name}Event`);
    if (!validate) return [`no schema ${name}Event`];
    return validate(event)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
}
