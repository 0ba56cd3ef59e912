import { REDACTED, redactUrl } from '@payments/runtime';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';

/**
 * A config as its audit change records it (docs/security.md, "The audit log"): the settable fields,
 * the webhook URL without credentials in it; never the signing keys, which live in the dispatcher,
 * nor the domain verification token.
 */
export function auditedConfigOf(config: PlatformConfig): Record<string, unknown> {
  return {
    umaDomain: config.umaDomain,
    webhookEndpoint: config.webhookEndpoint ? auditedUrl(config.webhookEndpoint) : null,
    supportedCurrencies: config.supportedCurrencies,
    webhookFormat: config.webhookFormat,
  };
}

/** A URL with its user info dropped and its secret path segments and query values redacted. */
export function auditedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REDACTED;
  }
  if (parsed.username || parsed.password) {
    parsed.username = REDACTED;
    parsed.password = '';
  }
  return redactUrl(parsed.toString());
}
