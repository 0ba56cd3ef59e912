import { ArrayUnique, IsArray, IsOptional, IsString } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

/** Sent when a platform's configuration in one environment is created or changed. */
export class PlatformConfigChangedV1 {
  @IsString() platformConfigId: string;
  @IsArray() @ArrayUnique() @IsString({ each: true }) currencies: string[];
  @IsOptional() @IsString() webhookEndpoint?: string;
  @IsString() umaDomain: string;
}

export type PlatformEvent = EventEnvelope<'platform-config.changed', PlatformConfigChangedV1>;

/** Producer: customers. Key: platformId. */
export const PLATFORM_EVENTS = new TopicContract<PlatformEvent>('customers.platform-events.v1', 3, {
  'platform-config.changed@1': PlatformConfigChangedV1,
});
