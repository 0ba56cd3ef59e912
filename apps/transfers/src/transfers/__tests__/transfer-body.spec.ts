import { ArgumentMetadata } from '@nestjs/common';
import { ApiException, createValidationPipe } from '@payments/http';
import { FundAccountDto } from '@transfers/sandbox/dto/fund-account.dto';
import { TransferInDto, TransferOutDto } from '@transfers/transfers/dto/transfer.dto';

const INTERNAL = 'InternalAccount:7b3c1a2e-2222-4d2f-9a1b-000000000002';
const EXTERNAL = 'ExternalAccount:7b3c1a2e-3333-4d2f-9a1b-000000000003';
const pipe = createValidationPipe();

async function badFields(metatype: ArgumentMetadata['metatype'], body: unknown): Promise<string[]> {
  try {
    await pipe.transform(body, { type: 'body', metatype });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    // One entry per broken constraint; a field may break several.
    const errors = (error as ApiException).details!.errors as { field: string }[];
    return [...new Set(errors.map((fieldError) => fieldError.field))];
  }
}

const transferOut = (changes: Record<string, unknown> = {}) => ({
  source: { accountId: INTERNAL },
  destination: { accountId: EXTERNAL },
  amount: 12550,
  ...changes,
});

describe('transfer bodies', () => {
  it('accepts a transfer-out and a transfer-in with their account types the right way round', async () => {
    expect(await badFields(TransferOutDto, transferOut())).toEqual([]);
    expect(
      await badFields(TransferInDto, {
        source: { accountId: EXTERNAL },
        destination: { accountId: INTERNAL },
        amount: 1,
      }),
    ).toEqual([]);
  });

  it('refuses accounts of the wrong type, naming each field', async () => {
    expect(
      await badFields(
        TransferOutDto,
        transferOut({ source: { accountId: EXTERNAL }, destination: { accountId: INTERNAL } }),
      ),
    ).toEqual(['source.accountId', 'destination.accountId']);
    expect(await badFields(TransferInDto, transferOut())).toEqual([
      'source.accountId',
      'destination.accountId',
    ]);
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['fractional', 10.5],
    ['a string', '100'],
    ['above 9,000,000,000,000,000', 9_000_000_000_000_001],
    ['missing', undefined],
  ])('refuses an amount that is %s', async (_case, amount) => {
    expect(await badFields(TransferOutDto, transferOut({ amount }))).toEqual(['amount']);
  });

  it('takes the largest amount', async () => {
    expect(await badFields(TransferOutDto, transferOut({ amount: 9_000_000_000_000_000 }))).toEqual([]);
  });

  it('lists every bad field at once, missing objects and unknown fields included', async () => {
    expect(await badFields(TransferOutDto, { amount: 0, memo: 'x' })).toEqual(
      expect.arrayContaining(['source', 'destination', 'amount', 'memo']),
    );
  });
});

describe('sandbox funding body', () => {
  it.each([
    [1, []],
    [100_000_000_000, []],
    [100_000_000_001, ['amount']],
    [0, ['amount']],
    [1.5, ['amount']],
  ])('amount %p', async (amount, fields) => {
    expect(await badFields(FundAccountDto, { amount })).toEqual(fields);
  });
});
