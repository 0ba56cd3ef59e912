import { ApiProperty } from '@nestjs/swagger';

export class LinkTokenView {
  @ApiProperty({ example: 'link-sandbox-9d2b7c1e-4b5f-4f7a-9c1d-2f0e8a6b3c41' }) linkToken: string;
  @ApiProperty({ format: 'date-time', description: 'After this the token cannot be exchanged' })
  expiration: string;
  @ApiProperty({
    example:
      'https://api.example.com/2025-10-13/plaid/callback/link-sandbox-9d2b7c1e-4b5f-4f7a-9c1d-2f0e8a6b3c41',
    description: 'Where to POST the public token once the customer has linked the account',
  })
  callbackUrl: string;
  @ApiProperty({ description: 'Id of this request, for support' }) requestId: string;
}
