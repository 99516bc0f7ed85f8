/**
 * A recording stand-in of the globals SST gives sst.config.ts (`$config`, `$app`, `$interpolate`,
 * `$transform`, `sst.*`, `aws.*`): every component and resource the stacks declare is kept with its
 * name and args, `$transform`s are applied as SST applies them (to every later component of the
 * type, including the functions a cron, a subscription or a route creates), and Outputs are plain
 * values with `.apply`. Nothing reaches AWS; the stacks run as written.
 */
import path from "node:path";

/** SST 4.17.1's default runtime when a Function names none (.sst/platform/src/components/aws/function.ts). */
export const SST_DEFAULT_RUNTIME = "nodejs24.x";

export class Out<T> {
  constructor(readonly value: T) {}
  apply<U>(fn: (value: T) => U): Out<Unwrapped<U>> {
    return new Out(resolved(fn(this.value)) as Unwrapped<U>);
  }
  toString(): string {
    return String(this.value);
  }
  toJSON(): unknown {
    return resolved(this.value);
  }
}
type Unwrapped<T> = T extends Out<infer U> ? U : T;

/** Every Output inside a value replaced by what it holds (components are kept as they are). */
export function resolved(value: unknown): unknown {
  if (value instanceof Out) return resolved(value.value);
  if (Array.isArray(value)) return value.map(resolved);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v)]));
  }
  return value;
}

export interface Recorded {
  /** e.g. "sst.aws.Function", "aws.cloudwatch.MetricAlarm", "sst.aws.Router.route" */
  type: string;
  name: string;
  args: Record<string, unknown>;
  /** the component a method call or a created child belongs to */
  owner?: string;
}

type Transform = (args: Record<string, unknown>, opts: unknown, name: string) => unknown;
type LinkDefinition = { properties?: unknown; include?: { actions: string[]; resources: unknown[] }[] };

const COMPONENT = Symbol("component");
/** Components are kept whole by `resolved` (only plain objects are walked). */
class StandInComponent {}
interface ComponentInfo {
  type: string;
  name: string;
  args: Record<string, unknown>;
  /** the function a cron creates */
  child?: object;
}

/** A value SST would know only in the cloud (`api.nodes.api.id`): a placeholder string, and any property of it another. */
function ghost(label: string): Out<string> {
  return new Proxy(new Out(label), {
    get(t, p) {
      if (p === "apply") return (fn: (v: unknown) => unknown) => new Out(resolved(fn(ghost(label))));
      if (p in t || typeof p === "symbol") return (t as unknown as Record<string | symbol, unknown>)[p];
      return ghost(`${label}.${p}`);
    },
  });
}

export interface Recording {
  records: Recorded[];
  of(type: string): Recorded[];
  /** The IAM statements a function's role gets: its own `permissions` and what each linked component includes. */
  statementsOf(fn: Recorded): { actions: string[]; resources: string[] }[];
  /** The component names a function is linked to. */
  linksOf(fn: Recorded): string[];
  /** What `run()` returned. */
  outputs: unknown;
}

/** What the stand-in's AWS answers to the data sources the stacks read at deploy. */
export interface StandInCloud {
  /** Domains whose ACM certificate (us-east-1) is not issued yet: `aws.acm.getCertificate` finds no ISSUED one, as AWS answers. Every other domain's is issued. */
  pendingCertificates?: string[];
  /** An error AWS answers every certificate lookup with (e.g. access denied), not "none found". */
  certificateLookupError?: string;
}

/**
 * Installs the stand-in globals, runs sst.config.ts's `run()` (which imports every stacks/*.ts) and
 * returns what it recorded. `env` is set on process.env while the stacks load.
 */
export async function recordStacks(env: Record<string, string>, cloud: StandInCloud = {}): Promise<Recording> {
  const records: Recorded[] = [];
  const transforms = new Map<string, Transform[]>();
  const linkWraps = new Map<string, (component: unknown) => LinkDefinition>();
  const classes = new Map<string, new (name: string, args?: Record<string, unknown>, opts?: unknown) => object>();

  const applyTransforms = (type: string, name: string, args: Record<string, unknown>, opts: unknown) => {
    for (const transform of transforms.get(type) ?? []) transform(args, opts, name);
  };
  const applyArgTransform = (transform: unknown, name: string, args: Record<string, unknown>) => {
    if (typeof transform === "function") {
      transform(args, {}, name);
      return args;
    }
    return { ...args, ...(transform as object | undefined) };
  };

  const placeholder = (info: ComponentInfo, prop: string): Out<string> => {
    if (prop === "url") return new Out(`https://${info.name.toLowerCase()}.stand-in.example`);
    if (prop === "arn") return new Out(`arn:aws:stand-in:us-east-1:123456789012:${info.type}/${info.name}`);
    return new Out(`${info.name}.${prop}`);
  };

  /** A Function SST creates for a component (a cron's, a subscription's, a route's handler). */
  const childFunction = (name: string, handlerOrArgs: unknown, owner: string) => {
    const handler = handlerOrArgs instanceof Out ? resolved(handlerOrArgs) : handlerOrArgs;
    if (typeof handler === "string" && handler.startsWith("arn:")) return undefined;
    const args = typeof handlerOrArgs === "string" ? { handler: handlerOrArgs } : { ...(handlerOrArgs as Record<string, unknown>) };
    return construct("sst.aws.Function", name, args, {}, owner);
  };

  const methodCall = (info: ComponentInfo, method: string, params: unknown[]): unknown => {
    const type = `${info.type}.${method}`;
    if (method === "subscribe" && info.type === "sst.aws.Dynamo") {
      const [name, subscriber, args = {}] = params as [string, unknown, Record<string, unknown>];
      const subscriberName = `${info.name}Subscriber${name}`;
      const fn = childFunction(`${subscriberName}Function`, subscriber, info.name);
      // SST's own grant to read the stream (dynamo-lambda-subscriber.ts)
      const fnArgs = fn && (fn as { [COMPONENT]: ComponentInfo })[COMPONENT].args;
      if (fnArgs) fnArgs.permissions = [
        ...((fnArgs.permissions as unknown[] | undefined) ?? []),
        { actions: ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator", "dynamodb:ListStreams"], resources: [placeholder(info, "streamArn")] },
      ];
      const filters = args.filters ? resolved(args.filters) as unknown[] : undefined;
      const mapping = applyArgTransform((args.transform as { eventSourceMapping?: unknown } | undefined)?.eventSourceMapping, `${subscriberName}EventSourceMapping`, {
        eventSourceArn: placeholder(info, "streamArn"),
        functionName: fn ? (fn as Record<string, unknown>).arn : subscriber,
        filterCriteria: filters ? { filters: filters.map((f) => ({ pattern: JSON.stringify(f) })) } : undefined,
        startingPosition: "LATEST",
      });
      records.push({ type: "aws.lambda.EventSourceMapping", name: `${subscriberName}EventSourceMapping`, args: mapping, owner: info.name });
      records.push({ type, name, args: { subscriber, ...args }, owner: info.name });
      return new Out({ name: subscriberName, nodes: { function: new Out(fn) } });
    }
    if (method === "route" && (info.type === "sst.aws.ApiGatewayV2" || info.type === "sst.aws.ApiGatewayWebSocket")) {
      const [route, handler, args = {}] = params as [string, unknown, Record<string, unknown>];
      const fn = childFunction(`${info.name}Route${records.length}Handler`, handler, info.name);
      records.push({ type, name: route, args: { handler, function: fn, ...args }, owner: info.name });
      return construct(`${type}Result`, route, {}, {}, info.name);
    }
    if (method === "addIdentityProvider" || method === "addClient") {
      const [name, args = {}] = params as [string, Record<string, unknown>];
      const childType = method === "addClient" ? "sst.aws.CognitoUserPoolClient" : "sst.aws.CognitoIdentityProvider";
      return construct(childType, name, { ...args, userPool: info.name }, {}, info.name);
    }
    const [name, ...rest] = params;
    records.push({ type, name: String(resolved(name)), args: { params: rest }, owner: info.name });
    return construct(`${type}Result`, String(resolved(name)), {}, {}, info.name);
  };

  const METHODS = new Set(["route", "routeUrl", "routeBucket", "routeSite", "subscribe", "addIdentityProvider", "addClient", "attachPermissions", "addGlobalIndex"]);

  function construct(type: string, name: string, args: Record<string, unknown> = {}, opts: unknown = {}, owner?: string): object {
    applyTransforms(type, name, args, opts);
    const info: ComponentInfo = { type, name, args };
    records.push({ type, name, args, ...(owner ? { owner } : {}) });
    if (type === "sst.aws.CronV2" || type === "sst.aws.Cron") {
      const fnArgs = args.function ?? args.job;
      if (fnArgs) info.child = childFunction(`${name}Handler`, fnArgs, name);
    }
    const target = Object.assign(new StandInComponent(), { [COMPONENT]: info }) as unknown as Record<string | symbol, unknown>;
    return new Proxy(target, {
      get(t, prop) {
        if (prop === COMPONENT) return info;
        if (prop === "then" || typeof prop === "symbol") return undefined;
        if (METHODS.has(prop)) return (...params: unknown[]) => methodCall(info, prop, params);
        if (type === "sst.Secret" && prop === "value") return new Out(`secret:${name}`);
        if (prop === "nodes") return new Proxy({}, { get: (_n, p) => (p === "function" && info.child ? new Out(info.child) : typeof p === "string" ? ghost(`${name}.nodes.${p}`) : undefined) });
        if (type === "sst.Linkable" && prop === "properties") return (args as { properties: unknown }).properties;
        if (type === "sst.aws.CognitoIdentityProvider" && prop === "providerName") return new Out(name);
        if (!(prop in t)) t[prop] = placeholder(info, prop);
        return t[prop];
      },
    });
  }

  const classOf = (type: string) => {
    let cls = classes.get(type);
    if (!cls) {
      cls = function StandIn(name: string, args?: Record<string, unknown>, opts?: unknown) {
        // sst.Secret's second argument is its placeholder value, not args
        if (type === "sst.Secret") return construct(type, name, { placeholder: args }, opts);
        return construct(type, name, args ?? {}, opts);
      } as unknown as new (name: string, args?: Record<string, unknown>, opts?: unknown) => object;
      Object.defineProperty(cls, "name", { value: type });
      if (type === "sst.Linkable") {
        Object.assign(cls, {
          wrap: (wrapped: { typeName?: string }, cb: (component: unknown) => LinkDefinition) => linkWraps.set(String((wrapped as { typeName?: string }).typeName), cb),
        });
      }
      Object.assign(cls, { typeName: type });
      classes.set(type, cls);
    }
    return cls;
  };

  /** `sst.aws.Function`, `aws.cloudwatch.MetricAlarm`, `aws.getRegionOutput()`: a class per path, a function for `get…` data sources. */
  const namespace = (prefix: string): unknown =>
    new Proxy(
      {},
      {
        get(_, prop) {
          if (typeof prop === "symbol") return undefined;
          const type = `${prefix}.${prop}`;
          if (prop === "permission") return (statement: unknown) => statement;
          if (/^get[A-Z]/.test(prop)) {
            return (args?: Record<string, unknown>) => {
              records.push({ type, name: prop, args: args ?? {} });
              if (prop.startsWith("getRegion")) return prop.endsWith("Output") ? new Out({ region: "us-east-1", name: "us-east-1" }) : Promise.resolve({ region: "us-east-1", name: "us-east-1" });
              if (prop.startsWith("getCallerIdentity")) return prop.endsWith("Output") ? new Out({ accountId: "123456789012" }) : Promise.resolve({ accountId: "123456789012" });
              if (type === "aws.acm.getCertificate") {
                // the provider's answer when no certificate matches: the invoke fails
                const domain = String(args?.domain);
                if (cloud.certificateLookupError) return Promise.reject(new Error(cloud.certificateLookupError));
                if (cloud.pendingCertificates?.includes(domain)) return Promise.reject(new Error(`Invoke of 'aws:acm/getCertificate:getCertificate' failed: no ACM Certificate matching domain (${domain})`));
                return Promise.resolve({ arn: `arn:aws:acm:us-east-1:123456789012:certificate/${domain}`, domain, status: "ISSUED" });
              }
              return new Out(new Proxy({}, { get: (_t, p) => (typeof p === "string" ? `${type}.${p}` : undefined) }));
            };
          }
          return /^[A-Z]/.test(prop) ? classOf(type) : namespace(type);
        },
      },
    );

  // an Out's `.region` etc. read through the data-source shape above
  const outProp = <T extends object>(o: Out<T>) => new Proxy(o, { get: (t, p) => (p in t ? (t as never)[p] : new Out((t.value as Record<string | symbol, unknown>)[p])) });

  const interpolate = (strings: TemplateStringsArray, ...values: unknown[]) =>
    new Out(strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(resolved(values[i])) : ""), ""));

  const globals: Record<string, unknown> = {
    $config: (config: unknown) => config,
    $app: { name: "kiln", stage: env.STAGE ?? "test", removal: "remove", protect: false, providers: {} },
    $dev: false,
    $interpolate: interpolate,
    $concat: (...parts: unknown[]) => new Out(parts.map((p) => String(resolved(p))).join("")),
    $output: (value: unknown) => new Out(resolved(value)),
    $resolve: (value: unknown) => new Out(resolved(value)),
    $jsonStringify: (value: unknown) => new Out(JSON.stringify(resolved(value))),
    $jsonParse: (value: unknown) => new Out(JSON.parse(String(resolved(value)))),
    $all: (values: unknown) => new Out(resolved(values)),
    $transform: (cls: { typeName?: string }, cb: Transform) => {
      const type = String(cls.typeName);
      transforms.set(type, [...(transforms.get(type) ?? []), cb]);
    },
    sst: namespace("sst"),
    aws: new Proxy(namespace("aws") as object, {
      get(t, prop) {
        const value = (t as Record<string | symbol, unknown>)[prop];
        return typeof value === "function" && typeof prop === "string" && prop.endsWith("Output")
          ? (...a: unknown[]) => outProp((value as (...a: unknown[]) => Out<object>)(...a))
          : value;
      },
    }),
  };

  const infoOf = (component: unknown): ComponentInfo | undefined => (component as { [COMPONENT]?: ComponentInfo } | null)?.[COMPONENT];

  /** SST's built-in link permissions (each component's getSSTLink), unless sst.Linkable.wrap replaced them. */
  const linkIncludes = (component: unknown): { actions: string[]; resources: unknown[] }[] => {
    const info = infoOf(component);
    if (!info) return [];
    const wrap = linkWraps.get(info.type);
    if (wrap) return wrap(component).include ?? [];
    const arn = placeholder(info, "arn");
    switch (info.type) {
      case "sst.aws.Dynamo":
        return [{ actions: ["dynamodb:*"], resources: [arn, `${arn}/*`] }];
      case "sst.aws.Bucket":
        return [{ actions: ["s3:*"], resources: [arn, `${arn}/*`] }];
      case "sst.aws.Queue":
        return [{ actions: ["sqs:*"], resources: [arn] }];
      case "sst.aws.SnsTopic":
        return [{ actions: ["sns:*"], resources: [arn] }];
      case "sst.aws.Function":
        return [{ actions: ["lambda:InvokeFunction"], resources: [arn] }];
      case "sst.aws.ApiGatewayWebSocket":
        return [{ actions: ["execute-api:ManageConnections"], resources: [`${placeholder(info, "executionArn")}/*/*/@connections/*`] }];
      case "sst.Linkable":
        return ((info.args as LinkDefinition).include ?? []) as { actions: string[]; resources: unknown[] }[];
      default:
        return [];
    }
  };

  const saved = new Map<string, unknown>();
  for (const [k, v] of Object.entries(globals)) {
    saved.set(k, (globalThis as Record<string, unknown>)[k]);
    (globalThis as Record<string, unknown>)[k] = v;
  }
  const savedEnv = { ...process.env };
  Object.assign(process.env, env);
  let outputs: unknown;
  const statements = new Map<Recorded, { actions: string[]; resources: string[] }[]>();
  try {
    const config = (await import(path.resolve(__dirname, "../../sst.config.ts"))).default as { run(): Promise<unknown> };
    outputs = resolved(await config.run());
    // link definitions (sst.Linkable.wrap) may read SST's globals: read them while the stand-in is installed
    for (const fn of records.filter((r) => r.type === "sst.aws.Function")) statements.set(fn, statementsOf(fn));
  } finally {
    for (const [k, v] of saved) (globalThis as Record<string, unknown>)[k] = v;
    for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
    Object.assign(process.env, savedEnv);
  }

  return {
    records,
    outputs,
    statementsOf: (fn) => statements.get(fn) ?? statementsOf(fn),
    of: (type) => records.filter((r) => r.type === type),
    linksOf: (fn) => ((fn.args.link as unknown[] | undefined) ?? []).map((c) => infoOf(c)?.name ?? String(c)),
  };

  function statementsOf(fn: Recorded) {
    return [...((resolved(fn.args.permissions) as { actions: string[]; resources: unknown[] }[] | undefined) ?? []), ...((fn.args.link as unknown[] | undefined) ?? []).flatMap(linkIncludes)].map((s) => ({
        actions: s.actions,
        resources: (resolved(s.resources) as unknown[]).map(String),
      }));
  }
}
