import 'reflect-metadata';
import { migrateFromEnvironment } from '@payments/persistence';
import { CUSTOMERS_SCHEMA } from '@customers/database';

migrateFromEnvironment(CUSTOMERS_SCHEMA);
