import { Environment } from '@payments/contracts';
import { Customer, NO_CUSTOMER_DETAILS } from '@customers/customers/customer.entity';
import { presentCustomer } from '@customers/customers/customer.view';

const createdAt = new Date('2025-10-13T10:00:00.000Z');

function customer(fields: Partial<Customer>): Customer {
  return Object.assign(new Customer(), {
    id: '0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
    platformId: '5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
    environment: Environment.Production,
    platformCustomerId: 'cust-1',
    umaAddress: '$cust-1@acme.uma.local',
    kycStatus: 'APPROVED',
    ...NO_CUSTOMER_DETAILS,
    createdAt,
    updatedAt: createdAt,
    deletedAt: null,
    ...fields,
  });
}

describe('presentCustomer', () => {
  it("shows an individual's own fields and leaves out the ones it lacks", () => {
    const view = presentCustomer(
      customer({ customerType: 'INDIVIDUAL', fullName: 'Jane Doe', birthDate: '1990-01-15' }),
    );

    expect(JSON.parse(JSON.stringify(view))).toEqual({
      id: 'Customer:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
      platformCustomerId: 'cust-1',
      customerType: 'INDIVIDUAL',
      umaAddress: '$cust-1@acme.uma.local',
      kycStatus: 'APPROVED',
      fullName: 'Jane Doe',
      birthDate: '1990-01-15',
      createdAt: '2025-10-13T10:00:00.000Z',
      updatedAt: '2025-10-13T10:00:00.000Z',
      isDeleted: false,
    });
    expect(Object.keys(view).slice(0, 3)).toEqual(['id', 'platformCustomerId', 'customerType']);
  });

  it("shows a business's own fields, never an individual's", () => {
    const view = presentCustomer(
      customer({
        customerType: 'BUSINESS',
        businessInfo: { legalName: 'Acme' },
        fullName: 'stale',
        deletedAt: createdAt,
      }),
    );

    expect(view).toMatchObject({
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Acme' },
      isDeleted: true,
    });
    expect(view).not.toHaveProperty('fullName');
  });
});
