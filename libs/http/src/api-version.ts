/** The date-style version segment every public path starts with (interface.md part 9). */
export const API_VERSION = '2025-10-13';
export const API_PREFIX = `/${API_VERSION}`;
