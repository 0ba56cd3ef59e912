import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { createEvent, Environment, KYC_EVENTS, KycEvent, KycStatus, toApiId } from '@payments/contracts';
import {
  ApiException,
  Caller,
  createValidationPipe,
  FieldError,
  PlatformScope,
  scopeOf,
} from '@payments/http';
import { Outbox } from '@payments/persistence';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { CustomersService } from '@customers/customers/customers.service';
import { CreateIndividualCustomerDto } from '@customers/customers/dto/create-customer.dto';
import { CustomersEnvironment } from '@customers/customers.environment';
import { KycLinkQuery } from '@customers/kyc/dto/kyc-link.query';
import {
  kycCustomerBody,
  kycFormErrors,
  kycFormValues,
  KycFormValues,
  missingKycFields,
} from '@customers/kyc/kyc-form';
import { KycLink } from '@customers/kyc/kyc-link.entity';
import { KycLinkView } from '@customers/kyc/kyc-link.view';
import { kycFormPage, kycMessagePage, KycPage } from '@customers/kyc/kyc-page';
import { eventScopeOf } from '@customers/platforms/platform-scope';

/** What answering a submitted page comes to: a page, or the redirect to the platform's redirectUri. */
export type KycSubmission = KycPage | { redirectTo: string };

/** The link could not be used after all: a concurrent submission used it first, or it expired meanwhile. */
class KycLinkUnusable extends Error {
  constructor(readonly page: KycPage) {
    super('KYC link unusable');
  }
}

const validation = createValidationPipe();

/**
 * The hosted KYC flow. GET /customers/kyc-link hands out a single-use page link for a
 * platformCustomerId; the end customer fills the page in and submitting it creates the customer. In
 * sandbox the verification is simulated (a full name containing "reject" is REJECTED, anything else
 * APPROVED); production has no verification provider yet, so its customers wait in PENDING_REVIEW.
 * Each result is a kyc.status-changed event, which the webhook dispatcher turns into KYC_STATUS.
 */
@Injectable()
export class KycLinksService {
  private readonly logger = new Logger(KycLinksService.name);
  private readonly pageBaseUrl: string;
  private readonly ttlMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomersService,
    private readonly outbox: Outbox,
    config: ConfigService<CustomersEnvironment, true>,
  ) {
    // The pages sit beside the versioned API, not under it: `<base>/2025-10-13` → `<base>/kyc/`.
    this.pageBaseUrl = new URL(
      '../kyc/',
      `${config.get('PUBLIC_BASE_URL', { infer: true }).replace(/\/+$/, '')}/`,
    ).href;
    this.ttlMs = config.get('KYC_LINK_TTL_SECONDS', { infer: true }) * 1000;
  }

  async createLink(caller: Caller, query: KycLinkQuery): Promise<KycLinkView> {
    const scope = scopeOf(caller);
    const token = randomBytes(32).toString('base64url');
    const { manager } = this.dataSource;
    await manager.insert(KycLink, {
      id: randomUUID(),
      tokenHash: tokenHashOf(token),
      platformId: scope.platformId,
      environment: scope.environment,
      platformCustomerId: query.platformCustomerId,
      redirectUri: query.redirectUri ?? null,
      expiresAt: new Date(Date.now() + this.ttlMs),
      usedAt: null,
      customerId: null,
    });
    const existing = await this.liveCustomer(manager, scope, query.platformCustomerId);
    return {
      kycUrl: `${this.pageBaseUrl}${token}`,
      platformCustomerId: query.platformCustomerId,
      ...(existing ? { customerId: toApiId('Customer', existing.id) } : {}),
    };
  }

  /** The page a link opens: the empty form, or why it cannot be used. */
  async page(token: string): Promise<KycPage> {
    const link = await this.findLink(token);
    const unusable = this.unusablePage(link);
    if (unusable) return unusable;
    const existing = await this.existingCustomer(link!);
    return existing.verified ? alreadyVerified() : kycFormPage(kycFormValues({}), {});
  }

  /**
   * Creates the customer the form describes, or completes the one of the link's platformCustomerId
   * that lacks what the platform's currencies require (imported so, docs/api.md#bulk-import): its
   * fields take the form's values and its KYC status stays as it was.
   */
  async submit(token: string, values: KycFormValues): Promise<KycSubmission> {
    const link = await this.findLink(token);
    const unusable = this.unusablePage(link);
    if (unusable) return unusable;
    const existing = await this.existingCustomer(link!);
    if (existing.verified) return alreadyVerified();
    const scope: PlatformScope = { platformId: link!.platformId, environment: link!.environment };
    const body = kycCustomerBody(link!.platformCustomerId, values);
    const errors = kycFormErrors(missingKycFields(values), await fieldErrorsOf(body));
    if (Object.keys(errors).length > 0) return kycFormPage(values, errors, 400);
    try {
      if (existing.incomplete) {
        await this.customers.updateInScope(scope, toApiId('Customer', existing.incomplete.id), body, {
          alsoInTransaction: (manager, customer) => this.useLink(manager, link!.id, customer),
        });
        this.logger.log(
          { customerId: toApiId('Customer', existing.incomplete.id) },
          'KYC page completed a customer',
        );
      } else {
        const kycStatus = decide(scope.environment, values.fullName);
        const customer = await this.customers.createInScope(scope, body, {
          kycStatus,
          alsoInTransaction: async (manager, created) => {
            await this.useLink(manager, link!.id, created);
            await this.outbox.add(manager, KYC_EVENTS, kycStatusChanged(created));
          },
        });
        this.logger.log({ customerId: toApiId('Customer', customer.id), kycStatus }, 'KYC page submitted');
      }
    } catch (error) {
      if (error instanceof KycLinkUnusable) return error.page;
      if (error instanceof ApiException && error.code === 'CONFLICT') {
        return alreadyVerified();
      }
      throw error;
    }
    return link!.redirectUri
      ? { redirectTo: link!.redirectUri }
      : kycMessagePage(200, 'Thank you', 'Your details have been submitted. You can close this page.');
  }

  /** Marks the link used by `customer`, or refuses a used link. */
  private async useLink(manager: EntityManager, linkId: string, customer: Customer): Promise<void> {
    const link = await manager.findOne(KycLink, {
      where: { id: linkId },
      lock: { mode: 'pessimistic_write' },
    });
    const unusable = this.unusablePage(link);
    if (unusable) throw new KycLinkUnusable(unusable);
    await manager.update(KycLink, linkId, { usedAt: new Date(), customerId: customer.id });
  }

  private async findLink(token: string): Promise<KycLink | null> {
    return this.dataSource.manager.findOneBy(KycLink, { tokenHash: tokenHashOf(token) });
  }

  private unusablePage(link: KycLink | null): KycPage | undefined {
    if (!link) {
      return kycMessagePage(
        404,
        'Link not found',
        'This verification link is not valid. Ask for a new link.',
      );
    }
    if (link.usedAt) {
      return kycMessagePage(
        410,
        'Link already used',
        'This verification link has already been used. Each link works once.',
      );
    }
    if (link.expiresAt <= new Date()) {
      return kycMessagePage(410, 'Link expired', 'This verification link has expired. Ask for a new link.');
    }
    return undefined;
  }

  /**
   * The live customer of the link's platformCustomerId: verified already, or an individual lacking
   * what the platform's currencies require, which the form completes; neither when there is none.
   */
  private async existingCustomer(link: KycLink): Promise<{ verified: boolean; incomplete?: Customer }> {
    const scope = { platformId: link.platformId, environment: link.environment };
    const customer = await this.liveCustomer(this.dataSource.manager, scope, link.platformCustomerId);
    if (!customer) return { verified: false };
    const completable =
      customer.customerType === 'INDIVIDUAL' && (await this.customers.missingUserInfoOf(customer)).length > 0;
    return completable ? { verified: false, incomplete: customer } : { verified: true };
  }

  private liveCustomer(
    manager: EntityManager,
    scope: PlatformScope,
    platformCustomerId: string,
  ): Promise<Customer | null> {
    return manager.findOneBy(Customer, { ...scope, platformCustomerId, deletedAt: IsNull() });
  }
}

function tokenHashOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The sandbox's simulated verification; without a provider, production waits for review. */
function decide(environment: Environment, fullName: string): KycStatus {
  if (environment !== Environment.Sandbox) return 'PENDING_REVIEW';
  return /reject/i.test(fullName) ? 'REJECTED' : 'APPROVED';
}

function kycStatusChanged(customer: Customer): KycEvent {
  const customerId = toApiId('Customer', customer.id);
  return createEvent('kyc.status-changed', 1, eventScopeOf(customer), customerId, {
    customerId,
    platformCustomerId: customer.platformCustomerId,
    kycStatus: customer.kycStatus,
  });
}

function alreadyVerified(): KycPage {
  return kycMessagePage(
    409,
    'Already verified',
    'Your identity has already been verified. You can close this page.',
  );
}

/** The field errors the rules of POST /customers find in the body. */
async function fieldErrorsOf(body: CreateIndividualCustomerDto): Promise<FieldError[]> {
  try {
    await validation.transform(body, { type: 'body', metatype: CreateIndividualCustomerDto });
    return [];
  } catch (error) {
    if (error instanceof ApiException) return (error.details?.errors ?? []) as FieldError[];
    throw error;
  }
}
