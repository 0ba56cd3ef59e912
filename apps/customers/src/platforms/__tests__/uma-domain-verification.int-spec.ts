import { Customer } from '@customers/customers/customer.entity';
import { customersService } from '@customers/customers/__tests__/customers-service-kit';
import { individual } from '@customers/customers/__tests__/customer-bodies';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { fakeDns, umaDomainRules } from '@customers/platforms/__tests__/uma-domain-kit';
import { caller, production, UMA_DOMAIN } from '@customers/__tests__/tenant-kit';
import { useTenantDatabase } from '@customers/__tests__/tenant-database';

const OWN = 'pay.acme.com';
const RECORD = `_grid-uma-verify.${OWN}`;

useTenantDatabase();

/** A platform's production config moved to OWN, no customer holding an address on its old domain. */
async function productionOnOwnDomain(dns = fakeDns()) {
  const kit = await customersService(['USD'], dns);
  const moved = await kit.configs.update(production, { umaDomain: OWN });
  return { ...kit, moved };
}

// Issue 27 point 5: a production umaDomain is used only once the platform proves it holds it.
describe('PlatformConfigsService: proving a UMA domain', () => {
  it('gives a production domain a TXT record to publish and leaves it PENDING until then', async () => {
    const { moved } = await productionOnOwnDomain();

    expect(moved.umaDomain).toBe(OWN);
    expect(moved.umaDomainVerification).toEqual({
      recordName: RECORD,
      token: expect.stringMatching(/^grid-uma-verify=[0-9a-f-]{36}$/),
      status: 'PENDING',
    });
  });

  it('refuses to verify with 422 UMA_DOMAIN_NOT_VERIFIED while no TXT record reads the token', async () => {
    const dns = fakeDns({ [RECORD]: ['grid-uma-verify=someone-elses-token'] });
    const { configs, database } = await productionOnOwnDomain(dns);

    await expect(configs.verifyUmaDomain(production)).rejects.toMatchObject({
      code: 'UMA_DOMAIN_NOT_VERIFIED',
      status: 422,
    });
    expect((await database.rows(PlatformConfig)).find((row) => row.umaDomain === OWN)).toMatchObject({
      umaDomainVerifiedAt: null,
    });
  });

  it('verifies the domain once its TXT record reads the token, and unverifies it when the domain changes', async () => {
    const dns = fakeDns();
    const { configs, moved } = await productionOnOwnDomain(dns);
    dns.records[RECORD] = ['v=spf1 -all', moved.umaDomainVerification.token];

    const verified = await configs.verifyUmaDomain(production);
    const movedAgain = await configs.update(production, { umaDomain: 'pay.acme.org' });

    expect(verified.umaDomainVerification.status).toBe('VERIFIED');
    expect((await configs.get(production)).umaDomainVerification.status).toBe('PENDING');
    expect(movedAgain.umaDomainVerification.status).toBe('PENDING');
  });

  it('takes a production domain the operator allow-listed, and the deployment’s own, as verified', () => {
    const rules = umaDomainRules('*.acme.com');
    const config = (umaDomain: string) =>
      ({ environment: 'PRODUCTION', umaDomain, umaDomainVerifiedAt: null }) as PlatformConfig;

    expect(rules.isVerified(config(OWN))).toBe(true);
    expect(rules.isVerified(config('acme-pay.uma.local'))).toBe(true);
    expect(rules.isVerified(config('acme.com.evil.example'))).toBe(false);
    expect(() => rules.assertUsable(config('pay.evil.example'))).toThrow(
      expect.objectContaining({ code: 'UMA_DOMAIN_NOT_VERIFIED', status: 422 }),
    );
  });

  it('keeps a sandbox domain under the deployment’s own suffix (400 otherwise)', async () => {
    const { configs } = await customersService();

    await expect(configs.update(caller, { umaDomain: OWN })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      status: 400,
    });
    expect((await configs.update(caller, { umaDomain: 'acme-2.uma.local' })).umaDomain).toBe(
      'acme-2.uma.local',
    );
  });

  it('refuses with 409 CONFLICT to move a domain while live customers hold addresses on it', async () => {
    const { configs, service, database } = await customersService();
    await service.create(caller, individual('c-1'));

    await expect(configs.update(caller, { umaDomain: 'acme-2.uma.local' })).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    expect((await database.rows(Customer)).map((row) => row.umaAddress)).toEqual([`$c-1@${UMA_DOMAIN}`]);
  });
});
