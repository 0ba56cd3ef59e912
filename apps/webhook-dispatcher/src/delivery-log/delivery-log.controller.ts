import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, Page } from '@payments/http';
import { DeliveryLogService } from '@webhooks/delivery-log/delivery-log.service';
import {
  DeliveryDetailView,
  DeliveryPage,
  DeliveryView,
  RedeliveryCountView,
} from '@webhooks/delivery-log/delivery.view';
import { ListDeliveriesQuery } from '@webhooks/delivery-log/dto/list-deliveries.query';
import { RedeliverFilterDto } from '@webhooks/delivery-log/dto/redeliver-filter.dto';

const NOT_FOUND = "NOT_FOUND: no such webhook, also for another platform's or environment's";
const NO_ENDPOINT = 'WEBHOOK_ENDPOINT_NOT_SET: redelivery needs a webhookEndpoint';

/** The caller is the scope as the dispatcher's rows name it (`Platform:` ids, as events carry them). */
@ApiTags('Webhooks')
@ApiBasicAuth()
@Controller('webhooks/deliveries')
export class DeliveryLogController {
  constructor(private readonly deliveries: DeliveryLogService) {}

  @Get()
  @ApiOperation({ summary: 'List webhook deliveries, newest first (VIEW)' })
  @ApiOkResponse({ type: DeliveryPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad filter, limit or cursor' })
  list(@CurrentCaller() caller: Caller, @Query() query: ListDeliveriesQuery): Promise<Page<DeliveryView>> {
    return this.deliveries.list(caller, query);
  }

  @Post('redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send finished webhooks of a filter again (MANAGE)',
    description:
      'Queues up to 10,000 DELIVERED or FAILED webhooks matching the filter (at least one field), oldest first, each with its webhookId and a fresh signature, after the webhooks already queued for its transaction. Redeliveries go at their own pace and never delay fresh webhooks. Call again for more while count is 10,000.',
  })
  @ApiAcceptedResponse({ type: RedeliveryCountView })
  @ApiBadRequestResponse({ description: `INVALID_INPUT: no filter or a bad one; ${NO_ENDPOINT}` })
  redeliverAll(
    @CurrentCaller() caller: Caller,
    @Body() filter: RedeliverFilterDto,
  ): Promise<RedeliveryCountView> {
    return this.deliveries.redeliverAll(caller, filter);
  }

  @Get(':webhookId')
  @ApiOperation({ summary: 'Get a webhook delivery with every attempt and the body sent (VIEW)' })
  @ApiOkResponse({ type: DeliveryDetailView })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  get(@CurrentCaller() caller: Caller, @Param('webhookId') webhookId: string): Promise<DeliveryDetailView> {
    return this.deliveries.get(caller, webhookId);
  }

  @Post(':webhookId/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a DELIVERED or FAILED webhook again (MANAGE)',
    description:
      'Same webhookId (receivers deduplicate on it), a fresh signature, after the webhooks already queued for its transaction; one attempt, whose outcome the delivery log shows.',
  })
  @ApiAcceptedResponse({ description: 'Queued; the answer has no body' })
  @ApiBadRequestResponse({ description: NO_ENDPOINT })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({
    description: 'CONFLICT: the webhook is PENDING (still being sent), or is an approval request (sent once)',
  })
  async redeliver(@CurrentCaller() caller: Caller, @Param('webhookId') webhookId: string): Promise<void> {
    await this.deliveries.redeliver(caller, webhookId);
  }
}
