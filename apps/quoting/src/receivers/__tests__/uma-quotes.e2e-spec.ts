import { ApiClient, newPlatformClients } from '@payments/testing';
import { QUOTE_TTL_MS, SANDBOX, umaPaymentsE2e } from '@quoting/receivers/__tests__/uma-payments-kit';

describe('quotes to UMA addresses', () => {
  const uma = umaPaymentsE2e();
  const { api, lookup, umaQuote } = uma;
  let sandbox: ApiClient, usdAccount: string;
  beforeAll(() => void ({ sandbox, usdAccount } = uma));

  describe('POST /quotes to a UMA address', () => {
    it('needs a lookupId of the caller, and every mandatory payer data field', async () => {
      const destination = { destinationType: 'UMA_ADDRESS', umaAddress: `$success.eur@${SANDBOX}` };
      const noLookup = await umaQuote({ destination });
      expect(noLookup.status).toBe(404);
      expect(noLookup.body.code).toBe('LOOKUP_REQUEST_NOT_FOUND');

      const found = await lookup(`$success.eur@${SANDBOX}`);
      const missing = await umaQuote({
        destination,
        lookupId: found.body.lookupId,
        senderCustomerInfo: { NATIONALITY: 'GB' },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('MISSING_MANDATORY_USER_INFO');
      expect(missing.body.details.missingFields).toEqual(['FULL_NAME', 'BIRTH_DATE']);

      const other = newPlatformClients(api).sandbox;
      const theirs = await other.get(
        `/receiver/uma/${encodeURIComponent(`$success.eur@${SANDBOX}`)}?senderUmaAddress=${encodeURIComponent('$x@y.example')}`,
      );
      expect(theirs.status).toBe(200);
      const stolen = await umaQuote({ destination, lookupId: theirs.body.lookupId });
      expect(stolen.status).toBe(404);
      expect(stolen.body.code).toBe('LOOKUP_REQUEST_NOT_FOUND');

      const wrongReceiver = await umaQuote({
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: `$success.gbp@${SANDBOX}` },
        lookupId: found.body.lookupId,
      });
      expect(wrongReceiver.status).toBe(400);
      const wrongCurrency = await umaQuote({
        destination: { ...destination, currency: 'MXN' },
        lookupId: found.body.lookupId,
      });
      expect(wrongCurrency.status).toBe(400);
      expect(wrongCurrency.body.code).toBe('INVALID_CURRENCY');
    });

    it('refuses a lookup past the quote lifetime with 404 LOOKUP_REQUEST_NOT_FOUND', async () => {
      const address = `$success.eur@${SANDBOX}`;
      const found = await lookup(address);
      await new Promise((resolve) => setTimeout(resolve, QUOTE_TTL_MS + 500));
      const expired = await umaQuote({
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
        lookupId: found.body.lookupId,
      });
      expect(expired.status).toBe(404);
      expect(expired.body.code).toBe('LOOKUP_REQUEST_NOT_FOUND');
    });

    it('prices with the lookup’s currency and shows the UMA destination; the list filters by receivingUmaAddress', async () => {
      const address = `$success.eur@${SANDBOX}`;
      const found = await lookup(address);
      const created = await umaQuote({
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
        lookupId: found.body.lookupId,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'PENDING',
        source: { sourceType: 'ACCOUNT', accountId: usdAccount, currency: 'USD' },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address, currency: 'EUR' },
        sendingCurrency: { code: 'USD' },
        receivingCurrency: { code: 'EUR' },
        totalSendingAmount: 10_000,
      });
      const listed = await sandbox.get(
        `/quotes?receivingUmaAddress=${encodeURIComponent(address.toUpperCase())}`,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((quote: { quoteId: string }) => quote.quoteId)).toContain(
        created.body.quoteId,
      );
      expect(
        listed.body.data.every(
          (quote: { destination: { umaAddress?: string } }) => quote.destination.umaAddress === address,
        ),
      ).toBe(true);
    });
  });
});
