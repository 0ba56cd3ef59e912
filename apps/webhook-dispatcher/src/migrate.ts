import 'reflect-metadata';
import { migrateFromEnvironment } from '@payments/persistence';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';

migrateFromEnvironment(WEBHOOKS_SCHEMA);
