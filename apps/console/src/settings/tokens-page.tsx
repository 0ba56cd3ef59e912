import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { answer } from '@console/api/client';
import { formatTimestamp } from '@console/format/dates';
import { Permitted, SignedInToken, useSession } from '@console/session/session';
import { ConfirmedButton } from '@console/ui/confirmed-button';
import { Pager, useCursorPages } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { NewToken } from './new-token';

/** Deleting asks once more, in the row: a deleted token is refused at its next call. */
function DeleteToken({ tokenId, own }: { tokenId: string; own: boolean }) {
  const { api } = useSession();
  const queries = useQueryClient();
  const remove = useMutation({
    mutationFn: () => answer(api.DELETE('/2025-10-13/tokens/{tokenId}', { params: { path: { tokenId } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['tokens'] }),
  });
  return (
    <>
      <ConfirmedButton
        label="Delete"
        confirmLabel="Confirm delete"
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        warning={own ? 'This is the token you signed in with.' : undefined}
      />
      <ErrorNotice error={remove.error} />
    </>
  );
}

const column = createColumnHelper<SignedInToken>();

export function TokensPage() {
  const { api, token } = useSession();
  const pages = useCursorPages();
  const query = { limit: 20, ...(pages.cursor ? { cursor: pages.cursor } : {}) };
  const list = useQuery({
    queryKey: ['tokens', query],
    queryFn: () => answer(api.GET('/2025-10-13/tokens', { params: { query } })),
  });
  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('clientId', { header: 'Client ID', cell: (cell) => <code>{cell.getValue()}</code> }),
    column.accessor('permissions', { header: 'Permissions', cell: (cell) => cell.getValue().join(', ') }),
    column.accessor('createdAt', { header: 'Created', cell: (cell) => formatTimestamp(cell.getValue()) }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (cell) => (
        <Permitted need="MANAGE">
          <DeleteToken tokenId={cell.row.original.id} own={cell.row.original.id === token.id} />
        </Permitted>
      ),
    }),
  ];
  return (
    <section>
      <h1>API tokens</h1>
      <p>Tokens of this platform in {token.environment}. Secrets are never shown after creation.</p>
      <Permitted need="MANAGE">
        <NewToken />
      </Permitted>
      <ErrorNotice error={list.error} />
      <DataTable caption="Tokens, newest first" rows={list.data?.data ?? []} columns={columns} />
      <Pager pages={pages} page={list.data} />
    </section>
  );
}
