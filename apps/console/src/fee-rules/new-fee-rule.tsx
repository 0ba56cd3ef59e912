import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { answer } from '@console/api/client';
import { ErrorNotice } from '@console/ui/error-notice';
import { ChoiceField } from '@console/ui/filter-fields';
import { useSession } from '@console/session/session';
import { FeeRuleForm, feeRuleBody } from './fee-rule-body';

const TRANSACTION_TYPES = [
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'RAMP_ON',
  'RAMP_OFF',
  'CROSS_BORDER_PAYOUT',
] as const;
const FEE_TYPES = ['FIXED', 'PERCENTAGE', 'HYBRID'] as const;

/** A fee the platform charges on one transaction type, on top of the service's. */
export function NewFeeRule() {
  const { api } = useSession();
  const queries = useQueryClient();
  const form = useForm<FeeRuleForm>({
    defaultValues: {
      transactionType: 'CROSS_BORDER_PAYOUT',
      feeType: 'FIXED',
      fixedFee: '0',
      variableFeeRate: '0',
    },
  });
  const feeType = form.watch('feeType');
  const create = useMutation({
    mutationFn: (values: FeeRuleForm) =>
      answer(api.POST('/2025-10-13/fee-rules', { body: feeRuleBody(values) })),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['fee-rules'] }),
  });
  return (
    <section aria-labelledby="new-fee-rule">
      <h2 id="new-fee-rule">New fee rule</h2>
      <form className="inline-form" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <ChoiceField
          label="Transaction type"
          name="transactionType"
          choices={TRANSACTION_TYPES}
          register={form.register}
          orAny={false}
        />
        <ChoiceField
          label="Fee type"
          name="feeType"
          choices={FEE_TYPES}
          register={form.register}
          orAny={false}
        />
        {feeType !== 'PERCENTAGE' && (
          <label>
            Fixed fee (US cents)
            <input type="number" min={0} max={10000} step={1} {...form.register('fixedFee')} />
          </label>
        )}
        {feeType !== 'FIXED' && (
          <label>
            Rate (0.005 is 0.5%)
            <input type="number" min={0} max={0.2} step={0.000001} {...form.register('variableFeeRate')} />
          </label>
        )}
        <button type="submit" disabled={create.isPending}>
          Create fee rule
        </button>
      </form>
      <ErrorNotice error={create.error} />
    </section>
  );
}
