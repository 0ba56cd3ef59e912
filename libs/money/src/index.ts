export * from './currencies';
export * from './ratio';
