export * from './start-telemetry';
export * from './telemetry-settings';
export * from './telemetry-shutdown';
export * from './queue-telemetry';
