import { TIMESTAMP_ONLY } from '@customers/uma-protocol/peers/signature-window';

describe('TIMESTAMP_ONLY', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('records no nonce, so a forged message cannot spend a real one', async () => {
    expect(await TIMESTAMP_ONLY.checkAndSaveNonce('n-1', now())).toBe(true);
    expect(await TIMESTAMP_ONLY.checkAndSaveNonce('n-1', now())).toBe(true);
  });

  it('refuses a message signed more than ten minutes from now, either way', async () => {
    expect(await TIMESTAMP_ONLY.checkAndSaveNonce('old', now() - 601)).toBe(false);
    expect(await TIMESTAMP_ONLY.checkAndSaveNonce('future', now() + 601)).toBe(false);
  });
});
