import { Environment } from '@payments/contracts';
import {
  ApiClient,
  ApiResponse,
  e2eStack,
  eventually,
  InternalCaller,
  newPlatformClients,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { PostingKind } from '@ledger/postings/posting-rules';

/** Calls the ledger's internal API directly, as the transfers app does, with a caller assertion. */
export class LedgerCaller {
  private readonly client: ApiClient;

  constructor(
    private readonly url: string,
    private readonly platformId: string,
    private readonly environment: Environment = Environment.Sandbox,
  ) {
    this.client = InternalCaller.ofStack('transfers').client('ledger', url, { platformId, environment });
  }

  /** The same API called for another platform or environment. */
  as(platformId: string, environment = this.environment): LedgerCaller {
    return new LedgerCaller(this.url, platformId, environment);
  }

  account(accountId: string): Promise<ApiResponse> {
    return this.client.get(`/internal/accounts/${accountId}`);
  }

  /** One posting, sent as a batch of one and answered as its result: its status and posting or error. */
  async post(body: object): Promise<ApiResponse> {
    const response = await this.postAll([body]);
    if (response.status !== 200) return response;
    const [result] = response.body.results;
    return { ...response, status: result.status, body: result.posting ?? result.error };
  }

  postAll(postings: object[]): Promise<ApiResponse> {
    return this.client.post('/internal/postings/batch', { postings });
  }
}

/** A DEPOSIT of 100 USD under a new transaction id, unless `fields` say otherwise. */
export function postingBody(accountId: string, fields: object = {}) {
  return {
    transactionId: `Transaction:${randomUUID()}`,
    kind: 'DEPOSIT',
    accountId,
    amount: 100,
    currency: 'USD',
    ...fields,
  };
}

export function statuses(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Call in a describe block: the e2e stack and, from its beforeAll, a new platform's sandbox client and
 * a LedgerCaller for it.
 */
export function postingsE2e() {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const kit = {
    stack,
    platformId: '',
    sandbox: undefined as unknown as ApiClient,
    ledger: undefined as unknown as LedgerCaller,

    /** A new customer's USD internal account, opened by the ledger from the customer.created event. */
    async newAccount(): Promise<{
      accountId: string;
      customerId: string;
      platformCustomerId: string;
    }> {
      const platformCustomerId = `ledger-${randomUUID().slice(0, 8)}`;
      const customer = await kit.sandbox.post('/customers', {
        platformCustomerId,
        customerType: 'INDIVIDUAL',
        fullName: 'Ada Lovelace',
        birthDate: '1985-12-10',
      });
      expect(customer.status).toBe(201);
      const accountId = await eventually(async () => {
        const page = await kit.sandbox.get(
          `/customers/internal-accounts?customerId=${customer.body.id}&currency=USD`,
        );
        return page.body.data[0]?.id as string | undefined;
      });
      return { accountId, customerId: customer.body.id, platformCustomerId };
    },

    /** A new account holding `amount`, and a helper that posts to it. */
    async fundedAccount(amount: number) {
      const { accountId } = await kit.newAccount();
      const post = (kind: PostingKind, transactionId: string, postAmount: number) =>
        kit.ledger.post(postingBody(accountId, { transactionId, kind, amount: postAmount }));
      if (amount > 0) expect((await post('DEPOSIT', `Transaction:${randomUUID()}`, amount)).status).toBe(201);
      return { accountId, post };
    },

    balanceOf: async (accountId: string) => (await kit.ledger.account(accountId)).body.balance,
  };

  beforeAll(() => {
    ({ platformId: kit.platformId, sandbox: kit.sandbox } = newPlatformClients(api));
    kit.ledger = new LedgerCaller(stack.appUrls.ledger, kit.platformId);
  });
  return kit;
}
