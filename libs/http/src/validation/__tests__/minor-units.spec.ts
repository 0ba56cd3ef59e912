import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { createValidationPipe, flattenErrors } from '../validation.pipe';
import { IsMinorUnits } from '../minor-units';

class PaymentDto {
  @IsMinorUnits(1, 100_000_000_000) amount: number;
  @IsOptional() @IsMinorUnits(0, 10) fee?: number;
}

const UNIT = 'must be a JSON integer of minor units, e.g. 10000 for 100.00 USD';

function errorsOf(value: object) {
  return flattenErrors(validateSync(plainToInstance(PaymentDto, value)));
}

describe('IsMinorUnits', () => {
  it('takes an integer within its range', () => {
    expect(errorsOf({ amount: 10_000, fee: 0 })).toEqual([]);
  });

  it.each([
    ['100', 'a string'],
    [100.5, '100.5'],
    [null, 'null'],
    [true, 'a boolean'],
    [[100], 'an array'],
    [{ value: 100 }, 'an object'],
    [undefined, 'no value'],
  ])('answers %j with the unit and what was sent, and nothing of the range', (amount, got) => {
    expect(errorsOf({ amount })).toEqual([{ field: 'amount', message: `${UNIT}; got ${got}` }]);
  });

  it('names the limit an integer breaks, and only that one', () => {
    expect(errorsOf({ amount: 0, fee: 11 })).toEqual([
      { field: 'amount', message: 'must not be less than 1' },
      { field: 'fee', message: 'must not be greater than 10' },
    ]);
  });

  it('is what the pipe refuses a request with', async () => {
    await expect(
      createValidationPipe().transform({ amount: '100' }, { type: 'body', metatype: PaymentDto }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: `amount: ${UNIT}; got a string`,
      details: { errors: [{ field: 'amount', message: `${UNIT}; got a string` }] },
    });
  });
});
