import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

/**
 * The certificates of KAFKA_SSL_CA_FILE, refusing a file that cannot be read or holds no PEM
 * certificate. The messages name the variable and the path only (docs/operations.md, "Deploying to
 * production", step 3): whatever a mistaken mount put at that path, none of it goes into a log.
 */
export function readKafkaCaBundle(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`KAFKA_SSL_CA_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  const certificates = text.match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0) throw new Error(`KAFKA_SSL_CA_FILE: ${file} holds no PEM certificate`);
  certificates.forEach((certificate, index) => {
    try {
      new X509Certificate(certificate);
    } catch {
      throw new Error(`KAFKA_SSL_CA_FILE: certificate ${index + 1} of ${file} is not a valid certificate`);
    }
  });
  return certificates;
}
