import { PipeTransform, Type } from '@nestjs/common';
import { CUSTOMER_TYPES, CustomerType } from '@payments/contracts';
import { ApiException, validateBody } from '@payments/http';

/**
 * Validates a customer body against the class its `customerType` names, with the rules of the global
 * pipe. The parameter is typed as a union, which the global pipe leaves alone. Without a valid
 * `customerType` no other field can be judged, so that is the one error reported.
 */
export class CustomerBodyPipe implements PipeTransform<unknown, object> {
  constructor(private readonly bodyClasses: Record<CustomerType, Type<object>>) {}

  transform(body: unknown): object {
    const customerType = (body as { customerType?: unknown } | null)?.customerType;
    if (!CUSTOMER_TYPES.includes(customerType as CustomerType)) {
      throw ApiException.invalidInput([
        { field: 'customerType', message: `must be one of ${CUSTOMER_TYPES.join(', ')}` },
      ]);
    }
    return validateBody(this.bodyClasses[customerType as CustomerType], body);
  }
}
