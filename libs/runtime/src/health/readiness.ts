import {
  Controller,
  Get,
  Injectable,
  OnModuleDestroy,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';

export type DependencyProbe = () => Promise<unknown>;

/**
 * Each module that owns a connection registers a probe for it; /ready runs them all. From the start
 * of a shutdown (the first of Nest's hooks) the app is no longer ready, so that a load balancer or
 * Kubernetes stops sending it requests while it drains those it has.
 *
 * A dependency the app's requests can do without for a while is only reported: Kafka, whose events
 * wait in the outbox while it is away. Gating on it would take every pod out of its Service during a
 * broker's blip and turn safe, delayed work into 503s; its absence is an alert instead
 * (PaymentsOutboxLagging, deploy/monitoring).
 */
@Injectable()
export class ReadinessRegistry implements OnModuleDestroy {
  private readonly probes = new Map<string, DependencyProbe>();
  private readonly reported = new Map<string, DependencyProbe>();
  private stopping = false;

  get isStopping(): boolean {
    return this.stopping;
  }

  onModuleDestroy(): void {
    this.stopping = true;
  }

  /** A dependency the app cannot serve without: /ready answers 503 while it is down. */
  register(name: string, probe: DependencyProbe): void {
    this.probes.set(name, probe);
  }

  /** A dependency whose state /ready shows (under `reported`) without answering 503 for it. */
  report(name: string, probe: DependencyProbe): void {
    this.reported.set(name, probe);
  }

  entries(): [string, DependencyProbe][] {
    return [...this.probes.entries()];
  }

  reportedEntries(): [string, DependencyProbe][] {
    return [...this.reported.entries()];
  }
}

const PROBE_TIMEOUT_MS = 2_000;

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly registry: ReadinessRegistry,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: not shutting down, and every dependency this app needs answers within a short timeout. */
  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    if (this.registry.isStopping) {
      void reply
        .status(503)
        .send({ status: 'error', error: { shutdown: { status: 'down', message: 'shutting down' } } });
      return;
    }
    const reported = this.reportedStates();
    try {
      const result = await this.health.check(
        this.registry.entries().map(
          ([name, probe]) =>
            () =>
              this.probe(name, probe),
        ),
      );
      void reply.status(200).send({ ...result, reported: await reported });
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      void reply.status(503).send({ ...(error.getResponse() as object), reported: await reported });
    }
  }

  private async reportedStates(): Promise<HealthIndicatorResult> {
    const states = await Promise.all(
      this.registry.reportedEntries().map(([name, probe]) => this.probe(name, probe)),
    );
    return Object.assign({}, ...states);
  }

  private async probe(name: string, probe: DependencyProbe): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(name);
    try {
      await withTimeout(probe(), PROBE_TIMEOUT_MS);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
