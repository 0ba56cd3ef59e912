/** An API token's client id and secret: in a file of its own so that the client and the stack need not import each other. */
export interface Credentials {
  clientId: string;
  clientSecret: string;
}
