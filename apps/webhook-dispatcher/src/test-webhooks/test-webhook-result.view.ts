import { ApiProperty } from '@nestjs/swagger';

/** What the platform's endpoint answered to a TEST webhook (field names as docs/openapi.json gives them). */
export class TestWebhookResultView {
  @ApiProperty({ example: 'https://platform.example.com/webhooks' })
  url: string;

  @ApiProperty({ example: 200 })
  response_status: number;

  @ApiProperty({ description: 'The start of the answer body (at most 4 KiB)', example: '{"received":true}' })
  response_body: string;
}
