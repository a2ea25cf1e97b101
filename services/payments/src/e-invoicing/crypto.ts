import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';

/**
 * The IRP's encryption (NIC e-Invoice API, docs/decisions/0162): the login payload goes under the IRP's RSA public
 * key (PKCS#1 v1.5), and everything after it under AES-256 in ECB mode with PKCS#7 padding: the session key (Sek)
 * under the app key the client chose, each request's and answer's Data under the Sek. Keys and texts travel Base64.
 */

/** A fresh app key: 32 random bytes, one per login. */
export const newAppKey = (): Buffer => randomBytes(32);

export function aesEncrypt(key: Buffer, plain: Buffer | string): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]).toString('base64');
}

export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

/** Encrypts under the IRP's public key (a PEM), as the login's Data. */
export function rsaEncrypt(publicKeyPem: string, plain: Buffer | string): string {
  const data = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain;
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, data).toString('base64');
}
