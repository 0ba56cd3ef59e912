import { CUSTOMER_EVENTS, Environment } from '@payments/contracts';
import { customerCreated, customerDeleted, customerUpdated } from '@customers/customers/customer-events';
import { Customer } from '@customers/customers/customer.entity';

const customer = Object.assign(new Customer(), {
  id: '0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
  platformId: '5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
  environment: Environment.Sandbox,
  platformCustomerId: 'cust-1',
  customerType: 'INDIVIDUAL',
  umaAddress: '$cust-1@acme.uma.local',
});

/** What a consumer sees: the event as published, decoded against the topic contract. */
function published(event: object) {
  return CUSTOMER_EVENTS.decode(JSON.stringify(event));
}

describe('customer events', () => {
  it('carry API ids, the scope and the customer as key', () => {
    const event = published(customerCreated(customer, ['USD', 'EUR']));

    expect(event).toMatchObject({
      type: 'customer.created',
      version: 1,
      platformId: 'Platform:5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
      environment: 'SANDBOX',
      aggregateId: 'Customer:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
      payload: {
        customerId: 'Customer:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
        platformCustomerId: 'cust-1',
        customerType: 'INDIVIDUAL',
        umaAddress: '$cust-1@acme.uma.local',
        currencies: ['USD', 'EUR'],
      },
    });
  });

  it('match the topic contract for every change', () => {
    expect(published(customerUpdated(customer)).payload).toEqual({
      customerId: 'Customer:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
      platformCustomerId: 'cust-1',
      customerType: 'INDIVIDUAL',
      umaAddress: '$cust-1@acme.uma.local',
    });
    expect(published(customerDeleted(customer)).payload).toEqual({
      customerId: 'Customer:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
      platformCustomerId: 'cust-1',
    });
  });
});
