import { getMetadataStorage, IsInt, IsString, Min, validateSync, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { cacheValidationMetadata } from '../metadata-cache';

class Amount {
  @IsInt()
  @Min(1)
  value!: number;
}

class Payment {
  @IsString()
  reference!: string;

  @ValidateNested()
  @Type(() => Amount)
  amount!: Amount;
}

class CardPayment extends Payment {
  @IsString()
  cardLast4!: string;
}

const build = <T extends object>(target: new () => T, fields: Partial<T>): T =>
  Object.assign(new target(), fields);

const ruleNames = (rules: { propertyName: string; name?: string; type: string }[]) =>
  rules.map((rule) => `${rule.propertyName}:${rule.name ?? rule.type}`).sort();
// class-validator's own answer, before the cache is installed.
const uncached = ruleNames(getMetadataStorage().getTargetValidationMetadatas(CardPayment, '', false, false));

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('answers a lookup as class-validator does, inherited rules included, then from the cache', () => {
    const first = getMetadataStorage().getTargetValidationMetadatas(CardPayment, '', false, false);

    expect(ruleNames(first)).toEqual(uncached);
    expect(new Set(first.map((rule) => rule.propertyName))).toEqual(
      new Set(['reference', 'amount', 'cardLast4']),
    );
    expect(getMetadataStorage().getTargetValidationMetadatas(CardPayment, '', false, false)).toBe(first);
  });

  it('keeps options apart: a lookup with groups is not answered with the one without', () => {
    const all = getMetadataStorage().getTargetValidationMetadatas(Payment, '', false, false);
    const grouped = getMetadataStorage().getTargetValidationMetadatas(Payment, '', false, false, ['admin']);
    expect(grouped).not.toBe(all);
  });

  it('still finds every error, nested and inherited, on every call', () => {
    const bad = build(CardPayment, { reference: 7 as never, amount: build(Amount, { value: 0 }) });
    for (let round = 0; round < 3; round++) {
      const errors = validateSync(bad);
      expect(errors.map((error) => error.property).sort()).toEqual(['amount', 'cardLast4', 'reference']);
      expect(errors.find((error) => error.property === 'amount')?.children?.[0].constraints).toEqual({
        min: 'value must not be less than 1',
      });
    }
    const good = build(CardPayment, {
      reference: 'r',
      cardLast4: '4242',
      amount: build(Amount, { value: 5 }),
    });
    expect(validateSync(good)).toEqual([]);
  });

  it('sees a rule added to a class whose rules it had cached', () => {
    class Refund {
      @IsString()
      reason!: string;
      note?: unknown;
    }
    expect(validateSync(build(Refund, { reason: 'late', note: 3 }))).toEqual([]);
    IsString()(Refund.prototype, 'note');
    expect(validateSync(build(Refund, { reason: 'late', note: 3 })).map((error) => error.property)).toEqual([
      'note',
    ]);
  });
});
