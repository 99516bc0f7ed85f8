/// <reference path="./.sst/platform/config.d.ts" />

/**
 * Kiln in the cloud. This file only wires stacks/; each stack is one concern.
 * The same stack runs on one machine without AWS: see stacks/local/.
 *
 * Before the first deploy of a stage, set its secrets (stacks/secrets.ts):
 *   npx sst secret set AuthSecret "$(openssl rand -hex 32)" --stage <stage>
 *   npx sst secret set GoogleClientId <id> --stage <stage>
 *   npx sst secret set GoogleClientSecret <secret> --stage <stage>
 *   npx sst secret set MailFrom "Kiln <no-reply@your.domain>" --stage <stage>
 * and for real models (stacks/models.ts; none set = the offline engine), e.g.
 *   npx sst secret set AnthropicApiKey <key> --stage <stage>
 *   npx sst secret set GithubToken <token> --stage <stage>
 */
export default $config({
  app(input) {
    return {
      name: "kiln",
      home: "aws",
      removal: input?.stage === "production" ? "retain" : "remove",
      protect: input?.stage === "production",
    };
  },
  async run() {
    // A handler's dynamic import()s (the AI SDK, the offline engine, the publish build) become chunks its cold start does not load (test/bench/bundles.ts).
    $transform(sst.aws.Function, (args) => {
      // the bench (test/bench/bundles.ts) builds with the same plugins file; the path is relative to this file
      args.nodejs ??= { splitting: true, plugins: "./stacks/esbuild-plugins.mjs" };
    });
    // Imported in dependency order; each module declares its resources when first imported.
    await import("./stacks/secrets");
    await import("./stacks/models");
    await import("./stacks/storage");
    const { router } = await import("./stacks/router");
    await import("./stacks/auth");
    const { realtime } = await import("./stacks/realtime");
    await import("./stacks/kiln");
    await import("./stacks/functions");
    const { api } = await import("./stacks/api");
    await import("./stacks/jobs");
    await import("./stacks/web");
    const { appsRouter, customDomainsOutput } = await import("./stacks/apps");
    await import("./stacks/alarms");

    return {
      web: router.url,
      apps: appsRouter.url,
      api: api.url,
      socket: realtime.url,
      // where to point KILN_DOMAIN when its DNS is not in Route 53 (KILN_DOMAIN_CERT_ARN)
      webDistribution: router.nodes.cdn.nodes.distribution.domainName,
      // per custom domain: "served" or "pending validation", and the DNS record its owner adds (stacks/apps.ts)
      customDomains: await customDomainsOutput,
    };
  },
});
