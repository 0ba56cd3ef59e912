import { CommonEnvironment } from '../config/environment';

/**
 * The URL every Redis connection of an app dials: REDIS_URL with REDIS_PASSWORD as its password when
 * set (winning over one in the URL, so the URL can stay in a ConfigMap and the password in a Secret).
 * ioredis prefers a URL's password to its `password` option, hence the URL.
 */
export function redisUrlOf(environment: Pick<CommonEnvironment, 'REDIS_URL' | 'REDIS_PASSWORD'>): string {
  if (!environment.REDIS_PASSWORD) return environment.REDIS_URL;
  const url = new URL(environment.REDIS_URL);
  url.password = encodeURIComponent(environment.REDIS_PASSWORD);
  return url.toString();
}
