// The suite's platforms: each bootstrapped as a new user would, with its webhook endpoint on the
// suite's receiver, USD and MXN enabled, one funded customer and the external accounts the load
// pays to, pulls from and quotes to.
import { setTimeout as sleep } from 'node:timers/promises';
import { bootstrapPlatform } from '../bootstrap.mjs';
import { BENEFICIARY, individualCustomer, WIDE_CURRENCIES } from '../lib/fixtures.mjs';
import { RetryingClient } from './retrying-client.mjs';

const FUNDING_AMOUNT = 10_000_000_000;
/** Every request of a platform moves a distinct amount, from here up: the amount tells which key made an effect. */
const FIRST_AMOUNT = 10_000;

export async function preparePlatform({ name, env, gatewayUrl, receiver, onAnswer }) {
  const credentials = await bootstrapPlatform(name, env);
  const api = new RetryingClient(gatewayUrl, credentials.sandbox, { onAnswer });
  await api.must('PATCH', '/config', {
    webhookEndpoint: receiver.urlFor(name),
    supportedCurrencies: WIDE_CURRENCIES,
  });
  const customer = await api.must('POST', '/customers', individualCustomer(`${name}-payer`));
  const internalAccountId = await internalAccountOf(api, customer.id);
  const usAccount = (number) => ({
    currency: 'USD',
    customerId: customer.id,
    accountInfo: {
      accountType: 'US_ACCOUNT',
      // Ending 001: the sandbox rail completes pulls from and payouts to it.
      accountNumber: `${number}001`,
      routingNumber: '021000021',
      accountCategory: 'CHECKING',
      bankName: 'Faults Bank',
      beneficiary: BENEFICIARY,
    },
  });
  const payout = await api.must('POST', '/customers/external-accounts', usAccount('7000001'));
  const pull = await api.must('POST', '/customers/external-accounts', usAccount('7000002'));
  const clabe = await api.must('POST', '/customers/external-accounts', {
    currency: 'MXN',
    customerId: customer.id,
    accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771', beneficiary: BENEFICIARY },
  });
  await api.must('POST', `/sandbox/internal-accounts/${internalAccountId}/fund`, { amount: FUNDING_AMOUNT });
  let lastAmount = FIRST_AMOUNT;
  return {
    name,
    platformId: credentials.platformId.replace(/^Platform:/, ''),
    api,
    internalAccountId,
    payoutAccountId: payout.id,
    pullAccountId: pull.id,
    clabeAccountId: clabe.id,
    nextAmount: () => ++lastAmount,
  };
}

/** The ledger opens the customer's accounts from its event on Kafka, a moment after the customer. */
async function internalAccountOf(api, customerId) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    const page = await api.must('GET', `/customers/internal-accounts?customerId=${customerId}&currency=USD`);
    if (page.data[0]) return page.data[0].id;
  }
  throw new Error(`the ledger opened no USD account for ${customerId} within 60 s`);
}
