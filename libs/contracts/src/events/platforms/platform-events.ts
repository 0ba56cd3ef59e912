import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

/** One supported currency's limits, in its minor units, and which directions it is enabled for. */
export class CurrencyLimitsV1 {
  @IsString() currencyCode: string;
  @IsInt() minAmount: number;
  @IsInt() maxAmount: number;
  @IsArray() @IsIn(['INCOMING', 'OUTGOING'], { each: true }) enabledTransactionTypes: (
    'INCOMING' | 'OUTGOING'
  )[];
}

/**
 * The body shapes a platform's webhooks can take (docs/api.md#webhook-formats): LEGACY, this
 * service's own and the default, or ENVELOPE, the public Grid API's later `{id, type, timestamp, data}`.
 */
export const WEBHOOK_FORMATS = ['LEGACY', 'ENVELOPE'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** Sent when a platform's configuration in one environment is created or changed. */
export class PlatformConfigChangedV1 {
  @IsString() platformConfigId: string;
  @IsArray() @ArrayUnique() @IsString({ each: true }) currencies: string[];
  @IsOptional() @IsString() webhookEndpoint?: string;
  @IsString() umaDomain: string;
  /** Added later within v1, so absent from older events; consumers that price need it. */
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CurrencyLimitsV1)
  supportedCurrencies?: CurrencyLimitsV1[];
  /** Added later within v1: an event without it means LEGACY. */
  @IsOptional() @IsIn(WEBHOOK_FORMATS) webhookFormat?: WebhookFormat;
}

export type PlatformEvent = EventEnvelope<'platform-config.changed', PlatformConfigChangedV1>;

/** Producer: customers. Key: platformId. */
export const PLATFORM_EVENTS = new TopicContract<PlatformEvent>('customers.platform-events.v1', 3, {
  'platform-config.changed@1': PlatformConfigChangedV1,
});
