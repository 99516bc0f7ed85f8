import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";

const derive = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password.normalize("NFKC"), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * Password hashes for app users: node:crypto's scrypt with a random salt per password,
 * stored with its parameters so they can be raised later without breaking old hashes.
 */
export namespace Passwords {
  const PARAMS = { N: 16384, r: 8, p: 1 };
  const KEY_LENGTH = 32;

  export async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, KEY_LENGTH, PARAMS);
    return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
  }

  let decoy: Promise<string> | undefined;

  /**
   * Whether `password` matches `stored`, compared in constant time. With no stored hash
   * (unknown user, no password yet) a decoy is checked instead, so the answer takes as
   * long either way and timing tells nobody which e-mails have accounts.
   */
  export async function verify(password: string, stored: string | undefined): Promise<boolean> {
    const target = stored ?? (await (decoy ??= hash(randomBytes(16).toString("hex"))));
    const [scheme, n, r, p, salt, expected] = target.split("$");
    if (scheme !== "scrypt" || !salt || !expected) return false;
    const want = Buffer.from(expected, "base64url");
    const got = await derive(password, Buffer.from(salt, "base64url"), want.length, { N: Number(n), r: Number(r), p: Number(p) });
    return timingSafeEqual(got, want) && stored !== undefined;
  }
}
