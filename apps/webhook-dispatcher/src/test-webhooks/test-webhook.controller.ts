import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBasicAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { TestWebhookResultView } from '@webhooks/test-webhooks/test-webhook-result.view';
import { TestWebhookService } from '@webhooks/test-webhooks/test-webhook.service';

@ApiTags('Webhooks')
@ApiBasicAuth()
@Controller('webhooks')
export class TestWebhookController {
  constructor(private readonly testWebhooks: TestWebhookService) {}

  @Post('test')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a signed TEST webhook to the configured webhookEndpoint and return its status and latency',
  })
  @ApiOkResponse({ type: TestWebhookResultView, description: 'The endpoint answered, with any status' })
  @ApiBadRequestResponse({
    description:
      'WEBHOOK_ENDPOINT_NOT_SET: no webhookEndpoint is configured; WEBHOOK_DELIVERY_ERROR: no answer, with the kind of failure (EGRESS_REFUSED, TIMEOUT, CONNECTION_FAILED, TLS_FAILED, INVALID_RESPONSE)',
  })
  test(@CurrentCaller() caller: Caller): Promise<TestWebhookResultView> {
    return this.testWebhooks.send(caller);
  }
}
