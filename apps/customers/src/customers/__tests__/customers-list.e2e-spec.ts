import { ApiClient, ApiResponse, bootstrapPlatform } from '@payments/testing';
import { business, individual } from '@customers/customers/__tests__/customer-bodies';
import { customersE2e, idsOf } from '@customers/customers/__tests__/customers-e2e-kit';

describe('customers: list', () => {
  const { api } = customersE2e();

  describe('list', () => {
    let listing: ApiClient;
    let alice: ApiResponse;
    let acme: ApiResponse;
    let bob: ApiResponse;

    beforeAll(async () => {
      listing = api.withCredentials(bootstrapPlatform().sandbox);
      alice = await listing.post('/customers', individual('alice'));
      acme = await listing.post('/customers', business('acme'));
      bob = await listing.post('/customers', individual('bob'));
    });

    it('lists newest first, page by page, with the total on each page', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listing.get(`/customers?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        expect(page.body.totalCount).toBe(3);
        expect(page.body.data).toHaveLength(1);
        seen.push(...idsOf(page));
        cursor = page.body.nextCursor;
        expect(page.body.hasMore).toBe(cursor !== undefined);
      } while (cursor);

      expect(seen).toEqual([bob.body.id, acme.body.id, alice.body.id]);
    });

    it('filters by platformCustomerId, customerType and umaAddress', async () => {
      expect(idsOf(await listing.get('/customers?platformCustomerId=alice'))).toEqual([alice.body.id]);
      expect(idsOf(await listing.get('/customers?customerType=BUSINESS'))).toEqual([acme.body.id]);
      expect(idsOf(await listing.get('/customers?customerType=INDIVIDUAL'))).toEqual([
        bob.body.id,
        alice.body.id,
      ]);
      const umaAddress = encodeURIComponent(bob.body.umaAddress.toUpperCase());
      expect(idsOf(await listing.get(`/customers?umaAddress=${umaAddress}`))).toEqual([bob.body.id]);
    });

    it('filters by creation and update time, both bounds inclusive', async () => {
      const created = (response: ApiResponse) => encodeURIComponent(response.body.createdAt);
      expect(idsOf(await listing.get(`/customers?createdAfter=${created(acme)}`))).toEqual([
        bob.body.id,
        acme.body.id,
      ]);
      expect(idsOf(await listing.get(`/customers?createdBefore=${created(acme)}`))).toEqual([
        acme.body.id,
        alice.body.id,
      ]);
      expect(
        idsOf(await listing.get(`/customers?createdAfter=${created(acme)}&createdBefore=${created(acme)}`)),
      ).toEqual([acme.body.id]);

      const touched = await listing.patch(`/customers/${alice.body.id}`, {
        customerType: 'INDIVIDUAL',
        email: 'alice@example.com',
      });
      const updatedAt = encodeURIComponent(touched.body.updatedAt);
      expect(idsOf(await listing.get(`/customers?updatedAfter=${updatedAt}`))).toEqual([alice.body.id]);
      expect(idsOf(await listing.get(`/customers?updatedBefore=${updatedAt}`))).toEqual([
        bob.body.id,
        acme.body.id,
        alice.body.id,
      ]);
    });

    it('leaves deleted customers out unless asked to include them', async () => {
      const leaving = await listing.post('/customers', individual('leaving'));
      await listing.delete(`/customers/${leaving.body.id}`);

      expect(idsOf(await listing.get('/customers?platformCustomerId=leaving'))).toEqual([]);
      expect(
        idsOf(await listing.get('/customers?platformCustomerId=leaving&isIncludingDeleted=false')),
      ).toEqual([]);
      const included = await listing.get('/customers?platformCustomerId=leaving&isIncludingDeleted=true');
      expect(included.body).toMatchObject({
        totalCount: 1,
        data: [{ id: leaving.body.id, isDeleted: true }],
      });
    });
  });
});
