import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Environment } from '@payments/contracts';
import { ApiException, Caller, CurrentCaller, scopeOf } from '@payments/http';
import { RotateSigningKeyDto } from '@webhooks/signing/dto/rotate-signing-key.dto';
import { SigningKeyStore } from '@webhooks/signing/signing-key.store';
import { presentSigningKeys, SigningKeysView } from '@webhooks/signing/signing-keys.view';
import { WebhookSigner } from '@webhooks/signing/webhook-signer';

const ENVIRONMENTS: string[] = Object.values(Environment);
/** The bare uuid the customers app keys platforms by. */
const PLATFORM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('Webhooks')
@Controller()
export class SigningKeyController {
  constructor(
    private readonly signer: WebhookSigner,
    private readonly store: SigningKeyStore,
  ) {}

  /** Internal: the customers app shows these keys in GET /config (public halves only). */
  @ApiExcludeEndpoint()
  @Get('internal/signing-keys/:platformId/:environment')
  async signingKeys(
    @Param('platformId') platformId: string,
    @Param('environment') environment: string,
  ): Promise<SigningKeysView> {
    if (!PLATFORM_UUID.test(platformId)) throw new ApiException('INVALID_INPUT', 'platformId must be a uuid');
    if (!ENVIRONMENTS.includes(environment))
      throw new ApiException('INVALID_INPUT', `environment must be one of ${ENVIRONMENTS.join(', ')}`);
    return presentSigningKeys(
      await this.signer.keysOf({ platformId, environment: environment as Environment }),
    );
  }

  @Post('webhooks/signing-key/rotate')
  @HttpCode(200)
  @ApiBasicAuth()
  @ApiOperation({
    summary: "Rotate this environment's webhook signing key",
    description:
      'Makes a new key. Both keys sign (X-Grid-Signature with the current one, X-Grid-Signature-Next with the new one) and both are published in GET /config until webhookKeyOverlapEndsAt; then the new key alone signs. With immediate, the current key is retired at once.',
  })
  @ApiOkResponse({ type: SigningKeysView })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: the body is malformed' })
  @ApiConflictResponse({
    description: 'CONFLICT: a rotation is already under way (rotate with immediate to end it)',
  })
  async rotate(@CurrentCaller() caller: Caller, @Body() body: RotateSigningKeyDto): Promise<SigningKeysView> {
    const scope = scopeOf(caller);
    const keys = await this.store.rotate(scope, body?.immediate ?? false);
    this.signer.forget(scope);
    return presentSigningKeys(keys);
  }
}
