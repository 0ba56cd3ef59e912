import { isIdOf, ResourceType } from '@payments/contracts';
import { ValidateBy } from 'class-validator';

/** A string of the form `<type>:<uuid>`. */
export function IsApiIdOf(type: ResourceType): PropertyDecorator {
  return ValidateBy({
    name: 'isApiIdOf',
    validator: {
      validate: (value) => typeof value === 'string' && isIdOf(type, value),
      defaultMessage: () => `must be an id of the form ${type}:<uuid>`,
    },
  });
}
