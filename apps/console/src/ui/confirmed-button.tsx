import { useState } from 'react';

interface ConfirmedButtonProps {
  label: string;
  confirmLabel: string;
  onConfirm(): void;
  busy: boolean;
  /** Said beside the confirmation, e.g. why this one needs care. */
  warning?: string;
}

/** A destructive action asks once more in place: no browser dialog, and the keyboard reaches both steps. */
export function ConfirmedButton({ label, confirmLabel, onConfirm, busy, warning }: ConfirmedButtonProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className="secondary" onClick={() => setConfirming(true)}>
        {label}
      </button>
    );
  }
  return (
    <span role="group" aria-label={confirmLabel} className="confirm">
      {warning && <span>{warning}</span>}
      <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  );
}
