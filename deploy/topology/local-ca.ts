// A certificate authority of this machine and a server certificate it signs, made with openssl for the
// local topology (docs/operations.md "One machine, the whole topology"): never a production certificate.
// Kept in a folder under var/ (ignored by git) so that a person trusts the authority once; the server
// certificate names localhost and 127.0.0.1 and is made again when missing.
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalCertificates {
  /** The authority's certificate: what a browser or client is told to trust. */
  caCert: string;
  /** The server's certificate followed by the authority's, and its key, as nginx's ssl_certificate(_key). */
  fullchain: string;
  key: string;
  /** base64 SHA-256 of the authority's SubjectPublicKeyInfo, for Chromium's --ignore-certificate-errors-spki-list. */
  caSpki: string;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

export function localCertificates(folder: string): LocalCertificates {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = (name: string) => join(folder, name);
  if (!existsSync(file('ca.pem'))) {
    openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca-key.pem'], folder);
    openssl(
      [
        'req',
        '-x509',
        '-new',
        '-key',
        'ca-key.pem',
        '-sha256',
        '-days',
        '825',
        '-subj',
        '/CN=TYD local topology CA',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
        '-out',
        'ca.pem',
      ],
      folder,
    );
  }
  if (!existsSync(file('fullchain.pem'))) {
    openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'server-key.pem'], folder);
    openssl(['req', '-new', '-key', 'server-key.pem', '-subj', '/CN=localhost', '-out', 'server.csr'], folder);
    // Browsers read the names from subjectAltName only (RFC 2818 §3.1); 397 days is what they accept for a leaf.
    writeFileSync(file('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n');
    openssl(
      [
        'x509',
        '-req',
        '-in',
        'server.csr',
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca-key.pem',
        '-CAcreateserial',
        '-days',
        '397',
        '-sha256',
        '-extfile',
        'server.ext',
        '-out',
        'server.pem',
      ],
      folder,
    );
    writeFileSync(file('fullchain.pem'), readFileSync(file('server.pem'), 'utf8') + readFileSync(file('ca.pem'), 'utf8'));
  }
  const spki = new X509Certificate(readFileSync(file('ca.pem'))).publicKey.export({ type: 'spki', format: 'der' });
  return { caCert: file('ca.pem'), fullchain: file('fullchain.pem'), key: file('server-key.pem'), caSpki: createHash('sha256').update(spki).digest('base64') };
}
