/** A worker loop's pause that new work can cut short: sleep(ms) waits up to ms; wake() ends the wait at once. */
export class WakeableSleep {
  private wakeCurrent?: () => void;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeCurrent = done;
    });
  }

  wake(): void {
    this.wakeCurrent?.();
  }
}

/** A plain pause on the global timer, which Jest's fake timers drive (they leave node:timers/promises alone). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
