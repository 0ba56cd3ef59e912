import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { answer } from '@console/api/client';
import { formatTimestamp } from '@console/format/dates';
import { useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';
import { Facts } from '@console/ui/facts';
import { StatusBadge } from '@console/ui/status-badge';
import { CustomerAccounts } from './customer-accounts';
import { customerName } from './customer-name';

/** One customer: who it is, its KYC status, balances and external accounts, and its payments. */
export function CustomerPage() {
  const { api } = useSession();
  const customerId = useParams().customerId!;
  const customer = useQuery({
    queryKey: ['customer', customerId],
    queryFn: () =>
      answer(api.GET('/2025-10-13/customers/{customerId}', { params: { path: { customerId } } })),
  });
  const view = customer.data;
  return (
    <section>
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <h1>
        Customer <code>{customerId}</code> {view && <StatusBadge status={view.kycStatus} />}
      </h1>
      <ErrorNotice error={customer.error} />
      {view && (
        <>
          <Facts
            items={[
              ['Your customer id', view.platformCustomerId],
              ['Name', customerName(view)],
              ['Type', view.customerType],
              ['KYC status', view.kycStatus],
              ['UMA address', view.umaAddress],
              ['Email', view.email],
              ['Deleted', view.isDeleted ? 'Yes' : undefined],
              ['Created', formatTimestamp(view.createdAt)],
            ]}
          />
          <p>
            <Link to={`/transactions?customer=${encodeURIComponent(customerId)}`}>Its transactions</Link>
          </p>
          <CustomerAccounts customerId={customerId} />
        </>
      )}
    </section>
  );
}
