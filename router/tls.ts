import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from '../subgraphs/kernel/config.js';

/**
 * TLS material for the edge: TLS_CERT/TLS_KEY (file paths) when given, otherwise a self-signed
 * certificate for localhost generated once into <DATA_DIR>/tls/ and reused on later starts.
 */
export function loadTls(config: Pick<Config, 'tlsCert' | 'tlsKey' | 'dataDir'>): { cert: string; key: string } {
  if (config.tlsCert && config.tlsKey) {
    return { cert: readFileSync(config.tlsCert, 'utf8'), key: readFileSync(config.tlsKey, 'utf8') };
  }
  const dir = join(config.dataDir, 'tls');
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true });
    const pems = generate([{ name: 'commonName', value: 'localhost' }], {
      days: 825,
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
    });
    writeFileSync(keyPath, pems.private, { mode: 0o600 });
    writeFileSync(certPath, pems.cert);
  }
  return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8') };
}
