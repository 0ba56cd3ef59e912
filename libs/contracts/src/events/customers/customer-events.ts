import { ArrayUnique, IsArray, IsIn, IsString } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export class CustomerCreatedV1 {
  @IsString() customerId: string;
  @IsString() platformCustomerId: string;
  @IsIn(CUSTOMER_TYPES) customerType: CustomerType;
  @IsString() umaAddress: string;
  /** The platform's supported currencies when the customer was created: one internal account each. */
  @IsArray() @ArrayUnique() @IsString({ each: true }) currencies: string[];
}

export class CustomerUpdatedV1 {
  @IsString() customerId: string;
  @IsString() platformCustomerId: string;
  @IsIn(CUSTOMER_TYPES) customerType: CustomerType;
  @IsString() umaAddress: string;
}

export class CustomerDeletedV1 {
  @IsString() customerId: string;
  @IsString() platformCustomerId: string;
}

export type CustomerEvent =
  | EventEnvelope<'customer.created', CustomerCreatedV1>
  | EventEnvelope<'customer.updated', CustomerUpdatedV1>
  | EventEnvelope<'customer.deleted', CustomerDeletedV1>;

/** Producer: customers. Key: customerId. */
export const CUSTOMER_EVENTS = new TopicContract<CustomerEvent>('customers.customer-events.v1', 6, {
  'customer.created@1': CustomerCreatedV1,
  'customer.updated@1': CustomerUpdatedV1,
  'customer.deleted@1': CustomerDeletedV1,
});
