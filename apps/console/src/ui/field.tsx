import { cloneElement, ReactElement, useId } from 'react';

/**
 * A label tied to its control by id. A select wrapped in its label would be named by its options'
 * text too ("Status Any PENDING …"), for screen readers and for the browser tests alike.
 */
export function Field({ label, children }: { label: string; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id })}
    </div>
  );
}
