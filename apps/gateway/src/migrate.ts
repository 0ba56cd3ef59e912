import 'reflect-metadata';
import { migrateFromEnvironment } from '@payments/persistence';
import { GATEWAY_SCHEMA } from '@gateway/database';

migrateFromEnvironment(GATEWAY_SCHEMA);
