import 'reflect-metadata';
import { migrateFromEnvironment } from '@payments/persistence';
import { TRANSFERS_SCHEMA } from '@transfers/database';

migrateFromEnvironment(TRANSFERS_SCHEMA);
