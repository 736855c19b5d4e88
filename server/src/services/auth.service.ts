import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ServerMessages as M, TOKEN_TTL_MS } from '@folio/shared';
import type { LoginResult } from '@folio/shared';
import type { ServerConfig } from '../config.js';
import { unauthorized } from '../errors.js';
import type { Logger } from '../logger.js';
import type { RevokedTokensRepository } from '../store/revoked-tokens.repository.js';
import { SecretsRepository } from '../store/secrets.repository.js';
import { toIsoSeconds } from '../store/clock.js';
import { constantTimeEquals, generatePassword, hashPassword, verifyPassword } from './password.js';

interface TokenClaims {
  sub: string;
  jti: string;
  exp: number;
  remember?: boolean;
}

export interface VerifiedToken {
  username: string;
  jti: string;
  expiresAt: Date;
}

/** Who may sign in and what signs the tokens, settled once at start. */
export interface AdminCredentials {
  username: string;
  /** The password's hash, made on first use when it comes from config (see loadAdminCredentials). */
  passwordHash: () => Promise<string>;
  secret: string;
}

/**
 * The owner's credentials from config, or generated on first start (printed once, stored only
 * hashed), and the token secret from config or generated and kept in the data dir.
 */
export async function loadAdminCredentials(config: ServerConfig, logger: Logger): Promise<AdminCredentials> {
  const secretsRepository = new SecretsRepository(config.dataDir);
  const secrets = await secretsRepository.read();
  let changed = false;

  let secret = config.jwtSecret;
  if (!secret) {
    if (!secrets.jwt_secret) {
      secrets.jwt_secret = randomBytes(48).toString('base64url');
      changed = true;
    }
    secret = secrets.jwt_secret;
  }

  let passwordHash: () => Promise<string>;
  const configuredPassword = config.adminPassword;
  if (configuredPassword) {
    // Hashed at the first sign-in, not at start: scrypt is made to be slow (about 0.1 s and
    // 32 MB), and no visitor's page should wait for it.
    let hashing: Promise<string> | undefined;
    passwordHash = () => (hashing ??= hashPassword(configuredPassword));
  } else if (secrets.admin_password_hash && secrets.admin_username === config.adminUsername) {
    const stored = secrets.admin_password_hash;
    passwordHash = () => Promise.resolve(stored);
  } else {
    const password = generatePassword();
    const generated = await hashPassword(password);
    passwordHash = () => Promise.resolve(generated);
    secrets.admin_username = config.adminUsername;
    secrets.admin_password_hash = generated;
    changed = true;
    logger.info(
      `No ADMIN_PASSWORD set: generated admin credentials (shown once; only a hash is stored)\n` +
        `    username: ${config.adminUsername}\n    password: ${password}`,
    );
  }
  if (changed) await secretsRepository.write(secrets);
  return { username: config.adminUsername, passwordHash, secret };
}

/**
 * Sign-in for the single owner: JWTs signed with the configured or generated secret, and
 * revocation stored with the data so a logout survives a restart. The lockout after repeated
 * failures is the `login` rate limit (http/rate-limit.ts).
 */
export class AuthService {
  constructor(
    private readonly revokedTokens: RevokedTokensRepository,
    private readonly credentials: AdminCredentials,
  ) {
    this.tokenKey = createSecretKey(Buffer.from(credentials.secret));
  }

  /**
   * The secret as a key object, made once: given the string, jsonwebtoken first tries it as a
   * public key on every verification and builds the key from the exception, about 0.4 ms of
   * every admin request.
   */
  private readonly tokenKey: KeyObject;

  async login(username: string, password: string, remember: boolean): Promise<LoginResult> {
    // Always run the password hash so a wrong username costs the same time as a wrong password.
    const passwordOk = await verifyPassword(password, await this.credentials.passwordHash());
    const usernameOk = constantTimeEquals(username, this.credentials.username);
    if (!passwordOk || !usernameOk) throw unauthorized(M.wrongCredentials);
    const ttl = remember ? TOKEN_TTL_MS.remember : TOKEN_TTL_MS.default;
    const expiresAt = new Date(Math.floor((Date.now() + ttl) / 1000) * 1000);
    const token = jwt.sign({ remember, jti: randomUUID() }, this.tokenKey, {
      algorithm: 'HS256',
      subject: this.credentials.username,
      expiresIn: Math.round(ttl / 1000),
    });
    return { token, expires_at: toIsoSeconds(expiresAt), remember };
  }

  /** Returns the token's owner, or throws 401 `Token已过期或无效` for a bad, expired or revoked one. */
  verify(token: string): VerifiedToken {
    let claims: TokenClaims;
    try {
      claims = jwt.verify(token, this.tokenKey, { algorithms: ['HS256'] }) as TokenClaims;
    } catch {
      throw unauthorized(M.tokenInvalid, { valid: false });
    }
    if (claims.sub !== this.credentials.username || typeof claims.jti !== 'string' || this.revokedTokens.isRevoked(claims.jti)) {
      throw unauthorized(M.tokenInvalid, { valid: false });
    }
    return { username: claims.sub, jti: claims.jti, expiresAt: new Date(claims.exp * 1000) };
  }

  /** Revokes a token if it is still valid; an expired or already revoked one needs nothing. */
  async logout(token: string): Promise<void> {
    let verified: VerifiedToken;
    try {
      verified = this.verify(token);
    } catch {
      return;
    }
    await this.revokedTokens.add({ jti: verified.jti, expires_at: toIsoSeconds(verified.expiresAt) }, new Date());
  }
}
