import { startTelemetry } from './start-telemetry';
import { appOfEntry } from './telemetry-settings';

/**
 * Imported first by each app's main.ts, so that tracing (when configured) starts before any
 * instrumented module is required; the app's name comes from its entry file.
 */
startTelemetry(appOfEntry(require.main?.filename) ?? 'payments');
