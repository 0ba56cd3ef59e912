import { ApiClient, BENEFICIARY, eventually, supportedCurrency } from '@payments/testing';

/** A German IBAN of the given 18-digit BBAN with its mod-97 check digits; its ending picks the sandbox rail's answer. */
export function germanIban(bban: string): string {
  const remainder = BigInt(`${bban}131400`) % 97n; // D=13, E=14, then "00"
  return `DE${String(98n - remainder).padStart(2, '0')}${bban}`;
}

export async function supportUsdAndEur(client: ApiClient): Promise<void> {
  const response = await client.patch('/config', {
    supportedCurrencies: ['USD', 'EUR'].map(supportedCurrency),
  });
  expect(response.status).toBe(200);
}

/** A customer whose platform id is the text given, with its internal accounts once the ledger opened them. */
export async function customerWithAccounts<Currency extends string>(
  client: ApiClient,
  platformCustomerId: string,
  currencies: Currency[],
): Promise<{ customerId: string; accounts: Record<Currency, string> }> {
  const created = await client.post('/customers', {
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    fullName: 'Ada Lovelace',
    birthDate: '1985-12-10',
    nationality: 'GB',
    address: BENEFICIARY.address,
  });
  expect(created.status).toBe(201);
  const accountIn = (currency: string) =>
    eventually(async () => {
      const page = await client.get(
        `/customers/internal-accounts?customerId=${created.body.id}&currency=${currency}`,
      );
      return page.body.data?.[0]?.id as string | undefined;
    });
  const ids = await Promise.all(currencies.map(accountIn));
  const accounts = Object.fromEntries(currencies.map((currency, index) => [currency, ids[index]]));
  return { customerId: created.body.id, accounts: accounts as Record<Currency, string> };
}

export async function ibanAccount(client: ApiClient, customerId: string, bban: string): Promise<string> {
  const response = await client.post('/customers/external-accounts', {
    customerId,
    currency: 'EUR',
    accountInfo: {
      accountType: 'IBAN',
      iban: germanIban(bban),
      swiftBic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      beneficiary: BENEFICIARY,
    },
  });
  expect(response.body).toMatchObject({ id: expect.any(String) });
  return response.body.id;
}

/** RFC 4180 records of a CSV text: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const next = text[index + 1];
    if (quoted && char === '"' && next === '"') {
      field += '"';
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += char;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && next === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      index++;
    } else {
      field += char;
    }
  }
  return records;
}
