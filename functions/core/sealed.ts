import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Config } from "./config";

/**
 * Values kept sealed at rest (app secrets, model provider keys): AES-256-GCM under a key derived
 * from the deployment's auth secret for one purpose, so no second secret has to be managed. The
 * `context` (say, the app and the secret's name) is bound as associated data, so a sealed value
 * copied to another owner or name does not open.
 */
export namespace Sealed {
  const VERSION = "v1";
  const IV_BYTES = 12;
  const TAG_BYTES = 16;

  /** The 256-bit key of one purpose ("app-secrets", "model-providers"). */
  export function deriveKey(rootSecret: string, purpose: string): Buffer {
    return Buffer.from(hkdfSync("sha256", rootSecret, `kiln:${purpose}`, `kiln:${purpose}:${VERSION}`, 32));
  }

  /** "v1.{iv}.{tag}.{ciphertext}" (base64url). */
  export function seal(key: Buffer, plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, "utf8"));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
  }

  /** The plaintext; throws (without the value) when the box was tampered with, sealed under another key or context. */
  export function open(key: Buffer, sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unreadable sealed value");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  }

  /** Seal and open for one purpose under this deployment's auth secret (the key derived once per secret). */
  export function under(purpose: string): { seal(plaintext: string, context: string): string; open(sealed: string, context: string): string } {
    let cached: { root: string; key: Buffer } | undefined;
    const key = () => {
      const root = Config.authSecret;
      if (cached?.root !== root) cached = { root, key: deriveKey(root, purpose) };
      return cached.key;
    };
    return { seal: (plaintext, context) => seal(key(), plaintext, context), open: (sealed, context) => open(key(), sealed, context) };
  }
}
