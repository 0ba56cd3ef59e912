import 'reflect-metadata';
import { migrateFromEnvironment } from '@payments/persistence';
import { QUOTING_SCHEMA } from '@quoting/database';

migrateFromEnvironment(QUOTING_SCHEMA);
