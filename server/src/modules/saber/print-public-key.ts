// `npm run saber:public-key`: prints the SM2 public key Saber's `website.auth.publicKey` must hold,
// from the same settings the server reads (SM2_PRIVATE_KEY, or the pair generated into DATA_DIR).
import { loadConfig } from '../../config.js';
import { sm2PublicKey } from './sm2.js';

process.stdout.write(`${sm2PublicKey(loadConfig().sm2PrivateKey)}\n`);
