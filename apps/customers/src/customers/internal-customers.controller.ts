import { Controller, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { Matches } from 'class-validator';
import { CustomersService } from '@customers/customers/customers.service';

export class PaymentReadinessQuery {
  /** Comma-separated currency codes, the payment's sending and receiving ones. */
  @Matches(/^[A-Z]{3}(,[A-Z]{3})?$/, { message: 'must be one or two comma-separated currency codes' })
  currencies: string;
}

/**
 * Internal: the quoting and transfers apps ask here before a customer's payment whether the customer
 * has what its currencies require. The gateway routes nothing under /internal; the caller's
 * assertion scopes the lookup.
 */
@ApiExcludeController()
@Controller('internal/customers')
export class InternalCustomersController {
  constructor(private readonly customers: CustomersService) {}

  /** 204 when ready; 400 MISSING_MANDATORY_USER_INFO naming what to supply; 404 USER_NOT_FOUND. */
  @Get(':customerId/payment-readiness')
  @HttpCode(204)
  async paymentReadiness(
    @CurrentCaller() caller: Caller,
    @Param('customerId') customerId: string,
    @Query() query: PaymentReadinessQuery,
  ): Promise<void> {
    await this.customers.assertPaymentReady(caller, customerId, query.currencies.split(','));
  }
}
