// Steady load from every platform: one client per platform and kind of payment, each sending its
// next payment as soon as the last has a final answer. Every request is noted with its key, amount
// and what the client learned, for the checks to match against what the service did.

/** Each kind makes one payment and returns the request records it produced. */
const PAYMENTS = {
  async 'transfer-out'(platform) {
    const amount = platform.nextAmount();
    const answer = await platform.api.send('POST', '/transfer-out', {
      source: { accountId: platform.internalAccountId },
      destination: { accountId: platform.payoutAccountId },
      amount,
    });
    return [record('transfer-out', platform, answer, { amount, transactionId: learned(answer, 201, 'id') })];
  },

  async 'transfer-in'(platform) {
    const amount = platform.nextAmount();
    const answer = await platform.api.send('POST', '/transfer-in', {
      source: { accountId: platform.pullAccountId },
      destination: { accountId: platform.internalAccountId },
      amount,
    });
    return [record('transfer-in', platform, answer, { amount, transactionId: learned(answer, 201, 'id') })];
  },

  async 'quote-execute'(platform) {
    const amount = platform.nextAmount();
    const quoted = await platform.api.send('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: platform.internalAccountId },
      destination: { destinationType: 'ACCOUNT', accountId: platform.clabeAccountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
    });
    const quoteId = learned(quoted, 201, 'quoteId');
    const records = [record('quote', platform, quoted, { amount, quoteId })];
    if (!quoteId) return records;
    const executed = await platform.api.send('POST', `/quotes/${quoteId}/execute`, {});
    const transactionId = learned(executed, 200, 'transactionId');
    return [...records, record('execute', platform, executed, { quoteId, transactionId })];
  },
};

export const PAYMENT_KINDS = Object.keys(PAYMENTS);

/** Starts the load; stop() lets every client finish its payment (retries included) and resolves then. */
export function startLoad(platforms, requests) {
  let stopping = false;
  const clients = platforms.flatMap((platform) =>
    Object.values(PAYMENTS).map(async (pay) => {
      while (!stopping) requests.push(...(await pay(platform)));
    }),
  );
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(clients);
    },
  };
}

function record(kind, platform, answer, fields) {
  return {
    kind,
    platform: platform.name,
    key: answer.key,
    status: answer.status,
    attempts: answer.attempts,
    error: answer.status >= 200 && answer.status < 300 ? undefined : answer.body,
    ...fields,
  };
}

function learned(answer, expectedStatus, field) {
  return answer.status === expectedStatus ? answer.body?.[field] : undefined;
}
