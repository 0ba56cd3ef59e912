import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Environment, Permission, PERMISSIONS } from '@payments/contracts';

export class TokenView {
  @ApiProperty({ example: 'Token:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51' }) id: string;
  @ApiProperty({ example: 'Reporting service' }) name: string;
  @ApiProperty({ enum: PERMISSIONS, isArray: true, example: ['VIEW'] }) permissions: Permission[];
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015', description: 'The user name of HTTP Basic' })
  clientId: string;
  @ApiProperty({ enum: Environment, description: "The creator's: a token never crosses environments" })
  environment: Environment;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class IssuedTokenView extends TokenView {
  @ApiProperty({
    example: 'q2Jx8nM1sV0cT7yZ4bW6eR3uK9pL5aH2dF8gS1jN0mQ',
    description: 'The password of HTTP Basic, shown in this response only: it is never stored',
  })
  clientSecret: string;
}

export class TokenPage {
  @ApiProperty({ type: [TokenView] }) data: TokenView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty() totalCount: number;
}
