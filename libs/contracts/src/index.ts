export * from './environment';
export * from './ids';
export * from './events/envelope';
export * from './events/topic';
export * from './events/customers/customer-events';
export * from './events/platforms/platform-events';
export * from './events/transfers/transaction-events';
