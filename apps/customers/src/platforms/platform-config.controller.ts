import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { UpdatePlatformConfigDto } from '@customers/platforms/dto/update-platform-config.dto';
import { PlatformConfigView } from '@customers/platforms/platform-config.view';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';

@ApiTags('Platform Configuration')
@ApiBasicAuth()
@ApiServiceUnavailableResponse({
  description: 'SERVICE_UNAVAILABLE: the webhook signing key cannot be read right now; nothing changed',
})
@Controller('config')
export class PlatformConfigController {
  constructor(private readonly configs: PlatformConfigsService) {}

  @Get()
  @ApiOperation({ summary: "Get the platform's configuration in the token's environment" })
  @ApiOkResponse({ type: PlatformConfigView })
  get(@CurrentCaller() caller: Caller): Promise<PlatformConfigView> {
    return this.configs.get(caller);
  }

  @Patch()
  @ApiOperation({ summary: "Update the platform's configuration in the token's environment" })
  @ApiOkResponse({ type: PlatformConfigView })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT, with every bad field in details.errors' })
  @ApiConflictResponse({
    description:
      'CONFLICT: another platform uses the umaDomain, or live customers hold UMA addresses on the current one',
  })
  update(
    @CurrentCaller() caller: Caller,
    @Body() body: UpdatePlatformConfigDto,
  ): Promise<PlatformConfigView> {
    return this.configs.update(caller, body);
  }

  @Post('uma-domain/verify')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Verify the umaDomain by its DNS TXT record',
    description:
      'Looks up the TXT record umaDomainVerification names; once it reads the token, the domain is VERIFIED and production UMA requests on it are served',
  })
  @ApiOkResponse({ type: PlatformConfigView })
  @ApiUnprocessableEntityResponse({
    description: 'UMA_DOMAIN_NOT_VERIFIED: no TXT record reads the token yet',
  })
  verifyUmaDomain(@CurrentCaller() caller: Caller): Promise<PlatformConfigView> {
    return this.configs.verifyUmaDomain(caller);
  }
}
