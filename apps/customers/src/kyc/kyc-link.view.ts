import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class KycLinkView {
  @ApiProperty({
    example: 'https://api.example.com/kyc/Jq3wP8vZ0nQ1s2t3u4v5w6x7y8z9A0B1C2D3E4F5G6H',
    description:
      'The hosted verification page for the end customer: single use, expires after KYC_LINK_TTL_SECONDS',
  })
  kycUrl: string;

  @ApiProperty({ example: '9f84e0c2a72c4fa' })
  platformCustomerId: string;

  @ApiPropertyOptional({
    example: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
    description: 'Present once a live customer with this platformCustomerId exists',
  })
  customerId?: string;
}
