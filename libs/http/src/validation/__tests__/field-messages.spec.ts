import { plainToInstance, Type } from 'class-transformer';
import { IsEnum, IsIn, IsString, ValidateNested, validateSync } from 'class-validator';
import { flattenErrors } from '../validation.pipe';

enum Rail {
  Ach = 'ACH',
  Spei = 'SPEI',
}

class PartyDto {
  @IsString() name: string;
}

class PaymentDto {
  @IsEnum(Rail) rail: Rail;
  @IsIn(['USD', 'EUR']) currency: string;
  @IsIn(['EMAIL', 'SMS'], { each: true }) channels: string[];
  @ValidateNested() @Type(() => PartyDto) payee: PartyDto;
}

const VALID = { rail: 'ACH', currency: 'USD', channels: ['SMS'], payee: { name: 'Ana' } };

function errorsOf(value: object) {
  return flattenErrors(
    validateSync(plainToInstance(PaymentDto, value), { whitelist: true, forbidNonWhitelisted: true }),
  );
}

// docs/api.md#errors: a field's message names what was wrong with the value and, after a colon, what is accepted.
describe('field messages', () => {
  it('names an unknown field by its path and says to remove it', () => {
    expect(errorsOf({ ...VALID, amount: 5, payee: { name: 'Ana', nickname: 'A' } })).toEqual([
      { field: 'amount', message: expect.stringMatching(/^is not a field this endpoint takes: remove it/) },
      {
        field: 'payee.nickname',
        message: expect.stringMatching(/^is not a field this endpoint takes: remove it/),
      },
    ]);
  });

  it('names a value outside an enum or a list, and lists the accepted ones', () => {
    expect(errorsOf({ ...VALID, rail: 'WIRE', currency: 'usd' })).toEqual([
      { field: 'rail', message: 'is "WIRE", which is not accepted: use one of ACH, SPEI' },
      { field: 'currency', message: 'is "usd", which is not accepted: use one of USD, EUR' },
    ]);
  });

  it('asks for a missing enum value by what is accepted', () => {
    expect(errorsOf({ ...VALID, rail: undefined })).toEqual([
      { field: 'rail', message: 'is required: use one of ACH, SPEI' },
    ]);
  });

  it('names only the items of a list that are not accepted', () => {
    expect(errorsOf({ ...VALID, channels: ['SMS', 'FAX', 'PIGEON'] })).toEqual([
      { field: 'channels', message: 'holds "FAX", "PIGEON", which are not accepted: use only EMAIL, SMS' },
    ]);
  });

  it('cuts a long value short instead of echoing it whole', () => {
    const [{ message }] = errorsOf({ ...VALID, currency: 'X'.repeat(500) });

    expect(message).toMatch(/^is "X{36}\.\.\., which is not accepted: use one of USD, EUR$/);
  });

  it('says a nested object sent as something else must be an object', () => {
    expect(errorsOf({ ...VALID, payee: 'Ana' })).toEqual([
      {
        field: 'payee',
        message:
          'is a string, where a JSON object is expected: send an object with the fields docs/api.md lists',
      },
    ]);
  });
});
