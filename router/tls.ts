import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from '../subgraphs/kernel/config.js';

/**
 * Forward-secret suites only (ECDHE, AEAD). TLS 1.3's suites are all forward secret; for TLS 1.2 the
 * default list also offered static-RSA key exchange (AES128-SHA, AES256-SHA256), whose recorded traffic
 * anyone who later obtains the private key can decrypt.
 */
export const TLS_CIPHERS = [
  'TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305', 'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** The edge's TLS server options: its certificate and key, TLS 1.2 or later, forward-secret suites. */
export function edgeTlsOptions(config: Pick<Config, 'tlsCert' | 'tlsKey' | 'dataDir'>): { cert: string; key: string; ciphers: string; minVersion: 'TLSv1.2'; honorCipherOrder: true } {
  return { ...loadTls(config), ciphers: TLS_CIPHERS, minVersion: 'TLSv1.2', honorCipherOrder: true };
}

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
