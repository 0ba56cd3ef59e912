// The API version the apps serve (libs/http/src/api-version.ts reads the same file).
import apiVersion from '../../libs/http/src/api-version.json' with { type: 'json' };

export const API_VERSION = apiVersion.version;
/** The prefix of every public path, e.g. `${gatewayUrl}${API_PREFIX}/config`. */
export const API_PREFIX = `/${API_VERSION}`;
