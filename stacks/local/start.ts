/**
 * `npm start`: the whole Kiln platform on this machine. Builds the SPA, starts
 * every stand-in, seeds the first accounts, prints one URL.
 * `npm run team` (`--team`): the same for a team on one server (stacks/local/team.ts).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { StartupError } from "./processes";
import { type LocalStack, startLocalStack } from "./stack";
import { dataDirOf } from "./data-dir";
import { printOutbox, teamBanner, teamSettings } from "./team";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const port = Number(process.env.PORT ?? 4444);
/** Loopback unless the operator opens Kiln to a network on purpose (README: "What listens where"). */
const host = process.env.HOST?.trim() || undefined;
const loopback = (h: string) => h === "localhost" || h === "::1" || h.startsWith("127.");
const team = process.argv.includes("--team") || process.env.KILN_MODE === "team";

function fail(message: string): never {
  console.error(`\n  Kiln could not start: ${message}\n`);
  process.exit(1);
}

async function main() {
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number, not "${process.env.PORT}".`);
  const settings = team ? teamSettings(root) : { dataDir: dataDirOf(root, false) };
  if (typeof settings === "string") fail(settings);

  if (process.env.KILN_SKIP_BUILD !== "1") {
    console.log("Building the web app…");
    const build = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) fail("the web app did not build (see above).");
  }

  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      port,
      host,
      dataDir: settings.dataDir,
      webDir: path.join(root, "dist"),
      seed: !team,
      team,
      publicUrls: "publicUrls" in settings ? settings.publicUrls : undefined,
      oidc: "oidc" in settings ? settings.oidc : undefined,
      signupDomains: "signupDomains" in settings ? settings.signupDomains : undefined,
      log: (line) => console.log(line),
    });
  } catch (err) {
    if (err instanceof StartupError) fail(err.message);
    throw err;
  }

  const stopOutbox = team ? await printOutbox((line) => console.log(line)) : () => undefined;
  if (host && !loopback(host) && team)
    console.warn(`
  Warning: HOST=${host} opens Kiln to the network without TLS: passwords and codes would cross it in
  the clear. Keep HOST unset (loopback) and put a reverse proxy with TLS in front (README: "Run Kiln
  for a team on one server").`);
  else if (host && !loopback(host))
    console.warn(`
  Warning: HOST=${host} opens Kiln to the network: anyone who can reach this machine on port ${stack.port}
  can open it. The local sign-in page and /api/local/* still answer only on this machine, so people
  on other machines cannot sign in; the stand-ins (DynamoDB Local, s3rver, Stripe, DNS, the function
  sandbox) stay on loopback.`);
  if (team) console.log(teamBanner(stack.url, settings, stack.startupMs));
  else console.log(`
  Kiln is running at ${stack.url}   (ready in ${(stack.startupMs / 1000).toFixed(1)} s)

  Sign in with "Continue with Google": locally it opens a labelled identity page
  where you pick admin@kiln.local (platform admin) or maker@kiln.local, or type any e-mail.
  Data lives in ${settings.dataDir} and survives restarts. Ctrl-C stops everything.
`);

  let stopping = false;
  const shutdown = async () => {
    // a second Ctrl-C does not wait
    if (stopping) process.exit(130);
    stopping = true;
    console.log("\nStopping Kiln… (Ctrl-C again to quit at once)");
    setTimeout(() => {
      console.error("Kiln did not stop within 20 s; quitting.");
      process.exit(1);
    }, 20_000).unref();
    stopOutbox();
    await stack.stop();
    console.log("Stopped.");
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
