import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base-62 characters, like the tail of a Stripe id. */
export function randomChars(length: number): string {
  return [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** A Stripe-style id: its prefix (`price`, `cus`, `cs_test`…), then 24 random characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomChars(24)}`;
}
