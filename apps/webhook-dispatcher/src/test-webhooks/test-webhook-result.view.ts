import { ApiProperty } from '@nestjs/swagger';

/**
 * How the platform's endpoint answered a TEST webhook: its status and how long it took, never its
 * body, which would make this request a way to read any URL the dispatcher can reach (docs/security.md).
 * Field names as docs/openapi.json gives them.
 */
export class TestWebhookResultView {
  @ApiProperty({ example: 'https://platform.example.com/webhooks' })
  url: string;

  @ApiProperty({ example: 200 })
  response_status: number;

  @ApiProperty({ description: 'Milliseconds from sending the webhook to the end of the answer', example: 84 })
  latency_ms: number;
}
