import 'reflect-metadata';
import { migrateFromEnvironment } from '@payments/persistence';
import { LEDGER_SCHEMA } from '@ledger/database';

migrateFromEnvironment(LEDGER_SCHEMA);
