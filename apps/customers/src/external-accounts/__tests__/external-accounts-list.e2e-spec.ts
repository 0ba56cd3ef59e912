import { ApiClient, ApiResponse, bootstrapPlatform } from '@payments/testing';
import { accountOf } from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsE2e, idsOf } from '@customers/external-accounts/__tests__/external-accounts-e2e-kit';

describe('external accounts: list', () => {
  const { api, newCustomer } = externalAccountsE2e();

  describe('list', () => {
    let listing: ApiClient;
    let alice: string;
    let bob: string;
    let aliceUsd: ApiResponse;
    let aliceMxn: ApiResponse;
    let bobUsd: ApiResponse;

    beforeAll(async () => {
      listing = api.withCredentials(bootstrapPlatform().sandbox);
      alice = await newCustomer('Alice Liddell', listing);
      bob = await newCustomer('Bob Builder', listing);
      aliceUsd = await listing.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: alice,
      });
      aliceMxn = await listing.post('/customers/external-accounts', {
        ...accountOf('CLABE'),
        customerId: alice,
      });
      bobUsd = await listing.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: bob,
      });
    });

    it('lists newest first, page by page, with the total on each page', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listing.get(
          `/customers/external-accounts?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        expect(page.body.totalCount).toBe(3);
        seen.push(...idsOf(page));
        cursor = page.body.nextCursor;
        expect(page.body.hasMore).toBe(cursor !== undefined);
      } while (cursor);

      expect(seen).toEqual([bobUsd.body.id, aliceMxn.body.id, aliceUsd.body.id]);
    });

    it('filters by customerId and currency', async () => {
      expect(idsOf(await listing.get(`/customers/external-accounts?customerId=${alice}`))).toEqual([
        aliceMxn.body.id,
        aliceUsd.body.id,
      ]);
      const usdOnly = await listing.get('/customers/external-accounts?currency=USD');
      expect(idsOf(usdOnly)).toEqual([bobUsd.body.id, aliceUsd.body.id]);
      expect(usdOnly.body.totalCount).toBe(2);
      expect(idsOf(await listing.get(`/customers/external-accounts?customerId=${bob}&currency=MXN`))).toEqual(
        [],
      );
    });

    it.each([
      ['a malformed customerId', 'customerId=nope', 'customerId'],
      ['an unsupported currency', 'currency=XYZ', 'currency'],
      ['limit 0', 'limit=0', 'limit'],
      ['limit 101', 'limit=101', 'limit'],
      ['a malformed cursor', 'cursor=not-a-cursor', 'cursor'],
      ['an unknown parameter', 'status=ACTIVE', 'status'],
    ])('answers a query with %s with 400 INVALID_INPUT naming the field', async (_case, query, field) => {
      const response = await listing.get(`/customers/external-accounts?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
      expect(response.body.details.errors).toEqual([{ field, message: expect.any(String) }]);
    });
  });
});
