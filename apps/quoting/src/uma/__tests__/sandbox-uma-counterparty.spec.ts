import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { SANDBOX_PAYER_DATA, SandboxUmaCounterparty } from '@quoting/uma/sandbox-uma-counterparty';
import { parseUmaAddress } from '@quoting/uma/uma-address';
import { UmaCounterparty } from '@quoting/uma/uma-counterparty';

const DOMAIN = 'sandbox.grid.uma.money';
/** Used as the app does, through the interface. */
const sandbox: UmaCounterparty = new SandboxUmaCounterparty();
const PLATFORM = { platformId: '7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e', environment: Environment.Sandbox };
const SENDER = { platform: PLATFORM, umaAddress: null };
const receiver = (user: string) => parseUmaAddress(`$${user}@${DOMAIN}`);

async function lookupFailure(user: string): Promise<ApiException> {
  return sandbox.lookup(receiver(user), SENDER).then(
    () => {
      throw new Error(`lookup of ${user} succeeded`);
    },
    (error: ApiException) => error,
  );
}

describe('sandbox UMA counterparties', () => {
  it('$success.<currency> receives that currency only and asks for the payer data', async () => {
    const found = await sandbox.lookup(receiver('success.mxn'), SENDER);
    expect(found.currencies).toEqual([{ code: 'MXN', min: 1, max: 1_000_000_000_000 }]);
    expect(found.requiredPayerData).toEqual(SANDBOX_PAYER_DATA);
    expect(SANDBOX_PAYER_DATA.filter((field) => field.mandatory).map((field) => field.name)).toEqual([
      'FULL_NAME',
      'BIRTH_DATE',
    ]);
  });

  it('fails the lookup of $fail.lnurlp, of unknown users and of unsupported currencies', async () => {
    for (const user of ['fail.lnurlp', 'someone', 'success.xyz']) {
      const error = await lookupFailure(user);
      expect(error.code).toBe('LNURLP_REQUEST_FAILED');
      expect(error.message).toContain(`$${user}@${DOMAIN}`);
      expect(error.message).toMatch(/\): (look up|use) \$success\.<currency>/);
    }
  });

  it('finds $fail.payreq in every currency and refuses its pay request', async () => {
    const found = await sandbox.lookup(receiver('fail.payreq'), SENDER);
    expect(found.currencies.map((currency) => currency.code)).toEqual(
      expect.arrayContaining(['USD', 'EUR', 'BTC']),
    );
    const outcome = await sandbox.payRequest({
      receiver: receiver('fail.payreq'),
      sender: { platform: PLATFORM, umaAddress: null },
      currency: 'EUR',
      amount: 100n,
      payerData: {},
      lookupState: found.state,
    });
    expect(outcome).toEqual({
      accepted: false,
      detail: expect.stringMatching(/refused the pay request.*: pay \$success\.<currency>/),
    });
  });

  it('accepts the pay request of $success.<currency>', async () => {
    const outcome = await sandbox.payRequest({
      receiver: receiver('success.eur'),
      sender: { platform: PLATFORM, umaAddress: '$ada@acme.example' },
      currency: 'EUR',
      amount: 9_000n,
      payerData: { FULL_NAME: 'Ada Lovelace' },
      lookupState: {},
    });
    expect(outcome).toEqual({ accepted: true });
  });
});
