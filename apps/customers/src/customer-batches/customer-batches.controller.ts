import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { CustomerBatchDto, CustomerBatchResponse } from '@customers/customer-batches/dto/customer-batch.dto';
import { CustomerBatchesService } from '@customers/customer-batches/customer-batches.service';

/**
 * Internal: the bulk-import worker creates the customers of each chunk of an upload here. The gateway
 * routes nothing under /internal; the caller headers scope the batch to one platform and environment.
 */
@ApiExcludeController()
@Controller('internal/customer-batches')
export class CustomerBatchesController {
  constructor(private readonly batches: CustomerBatchesService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  create(@CurrentCaller() caller: Caller, @Body() batch: CustomerBatchDto): Promise<CustomerBatchResponse> {
    return this.batches.create(caller, batch);
  }
}
