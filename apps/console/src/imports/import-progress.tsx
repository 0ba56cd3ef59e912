import type { components } from '@console/api/openapi';

type Progress = components['schemas']['ImportProgressView'];

export function ImportProgress({ progress }: { progress: Progress }) {
  const label = `${progress.processed} of ${progress.total} rows processed: ${progress.successful} imported, ${progress.failed} failed`;
  return (
    <div className="progress">
      <progress max={Math.max(progress.total, 1)} value={progress.processed} aria-label="Rows processed" />
      <span>{label}</span>
    </div>
  );
}
