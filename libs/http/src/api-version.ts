// One file holds the version, for the apps and for the scripts (scripts/lib/api-version.mjs) alike.
import { version } from './api-version.json';

/** The date-style version segment every public path starts with (docs/api.md#base-url-and-versioning). */
export const API_VERSION = version;
export const API_PREFIX = `/${API_VERSION}`;
