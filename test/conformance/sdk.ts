import { Base44Error, createClient } from "@base44/sdk";
import { expect } from "vitest";
import { apiUrl } from "../api/helpers";

/** The real @base44/sdk pointed at the local stack, as an app with this id (and token) would build it; no analytics traffic. */
export const sdkClient = (appId: string, token?: string) => createClient({ appId, serverUrl: apiUrl(), token, analytics: { enabled: false } });

/** The rejection of `promise`, which must be a Base44Error. */
export async function failure(promise: Promise<unknown>): Promise<Base44Error> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Base44Error);
  return err as Base44Error;
}
