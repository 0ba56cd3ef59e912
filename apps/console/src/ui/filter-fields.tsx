import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { Field } from './field';

interface FilterProps<Values extends FieldValues> {
  register: UseFormRegister<Values>;
}

/** One of a list of values; in a filter, or any. */
export function ChoiceField<Values extends FieldValues>({
  label,
  name,
  choices,
  register,
  orAny = true,
}: FilterProps<Values> & { label: string; name: Path<Values>; choices: readonly string[]; orAny?: boolean }) {
  return (
    <Field label={label}>
      <select {...register(name)}>
        {orAny && <option value="">Any</option>}
        {choices.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </select>
    </Field>
  );
}

/** A range of whole days in UTC, both inclusive (format/day-range.ts), in the fields `from` and `to`. */
export function DayRangeFilter<Values extends FieldValues & { from?: string; to?: string }>({
  register,
}: FilterProps<Values>) {
  return (
    <>
      <label>
        From (UTC)
        <input type="date" {...register('from' as Path<Values>)} />
      </label>
      <label>
        To (UTC)
        <input type="date" {...register('to' as Path<Values>)} />
      </label>
    </>
  );
}
