import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createEvent, INVITATION_EVENTS, toApiId } from '@payments/contracts';
import { ApiException, Caller, PlatformScope, scopeOf } from '@payments/http';
import { inScope, Outbox } from '@payments/persistence';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { ClaimInvitationDto } from '@customers/invitations/dto/claim-invitation.dto';
import { CreateInvitationDto } from '@customers/invitations/dto/create-invitation.dto';
import { Invitation, StoredInvitationStatus } from '@customers/invitations/invitation.entity';
import {
  assertPending,
  invitationNotFound,
  isInvitationCode,
  newInvitationCode,
} from '@customers/invitations/invitation-rules';
import { presentInvitation, InvitationView } from '@customers/invitations/invitation.view';
import { InvitationsStore } from '@customers/invitations/invitations.store';
import { amountToSendOf } from '@customers/invitations/invitation-amount';
import { CurrencyConfig, PlatformConfig } from '@customers/platforms/platform-config.entity';
import { eventScopeOf } from '@customers/platforms/platform-scope';

/**
 * UMA invitations of the platform's customers. Claim and cancel are each one guarded UPDATE (status
 * still PENDING, not expired), so of two concurrent claims exactly one wins; a claim writes
 * invitation.claimed to the outbox in its transaction, which the webhook dispatcher turns into
 * INVITATION_CLAIMED. Every lookup is scoped to the caller's platform and environment: another's
 * code is not found, exactly as a code that does not exist.
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly store: InvitationsStore,
  ) {}

  async create(caller: Caller, body: CreateInvitationDto): Promise<InvitationView> {
    const scope = scopeOf(caller);
    const { manager } = this.dataSource;
    const inviter = inScope(
      await manager.findOneBy(Customer, { umaAddress: body.inviterUma, deletedAt: IsNull() }),
      scope,
    );
    if (!inviter)
      throw new ApiException(
        'USER_NOT_FOUND',
        `No customer has the UMA address ${body.inviterUma}: check its user part and domain`,
      );
    const now = new Date();
    const invitation: Invitation = {
      id: randomUUID(),
      code: newInvitationCode(),
      ...scope,
      inviterCustomerId: inviter.id,
      inviterUma: inviter.umaAddress,
      firstName: body.firstName ?? null,
      ...amountToSendOf(await this.currenciesOf(manager, scope, body), body),
      status: 'PENDING',
      inviteeUma: null,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      claimedAt: null,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await manager.insert(Invitation, invitation);
    this.logger.log(
      { invitationCode: invitation.code, inviterCustomerId: toApiId('Customer', inviter.id) },
      'invitation created',
    );
    return presentInvitation(invitation, now);
  }

  async get(caller: Caller, code: string): Promise<InvitationView> {
    return presentInvitation(await this.find(this.dataSource.manager, scopeOf(caller), code));
  }

  async claim(caller: Caller, code: string, body: ClaimInvitationDto): Promise<InvitationView> {
    const scope = scopeOf(caller);
    return this.dataSource.transaction(async (manager) => {
      const found = await this.find(manager, scope, code);
      if (body.inviteeUma === found.inviterUma) {
        throw new ApiException('INVALID_INPUT', 'The inviter cannot claim their own invitation', {
          errors: [{ field: 'inviteeUma', message: "must not be the inviter's UMA address" }],
        });
      }
      const claimed = await this.move(manager, found, 'CLAIMED', { inviteeUma: body.inviteeUma });
      const view = presentInvitation(claimed);
      await this.outbox.add(
        manager,
        INVITATION_EVENTS,
        createEvent('invitation.claimed', 1, eventScopeOf(scope), claimed.code, { invitation: view }),
        caller.requestId,
      );
      this.logger.log(
        { invitationCode: code, inviterCustomerId: toApiId('Customer', found.inviterCustomerId) },
        'invitation claimed',
      );
      return view;
    });
  }

  async cancel(caller: Caller, code: string): Promise<InvitationView> {
    const scope = scopeOf(caller);
    const found = await this.find(this.dataSource.manager, scope, code);
    return presentInvitation(await this.move(this.dataSource.manager, found, 'CANCELLED', {}));
  }

  /**
   * Moves a PENDING, unexpired invitation to `status` with one guarded UPDATE; when the guard finds it
   * moved or expired meanwhile, 409 names what it is now.
   */
  private async move(
    manager: EntityManager,
    found: Invitation,
    status: Exclude<StoredInvitationStatus, 'PENDING'>,
    changes: { inviteeUma?: string },
  ): Promise<Invitation> {
    const action = status === 'CLAIMED' ? 'claimed' : 'cancelled';
    const at = new Date();
    assertPending(found, action, at);
    const inviteeUma = changes.inviteeUma ?? null;
    if (!(await this.store.moveIfPending(manager, found.id, status, inviteeUma, at))) {
      assertPending(await this.find(manager, found, found.code), action, at);
      throw new ApiException('CONFLICT', `Invitation ${found.code} cannot be ${action} now`);
    }
    return {
      ...found,
      status,
      inviteeUma,
      claimedAt: status === 'CLAIMED' ? at : null,
      cancelledAt: status === 'CANCELLED' ? at : null,
      updatedAt: at,
    };
  }

  /** The platform's currencies, read only when the invitation names an amount. */
  private async currenciesOf(
    manager: EntityManager,
    scope: PlatformScope,
    body: CreateInvitationDto,
  ): Promise<CurrencyConfig[]> {
    if (body.amountToSend === undefined) return [];
    const config = await manager.findOneBy(PlatformConfig, scope);
    return config?.supportedCurrencies ?? [];
  }

  private async find(manager: EntityManager, scope: PlatformScope, code: string): Promise<Invitation> {
    const invitation = isInvitationCode(code)
      ? await manager.findOneBy(Invitation, {
          code,
          platformId: scope.platformId,
          environment: scope.environment,
        })
      : null;
    if (!invitation) throw invitationNotFound(code);
    return invitation;
  }
}
