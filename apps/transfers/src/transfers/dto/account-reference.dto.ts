import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { isIdOf, ResourceType } from '@payments/contracts';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, ValidateBy, ValidateNested } from 'class-validator';

/** A string of the form `<type>:<uuid>`. */
export function IsApiIdOf(type: ResourceType): PropertyDecorator {
  return ValidateBy({
    name: 'isApiIdOf',
    validator: {
      validate: (value) => typeof value === 'string' && isIdOf(type, value),
      defaultMessage: () => `must be an id of the form ${type}:<uuid>`,
    },
  });
}

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
