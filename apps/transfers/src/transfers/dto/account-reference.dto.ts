import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsApiIdOf } from '@payments/http';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, ValidateNested } from 'class-validator';

export class InternalAccountReferenceDto {
  @ApiProperty({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' })
  @IsApiIdOf('InternalAccount')
  accountId: string;
}

export class ExternalAccountReferenceDto {
  @ApiProperty({ example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003' })
  @IsApiIdOf('ExternalAccount')
  accountId: string;
}

/** A required nested object, validated field by field. */
export function NestedReference(type: new () => object): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type }),
    IsDefined(),
    IsObject(),
    ValidateNested(),
    Type(() => type),
  );
}
