import { RecentNonces } from '@customers/uma-protocol/peers/recent-nonces';

describe('RecentNonces', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('takes a nonce once; the same nonce again is a replay', async () => {
    const nonces = new RecentNonces();
    expect(await nonces.checkAndSaveNonce('1', now())).toBe(true);
    expect(await nonces.checkAndSaveNonce('1', now())).toBe(false);
    expect(await nonces.checkAndSaveNonce('2', now())).toBe(true);
  });

  it('refuses a message signed more than ten minutes from now, either way', async () => {
    const nonces = new RecentNonces();
    expect(await nonces.checkAndSaveNonce('old', now() - 601)).toBe(false);
    expect(await nonces.checkAndSaveNonce('future', now() + 601)).toBe(false);
    expect(await nonces.checkAndSaveNonce('recent', now() - 590)).toBe(true);
  });
});
