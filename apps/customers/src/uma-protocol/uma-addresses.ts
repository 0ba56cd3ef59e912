const UMA_ADDRESS = /^\$[a-z0-9._+-]{1,64}@([a-z0-9.-]{1,253}(?::\d{1,5})?)$/i;

/** The domain (with its port, if any) of `$user@domain`; undefined for anything else. */
export function domainOfAddress(address: string): string | undefined {
  return UMA_ADDRESS.exec(address)?.[1].toLowerCase();
}
