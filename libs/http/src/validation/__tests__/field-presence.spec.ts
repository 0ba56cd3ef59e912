import { plainToInstance } from 'class-transformer';
import { IsString, validateSync } from 'class-validator';
import { RequiredWhen } from '../field-presence';

/** Either id or reference names the thing; whichever is present must be a string. */
class EitherDto {
  @RequiredWhen((body: EitherDto) => body.reference === undefined) @IsString() id?: string;
  @RequiredWhen((body: EitherDto) => body.id === undefined) @IsString() reference?: string;
}

function invalidFields(value: object): string[] {
  return validateSync(plainToInstance(EitherDto, value)).map((error) => error.property);
}

describe('RequiredWhen', () => {
  it('accepts either field alone, or both', () => {
    expect(invalidFields({ id: 'a' })).toEqual([]);
    expect(invalidFields({ reference: 'r' })).toEqual([]);
    expect(invalidFields({ id: 'a', reference: 'r' })).toEqual([]);
  });

  it('requires a field only when its condition holds', () => {
    expect(invalidFields({})).toEqual(['id', 'reference']);
  });

  it.each([[['a']], [1], [{}], [null], [true]])(
    'checks a present field of the wrong type (%j) even when the other field makes it optional',
    (id) => {
      expect(invalidFields({ id, reference: 'r' })).toEqual(['id']);
    },
  );
});
