import { ApiException } from '@payments/http';

/**
 * Watches an upload for silence: `expired` rejects with 408 REQUEST_TIMEOUT once no byte has come
 * for `idleMs`. A client that opens an upload and then trickles or stops would otherwise hold its
 * slot (and the parser's buffers) for as long as the proxies in front keep the connection.
 */
export class IdleTimer {
  readonly expired: Promise<never>;
  private timer?: NodeJS.Timeout;
  private fire!: () => void;

  constructor(private readonly idleMs: number) {
    this.expired = new Promise<never>((_resolve, reject) => {
      this.fire = () =>
        reject(
          new ApiException(
            'REQUEST_TIMEOUT',
            `No part of the upload arrived for ${idleMs} ms, so it was abandoned: send it again, without pausing`,
            {
              idleTimeoutMs: idleMs,
            },
          ),
        );
    });
    // Nobody may be waiting on it when it fires; whoever is, still sees the rejection.
    this.expired.catch(() => undefined);
    this.touch();
  }

  /** Bytes arrived: the silence starts again from now. */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.fire, this.idleMs);
  }

  /** The body is over (whole or abandoned): nothing more to wait for. */
  stop(): void {
    clearTimeout(this.timer);
  }
}
