import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatMoney } from '@console/format/money';
import { Permitted, useSession } from '@console/session/session';
import { ConfirmedButton } from '@console/ui/confirmed-button';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { NewFeeRule } from './new-fee-rule';

type FeeRule = components['schemas']['FeeRuleView'];
const USD = { code: 'USD', decimals: 2 };

/** Turn a rule on or off (a disabled rule is kept but adds no fee to new quotes), or delete it. */
function FeeRuleActions({ rule }: { rule: FeeRule }) {
  const { api } = useSession();
  const queries = useQueryClient();
  const path = { params: { path: { feeRuleId: rule.id } } };
  const refresh = () => queries.invalidateQueries({ queryKey: ['fee-rules'] });
  const toggle = useMutation({
    mutationFn: () =>
      answer(api.PATCH('/2025-10-13/fee-rules/{feeRuleId}', { ...path, body: { enabled: !rule.enabled } })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => answer(api.DELETE('/2025-10-13/fee-rules/{feeRuleId}', path)),
    onSuccess: refresh,
  });
  return (
    <span className="confirm">
      <button type="button" className="secondary" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
        {rule.enabled ? 'Disable' : 'Enable'}
      </button>
      <ConfirmedButton
        label="Delete"
        confirmLabel="Confirm delete"
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
      />
      <ErrorNotice error={toggle.error ?? remove.error} />
    </span>
  );
}

const column = createColumnHelper<FeeRule>();
const COLUMNS = [
  column.accessor('transactionType', { header: 'Transaction type' }),
  column.accessor('feeType', { header: 'Fee type' }),
  column.accessor('fixedFee', {
    header: 'Fixed fee',
    cell: (cell) => (cell.getValue() !== undefined ? formatMoney(cell.getValue()!, USD) : '—'),
  }),
  column.accessor('variableFeeRate', {
    header: 'Rate',
    cell: (cell) =>
      cell.getValue() !== undefined ? `${Number((cell.getValue()! * 100).toPrecision(10))}%` : '—',
  }),
  column.accessor('enabled', { header: 'Enabled', cell: (cell) => (cell.getValue() ? 'Yes' : 'No') }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: (cell) => (
      <Permitted need="MANAGE">
        <FeeRuleActions rule={cell.row.original} />
      </Permitted>
    ),
  }),
];

/** The platform's own fees, one rule per transaction type, added to the service's in every quote. */
export function FeeRulesPage() {
  const { api } = useSession();
  const rules = useQuery({
    queryKey: ['fee-rules'],
    queryFn: () => answer(api.GET('/2025-10-13/fee-rules')),
  });
  return (
    <section>
      <h1>Fee rules</h1>
      <Permitted need="MANAGE">
        <NewFeeRule />
      </Permitted>
      <ErrorNotice error={rules.error} />
      <DataTable
        caption="Fee rules"
        rows={rules.data?.data ?? []}
        columns={COLUMNS}
        empty="No fee rule: only the service's fees apply"
      />
    </section>
  );
}
