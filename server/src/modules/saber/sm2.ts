import { sm2 } from 'sm-crypto-v2';

/** sm-crypto's cipher mode 0 (C1C2C3), the one Saber 4.x encrypts passwords with. */
const C1C2C3 = 0;

/** The public key (uncompressed hex, 130 digits) that Saber's `website.auth.publicKey` must hold. */
export function sm2PublicKey(privateKey: string): string {
  return sm2.getPublicKeyFromPrivateKey(privateKey);
}

/**
 * Opens a password Saber encrypted with our public key: hex ciphertext, with or without the `04`
 * point prefix. Undefined when it does not open (wrong key, tampered or not hex at all).
 */
export function sm2Decrypt(cipherHex: string, privateKey: string): string | undefined {
  return sm2Open(cipherHex, privateKey)?.text;
}

/**
 * Like sm2Decrypt, and also the ciphertext as it opened (lower case, no `04` prefix): one text
 * for every spelling of the same ciphertext, so a replay cannot pass for a new one.
 */
export function sm2Open(cipherHex: string, privateKey: string): { text: string; cipher: string } | undefined {
  const hex = cipherHex.trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex) || hex.length < 194) return undefined;
  // C1 is an uncompressed point; sm-crypto leaves its 04 prefix out, other clients keep it.
  for (const cipher of hex.startsWith('04') ? [hex, hex.slice(2)] : [hex]) {
    const text = tryDecrypt(cipher, privateKey);
    if (text !== undefined) return { text, cipher };
  }
  return undefined;
}

function tryDecrypt(hex: string, privateKey: string): string | undefined {
  try {
    const text = sm2.doDecrypt(hex, privateKey, C1C2C3, { output: 'string' });
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}
