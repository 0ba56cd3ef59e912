import { plainToInstance, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsString, Length, Min, ValidateNested, validateSync } from 'class-validator';
import { ApiException } from '../../errors/api.exception';
import { createValidationPipe, flattenErrors } from '../validation.pipe';

const UNKNOWN_FIELD =
  'is not a field this endpoint takes: remove it, or check its name and nesting against docs/api.md';

class AddressDto {
  @IsString() city: string;
  @IsIn(['DE', 'FR'], { message: 'pick a supported country' }) country: string;
}

class LineDto {
  @IsInt() @Min(1) quantity: number;
}

class OrderDto {
  @IsString() @Length(1, 10) reference: string;
  @ValidateNested() @Type(() => AddressDto) address: AddressDto;
  @IsArray() @ValidateNested({ each: true }) @Type(() => LineDto) lines: LineDto[];
}

const VALID_ORDER = {
  reference: 'ord-1',
  address: { city: 'Lyon', country: 'FR' },
  lines: [{ quantity: 2 }],
};

function validated(value: object): Promise<OrderDto> {
  return createValidationPipe().transform(value, { type: 'body', metatype: OrderDto });
}

describe('flattenErrors', () => {
  function flattened(value: object) {
    return flattenErrors(validateSync(plainToInstance(OrderDto, value)));
  }

  it('returns nothing for a valid object', () => {
    expect(flattened(VALID_ORDER)).toEqual([]);
  });

  it('names nested fields and array items by their dotted path', () => {
    const errors = flattened({
      ...VALID_ORDER,
      address: { city: 7, country: 'FR' },
      lines: [{ quantity: 1 }, { quantity: 0 }],
    });

    expect(errors).toEqual([
      { field: 'address.city', message: 'must be a string' },
      { field: 'lines.1.quantity', message: 'must not be less than 1' },
    ]);
  });

  it('reports only the type of a field of the wrong type, not the length or range it was not measured by', () => {
    const errors = flattened({ ...VALID_ORDER, reference: 42, lines: [{ quantity: '0' }] });

    expect(errors).toEqual([
      { field: 'reference', message: 'must be a string' },
      { field: 'lines.0.quantity', message: 'must be an integer number' },
    ]);
  });

  it('judges a field of the right type by its other constraints', () => {
    expect(flattened({ ...VALID_ORDER, reference: 'far too long a reference' })).toEqual([
      { field: 'reference', message: 'must be shorter than or equal to 10 characters' },
    ]);
  });

  it('keeps a custom message that does not start with the field name', () => {
    expect(flattened({ ...VALID_ORDER, address: { city: 'Bonn', country: 'XX' } })).toEqual([
      { field: 'address.country', message: 'pick a supported country' },
    ]);
  });

  it('prefixes every field with the given parent path', () => {
    const errors = flattenErrors(validateSync(Object.assign(new LineDto(), { quantity: 0 })), 'lines.3');

    expect(errors).toEqual([{ field: 'lines.3.quantity', message: 'must not be less than 1' }]);
  });
});

describe('createValidationPipe', () => {
  it('turns a valid body into an instance of its class, nested objects included', async () => {
    const order = await validated(VALID_ORDER);

    expect(order).toBeInstanceOf(OrderDto);
    expect(order.address).toBeInstanceOf(AddressDto);
    expect(order).toEqual(VALID_ORDER);
  });

  it('refuses a body with all its bad fields at once as INVALID_INPUT', async () => {
    const validation = validated({ reference: '', address: { country: 'FR' }, lines: [{ quantity: 0 }] });

    await expect(validation).rejects.toBeInstanceOf(ApiException);
    await expect(validation).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: {
        errors: [
          { field: 'reference', message: 'must be longer than or equal to 1 characters' },
          { field: 'address.city', message: 'must be a string' },
          { field: 'lines.0.quantity', message: 'must not be less than 1' },
        ],
      },
    });
  });

  it('refuses properties the class does not declare, at any depth', async () => {
    const validation = validated({
      ...VALID_ORDER,
      admin: true,
      address: { ...VALID_ORDER.address, zip: '69001' },
    });

    await expect(validation).rejects.toHaveProperty('details', {
      errors: [
        { field: 'admin', message: UNKNOWN_FIELD },
        { field: 'address.zip', message: UNKNOWN_FIELD },
      ],
    });
  });
});
