export * from './address-policy';
export * from './egress-url';
export * from './egress-refused.error';
export * from './egress-failure';
export * from './guarded-lookup';
export * from './guarded-agent';
