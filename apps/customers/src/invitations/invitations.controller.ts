import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { ClaimInvitationDto } from '@customers/invitations/dto/claim-invitation.dto';
import { CreateInvitationDto } from '@customers/invitations/dto/create-invitation.dto';
import { InvitationView } from '@customers/invitations/invitation.view';
import { InvitationsService } from '@customers/invitations/invitations.service';

const NOT_FOUND = { description: "INVITATION_NOT_FOUND, also for another platform's or environment's code" };
const NOT_PENDING = {
  description:
    'CONFLICT: the invitation is no longer PENDING (claimed, cancelled or expired); details.status says which',
};

@ApiTags('Invitations')
@ApiBasicAuth()
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @ApiOperation({ summary: "Create a UMA invitation from one of the platform's customers" })
  @ApiCreatedResponse({ type: InvitationView })
  @ApiBadRequestResponse({
    description:
      'INVALID_INPUT naming every bad field; INVALID_CURRENCY or AMOUNT_OUT_OF_RANGE for amountToSend ' +
      "against the platform's supportedCurrencies",
  })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND: no live customer of the platform has inviterUma' })
  create(@CurrentCaller() caller: Caller, @Body() body: CreateInvitationDto): Promise<InvitationView> {
    return this.invitations.create(caller, body);
  }

  @Get(':invitationCode')
  @ApiOperation({ summary: 'Get a UMA invitation by its code' })
  @ApiOkResponse({ type: InvitationView })
  @ApiNotFoundResponse(NOT_FOUND)
  get(@CurrentCaller() caller: Caller, @Param('invitationCode') code: string): Promise<InvitationView> {
    return this.invitations.get(caller, code);
  }

  @Post(':invitationCode/claim')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Claim a UMA invitation for an invitee UMA address',
    description: 'The invitation becomes CLAIMED and the platform gets an INVITATION_CLAIMED webhook.',
  })
  @ApiOkResponse({ type: InvitationView })
  @ApiBadRequestResponse({ description: "INVALID_INPUT: inviteeUma missing, malformed or the inviter's own" })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(NOT_PENDING)
  claim(
    @CurrentCaller() caller: Caller,
    @Param('invitationCode') code: string,
    @Body() body: ClaimInvitationDto,
  ): Promise<InvitationView> {
    return this.invitations.claim(caller, code, body);
  }

  @Post(':invitationCode/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a pending UMA invitation', description: 'It can no longer be claimed.' })
  @ApiOkResponse({ type: InvitationView })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(NOT_PENDING)
  cancel(@CurrentCaller() caller: Caller, @Param('invitationCode') code: string): Promise<InvitationView> {
    return this.invitations.cancel(caller, code);
  }
}
