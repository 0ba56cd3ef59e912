/** A status word with a colour by outcome; the word itself carries the meaning for screen readers. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status status-${status.toLowerCase()}`}>{status}</span>;
}
