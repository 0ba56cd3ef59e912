import { ApiException, FieldError } from '@payments/http';
import { CustomerBodyPipe } from '@customers/customers/customer-body.pipe';
import {
  CreateBusinessCustomerDto,
  CreateIndividualCustomerDto,
} from '@customers/customers/dto/create-customer.dto';
import {
  BusinessCustomerFieldsDto,
  IndividualCustomerFieldsDto,
} from '@customers/customers/dto/customer-fields.dto';

const UNKNOWN_FIELD =
  'is not a field this endpoint takes: remove it, or check its name and nesting against docs/api.md';

const createPipe = new CustomerBodyPipe({
  INDIVIDUAL: CreateIndividualCustomerDto,
  BUSINESS: CreateBusinessCustomerDto,
});
const updatePipe = new CustomerBodyPipe({
  INDIVIDUAL: IndividualCustomerFieldsDto,
  BUSINESS: BusinessCustomerFieldsDto,
});

const INDIVIDUAL = {
  platformCustomerId: 'cust-1',
  customerType: 'INDIVIDUAL',
  fullName: 'Jane Doe',
  birthDate: '1990-01-15',
  nationality: 'US',
  address: { line1: '1 Main Street', postalCode: '94105', country: 'US' },
  email: 'jane@example.com',
  phoneNumber: '+14155551234',
  umaAddress: '$Jane@Acme.example',
};

const BUSINESS = {
  platformCustomerId: 'biz-1',
  customerType: 'BUSINESS',
  businessInfo: { legalName: 'Acme Corporation', taxId: 'EIN-1' },
  address: { line1: '100 Market Street', city: 'Seattle', state: 'WA', postalCode: '98101', country: 'US' },
  beneficialOwners: [{ fullName: 'John Doe', individualType: 'DIRECTOR', percentageOwnership: 25 }],
};

async function fieldErrors(pipe: CustomerBodyPipe, body: unknown): Promise<FieldError[]> {
  try {
    pipe.transform(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).code).toBe('INVALID_INPUT');
    return (error as ApiException).details!.errors as FieldError[];
  }
  return [];
}

describe('CustomerBodyPipe', () => {
  it('validates each customer type against its own class', async () => {
    expect(createPipe.transform(INDIVIDUAL)).toBeInstanceOf(CreateIndividualCustomerDto);
    expect(createPipe.transform(BUSINESS)).toBeInstanceOf(CreateBusinessCustomerDto);
  });

  it('stores UMA addresses lower-case, since they compare without case', async () => {
    const body = createPipe.transform(INDIVIDUAL) as CreateIndividualCustomerDto;
    expect(body.umaAddress).toBe('$jane@acme.example');
  });

  it('needs only platformCustomerId and customerType', async () => {
    expect(await fieldErrors(createPipe, { platformCustomerId: 'c', customerType: 'INDIVIDUAL' })).toEqual(
      [],
    );
    expect(await fieldErrors(createPipe, { customerType: 'BUSINESS' })).toEqual([
      { field: 'platformCustomerId', message: 'must be a non-blank string of at most 255 characters' },
    ]);
  });

  it.each([undefined, 'ALIEN', 42])(
    'refuses the customerType %j before anything else',
    async (customerType) => {
      expect(await fieldErrors(createPipe, { ...INDIVIDUAL, customerType })).toEqual([
        { field: 'customerType', message: 'must be one of INDIVIDUAL, BUSINESS' },
      ]);
    },
  );

  it.each([null, [], 'text'])('refuses the body %j', async (body) => {
    expect(await fieldErrors(createPipe, body)).toEqual([
      { field: 'customerType', message: 'must be one of INDIVIDUAL, BUSINESS' },
    ]);
  });

  it('lists every bad field at once', async () => {
    const errors = await fieldErrors(createPipe, {
      ...INDIVIDUAL,
      unknown: true,
      fullName: ' ',
      birthDate: '1990-02-30',
      nationality: 'USA',
      address: { line1: 'x', country: 'US', extra: 1 },
      email: 'not-an-email',
      phoneNumber: '555-1234',
      umaAddress: 'jane@example.com',
    });

    expect(errors.map((error) => error.field).sort()).toEqual(
      [
        'unknown',
        'fullName',
        'birthDate',
        'nationality',
        'address.extra',
        'address.postalCode',
        'email',
        'phoneNumber',
        'umaAddress',
      ].sort(),
    );
  });

  it("refuses the other type's fields", async () => {
    const individualErrors = await fieldErrors(createPipe, {
      ...INDIVIDUAL,
      businessInfo: BUSINESS.businessInfo,
    });
    const businessErrors = await fieldErrors(createPipe, {
      ...BUSINESS,
      fullName: 'Acme',
      birthDate: '1990-01-01',
    });

    expect(individualErrors).toEqual([{ field: 'businessInfo', message: UNKNOWN_FIELD }]);
    expect(businessErrors.map((error) => error.field)).toEqual(['fullName', 'birthDate']);
  });

  it('refuses null, which would blank a field', async () => {
    expect(await fieldErrors(updatePipe, { customerType: 'INDIVIDUAL', email: null })).toEqual([
      { field: 'email', message: 'must be an email address' },
    ]);
  });

  it('checks nested business data', async () => {
    const errors = await fieldErrors(createPipe, {
      ...BUSINESS,
      businessInfo: {},
      address: [],
      beneficialOwners: [{ fullName: 'A', individualType: 'OWNER', percentageOwnership: 120 }],
    });

    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'businessInfo.legalName', message: 'must be a non-blank string of at most 200 characters' },
        { field: 'address', message: 'must be an object' },
        expect.objectContaining({ field: 'beneficialOwners.0.individualType' }),
        { field: 'beneficialOwners.0.percentageOwnership', message: 'must not be greater than 100' },
      ]),
    );
  });

  it('does not take platformCustomerId in a PATCH body', async () => {
    expect(
      await fieldErrors(updatePipe, { customerType: 'INDIVIDUAL', platformCustomerId: 'other' }),
    ).toEqual([{ field: 'platformCustomerId', message: UNKNOWN_FIELD }]);
  });
});
