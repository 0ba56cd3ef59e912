import { ValidationError } from 'class-validator';

const ONE_OF = 'must be one of the following values: ';
const UNKNOWN_FIELD =
  'is not a field this endpoint takes: remove it, or check its name and nesting against docs/api.md';

/**
 * class-validator's message for one broken constraint of `error`'s property, reworded where its own
 * says neither what was wrong with the value nor what is accepted: an unknown field ("property x
 * should not exist"), a value outside an enum or list, a nested object that is not an object. Any
 * other message, a DTO's own included, is kept, without the property name it starts with.
 */
export function fieldMessage(constraint: string, message: string, error: ValidationError): string {
  if (constraint === 'whitelistValidation') return UNKNOWN_FIELD;
  if (constraint === 'nestedValidation')
    return `is ${kindOf(error.value)}, where a JSON object is expected: send an object with the fields docs/api.md lists`;
  const each = message.startsWith('each value in ');
  const own = withoutFieldName(each ? message.slice('each value in '.length) : message, error.property);
  if ((constraint === 'isEnum' || constraint === 'isIn') && own.startsWith(ONE_OF))
    return notAccepted(error.value, own.slice(ONE_OF.length), each);
  return each ? message : own;
}

/** The value, or the items of it, outside `list`: named, with what is accepted instead. */
function notAccepted(value: unknown, list: string, each: boolean): string {
  if (value === undefined || value === null) return `is required: use one of ${list}`;
  if (!each || !Array.isArray(value)) return `is ${shown(value)}, which is not accepted: use one of ${list}`;
  const accepted = list.split(', ');
  const refused = value.filter((item) => !accepted.includes(String(item))).map(shown);
  return `holds ${refused.join(', ')}, which ${refused.length > 1 ? 'are' : 'is'} not accepted: use only ${list}`;
}

/** A value as the client sent it, cut short: enough to recognise it, never a whole payload echoed back. */
function shown(value: unknown): string {
  if (typeof value === 'object' && value !== null) return kindOf(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function withoutFieldName(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}
