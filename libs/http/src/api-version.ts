/** The date-style version segment every public path starts with (docs/api.md#base-url-and-versioning). */
export const API_VERSION = '2025-10-13';
export const API_PREFIX = `/${API_VERSION}`;
