import 'reflect-metadata';
import { migrateFromEnvironment } from '@payments/persistence';
import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';

migrateFromEnvironment(BULK_IMPORT_SCHEMA);
