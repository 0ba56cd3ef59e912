import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { scopeOf } from '@payments/http';
import { dataSourceOptions, RowChanges } from '@payments/persistence';
import { ApiClient } from '@payments/testing';
import { DataSource } from 'typeorm';
import { QUOTING_SCHEMA } from '@quoting/database';
import { FeeRule } from '@quoting/fee-rules/fee-rule.entity';
import { FeeRulesService } from '@quoting/fee-rules/fee-rules.service';
import {
  feeRulesE2e,
  FIXED_TRANSFER_IN,
  HYBRID_PAYOUT,
  PERCENTAGE_RAMP_ON,
} from '@quoting/fee-rules/__tests__/fee-rules-e2e-kit';

describe('fee rules', () => {
  const feeRules = feeRulesE2e();
  const { stack, create } = feeRules;
  let platformId: string, sandbox: ApiClient, production: ApiClient;
  beforeAll(() => void ({ platformId, sandbox, production } = feeRules));

  describe('activeRule, as quote pricing reads what the API wrote', () => {
    let dataSource: DataSource;
    let service: FeeRulesService;
    const sandboxScope = () => scopeOf({ platformId, environment: Environment.Sandbox });

    beforeAll(async () => {
      dataSource = await new DataSource(dataSourceOptions(stack.databaseUrl, QUOTING_SCHEMA)).initialize();
      // Not listening, so its cache reads through: each read sees the database as it is.
      const rowChanges = new RowChanges(
        QUOTING_SCHEMA.schema,
        new ConfigService({ DATABASE_URL: stack.databaseUrl }),
      );
      service = new FeeRulesService(dataSource, dataSource.getRepository(FeeRule), rowChanges);
    });

    afterAll(() => dataSource?.destroy());

    it("gives each enabled rule's components as exact text, absent ones as zero", async () => {
      await create(HYBRID_PAYOUT);
      await create({ transactionType: 'RAMP_ON', feeType: 'PERCENTAGE', variableFeeRate: 0.2 });
      await create({ transactionType: 'TRANSFER_IN', feeType: 'FIXED', fixedFee: 0 });

      expect(await service.activeRule(sandboxScope(), 'CROSS_BORDER_PAYOUT')).toEqual({
        fixedFee: 30,
        variableFeeRate: '0.0025',
      });
      expect(await service.activeRule(sandboxScope(), 'RAMP_ON')).toEqual({
        fixedFee: 0,
        variableFeeRate: '0.2',
      });
      expect(await service.activeRule(sandboxScope(), 'TRANSFER_IN')).toEqual({
        fixedFee: 0,
        variableFeeRate: '0',
      });
    });

    it('gives null without a rule, for a disabled one and for the other environment', async () => {
      const rule = await create(FIXED_TRANSFER_IN);
      await create(PERCENTAGE_RAMP_ON, production);

      expect(await service.activeRule(sandboxScope(), 'RAMP_OFF')).toBeNull();
      expect(await service.activeRule(sandboxScope(), 'RAMP_ON')).toBeNull();
      await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: false });
      expect(await service.activeRule(sandboxScope(), 'TRANSFER_IN')).toBeNull();
      await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: true, fixedFee: 75 });
      expect(await service.activeRule(sandboxScope(), 'TRANSFER_IN')).toEqual({
        fixedFee: 75,
        variableFeeRate: '0',
      });
    });
  });
});
