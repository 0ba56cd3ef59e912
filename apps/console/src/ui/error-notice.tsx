import { ApiError } from '@console/api/api-error';

/** The API's own message and requestId, which support quotes to find the request in the logs. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const api = error instanceof ApiError ? error : undefined;
  return (
    <div role="alert" className="error">
      <strong>{api ? `${api.status} ${api.code}` : 'Error'}</strong>:{' '}
      {error instanceof Error ? error.message : String(error)}
      {api?.requestId && (
        <div className="request-id">
          requestId <code>{api.requestId}</code>
        </div>
      )}
    </div>
  );
}
