import type { AddressInfo } from "node:net";
import { Deliveries } from "./webhooks.ts";
import { Persistence } from "./persistence.ts";
import { routes } from "./routes.ts";
import { createStandInServer } from "./server.ts";
import { Store } from "./store.ts";

export interface StripeStandInOptions {
  /** 0 = a free port. */
  port: number;
  /** JSON persistence (npm start keeps data across restarts); null = memory only. */
  dataFile: string | null;
  /** The only key accepted (Authorization: Bearer <key>); others get Stripe's 401 error shape. */
  secretKey: string;
  /** whsec_… used to sign deliveries. */
  webhookSecret: string;
  /** Where every event is POSTed (Kiln's POST /api/billing/webhook). */
  webhookUrl: string | null;
  log?: (line: string) => void;
}

export interface StripeStandIn {
  url: string;
  host: string;
  port: number;
  stop(): Promise<void>;
  /** resolves when no delivery is pending */
  deliveriesIdle(): Promise<void>;
}

/** Starts a local server speaking the subset of Stripe's API Kiln uses, for `new Stripe(key, { host, port, protocol: "http" })`. */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const log = options.log ?? ((line: string) => console.log(line));
  const store = new Store();
  const persistence = options.dataFile ? new Persistence(options.dataFile, () => store.data, log) : null;
  const saved = persistence?.load();
  if (saved) store.data = saved;
  const deliveries = new Deliveries(store, options.webhookUrl, options.webhookSecret, log);
  store.onChange = () => persistence?.schedule();
  store.onEvent = (id) => deliveries.enqueue(id);

  const host = "127.0.0.1";
  let url = "";
  const server = createStandInServer({ store, routes, secretKey: options.secretKey, base: () => url, log });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host}:${port}`;
  deliveries.resume();

  return {
    url,
    host,
    port,
    deliveriesIdle: () => deliveries.idle(),
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await deliveries.stop();
      await persistence?.flush();
    },
  };
}
