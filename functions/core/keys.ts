/**
 * The single table's keys. Every access pattern Kiln has is listed here, and
 * nothing outside this file concatenates a key prefix.
 *
 * | pattern                           | operation | key                                              |
 * |-----------------------------------|-----------|--------------------------------------------------|
 * | user by id                        | GetItem   | pk USER#{id}          sk USER                    |
 * | user by e-mail (unique)           | GetItem   | pk EMAIL#{email}      sk EMAIL    -> user_id     |
 * | user by API key (unique)          | GetItem   | pk APIKEY#{sha256}    sk APIKEY   -> user_id     |
 * | password sign-in of an e-mail     | GetItem   | pk EMAIL#{email}      sk PASSWORD (team mode)    |
 * | the team's first admin (once)     | GetItem   | pk TEAM               sk ADMIN    -> user_id     |
 * | users, newest first               | Query     | gsi1 USERS            gsi1sk {created}#{id}      |
 * | app by id                         | GetItem   | pk APP#{id}           sk APP                     |
 * | app by slug (unique)              | GetItem   | pk SLUG#{slug}        sk SLUG     -> app_id      |
 * | apps of an owner, newest first    | Query     | gsi1 OWNER#{userId}   gsi1sk {updated}#{id}      |
 * | all apps, newest first (admins)   | Query     | gsi2 APPS             gsi2sk {updated}#{id}      |
 * | an app's files                    | Query     | pk APP#{id}           sk begins FILE#            |
 * | an app's messages, in time order  | Query     | pk APP#{id}           sk begins MSG#  (ULIDs)    |
 * | an app's checkpoints              | Query     | pk APP#{id}           sk begins CP#   (ULIDs)    |
 * | an app's secret (sealed value)    | GetItem   | pk APP#{id}           sk SECRET#{name}           |
 * | an app's secrets, by name         | Query     | pk APP#{id}           sk begins SECRET#          |
 * | catalogue item by id              | GetItem   | pk CATALOG#{id}       sk ITEM                    |
 * | public approved items, newest 1st | Query     | gsi1 CATALOG          gsi1sk {created_at}#{id}   |
 * | a user's upvote of an item        | GetItem   | pk CATALOG#{id}       sk UPVOTE#{userId}         |
 * | catalogue items pending approval  | Query     | gsi2 CATALOGPENDING   gsi2sk {created_at}#{id}   |
 * | a user's own catalogue items      | Query     | gsi3 CATALOGOWNER#{email} gsi3sk {created_at}#{id}|
 * | items a user was invited to admin | Query     | pk CATALOGINVITE#{email} sk ITEM#{id}            |
 * | a user's usage of a day / month   | GetItem   | pk USAGE#{userId}     sk DAY#{date} / MONTH#{ym} |
 * | a user's daily usage over a range | Query     | pk USAGE#{userId}     sk between DAY#…           |
 * | feedback, newest first            | Query     | pk FEEDBACK           sk {ulid}                  |
 * | socket connection                 | GetItem   | pk CONN#{id}          sk CONN                    |
 * | rooms a connection joined         | Query     | pk CONN#{id}          sk begins ROOM#            |
 * | connections in a room             | Query     | pk ROOM#{room}        sk begins CONN#            |
 * | connections, oldest first (sweep) | Query     | gsi1 CONNS            gsi1sk {connected_at}#{id} |
 * | e-mail outbox, newest first       | Query     | pk OUTBOX             sk {ulid}                  |
 * | an app's record by id             | GetItem   | pk REC#{appId}#{Entity}  sk {id} (lower-case ULID) |
 * | an app's records, by created_date | Query     | pk REC#{appId}#{Entity}  (reverse for newest 1st)  |
 * | an app's records, by updated_date | Query     | gsi1 REC#{appId}#{Entity}  gsi1sk {updated}#{id}   |
 * | an app's record changes, in stream| Query     | pk RECLOG#{appId}[~k] sk SEQ#{stream seq, 40 digits} (TTL) |
 * |   order (old images; restore undoes those after a checkpoint's seq)                           |
 * | an app's record count (stream-kept)| GetItem  | pk RECLOG#{appId}     sk COUNT                   |
 * | an app's records, by created_by   | Query     | gsi2 REC#{appId}#{Entity}#created_by  gsi2sk {enc}\x01{id} |
 * | an app's records, by created_date | Query     | gsi3 REC#{appId}#{Entity}#created_date gsi3sk {enc}\x01{id} |
 * | an app's records, by any other    | Query     | pk RIX#{appId}#{Entity}#{field}  sk {enc}\x01{id} -> id |
 * |   field (index entries, written with the record; enc = order-preserving, records/indexes.ts)   |
 * | an entity's record count (sharded)| Query     | pk RECSTATS#{appId}   sk begins {Entity}#COUNT#   |
 * | an entity's index/count state     | GetItem   | pk RECSTATS#{appId}   sk {Entity}#INDEX  (+ spread)|
 * | an entity spread over S shards    | each of the rows above with {Entity}~k for shard k in 1..S-1:  |
 * |   (records/shards.ts)             | REC#{appId}#{Entity}~k, RIX#…#{Entity}~k#{field}, and counters |
 * |                                   | under RECSTATS#{appId}#{Entity}~k; a record's shard is its id's |
 * |                                   | 27th character (base 32); a 26-character id is shard 0          |
 * | entities that ever held records   | Query     | pk RECSTATS#{appId}   (cleanup of a deleted app)  |
 * | an app user by id                 | GetItem   | pk APPUSERS#{appId}   sk USER#{id}               |
 * | an app user by e-mail (unique)    | GetItem   | pk APPUSERS#{appId}   sk EMAIL#{email} -> user_id|
 * | an app's users                    | Query     | pk APPUSERS#{appId}   sk begins USER#            |
 * | an app user's credentials         | GetItem   | pk APPUSERS#{appId}   sk CRED#{id}               |
 * | integration credits of a month    | GetItem   | pk USAGE#{userId}     sk INTEGRATIONS#{ym}       |
 * | an app's logs, newest first       | Query     | pk APPLOGS#{appId} (+ APPLOGS~k#{appId}, k 1-3, merged) sk {created}#{id} |
 * |   (explorer; date range = between; status error = filter)                                    |
 * | an app's logs of one type         | Query     | gsi1 APPLOGS#{appId}#{type}  gsi1sk {created}#{id} |
 * |   (visits by date range for analytics: unique users, top pages/users, users per date)       |
 * | an app's logs of one user         | Query     | gsi2 APPLOGS#{appId}#U#{user} gsi2sk {created}#{id}|
 * | an app sign-in counter (TTL)      | UpdateItem| pk APPUSERS#{appId}   sk LIMIT#{kind}#{email}#{window} |
 * | AI turns running (the sweeper)    | Query     | pk TURNS              sk APP#{appId}             |
 * | a user's credit period            | GetItem   | pk USAGE#{userId}     sk PERIOD                  |
 * | credit periods ending, soonest 1st| Query     | gsi1 PERIODS          gsi1sk {end}#{userId}      |
 * | a user's usage of a credit period | GetItem   | pk USAGE#{userId}     sk CREDITS#{periodStart}   |
 * | a user's extra credits (grants)   | Query     | pk USAGE#{userId}     sk begins GRANT#  (ULIDs)  |
 * | coupon by code                    | GetItem   | pk COUPON#{CODE}      sk COUPON                  |
 * | coupons, newest first (admins)    | Query     | gsi1 COUPONS          gsi1sk {created}#{CODE}    |
 * | a user's redemption of a coupon   | GetItem   | pk COUPON#{CODE}      sk USER#{userId}           |
 * | user by Stripe customer (unique)  | GetItem   | pk STRIPECUS#{id}     sk STRIPECUS -> user_id    |
 * | a Stripe event already handled    | GetItem   | pk STRIPEEVT#{id}     sk STRIPEEVT  (TTL)        |
 * | a user's billing change under way | GetItem   | pk USER#{id}          sk BILLINGLOCK  (TTL)      |
 * | platform totals (users, paying)   | GetItem   | pk PSTATS             sk USERS / PAYING          |
 * | platform per day (new users, msgs)| Query     | pk PSTATS             sk between NEWUSERS#… / MSGS#… |
 * | messages per user in a day/month/ | Query     | pk PSTATS#MSGS#{D2026-11-24 / M2026-11 / Y2026} sk USER#{id} |
 * |   year (top users: a range is read as whole years, months and days)                          |
 * | tokens per user and app in a day  | Query     | pk PSTATS#TOKENS#{date}  sk U#{userId}#A#{appId} |
 * | visits per app in a day (trending)| Query     | pk PSTATS#VISITS#{date}[#{shard 1-9}]  sk APP#{appId} |
 * |   (a visit adds to one of APP_VISIT_SHARDS items at random; readers query every shard and sum)   |
 * | an app's visitor of a day (TTL)   | PutItem   | pk PSTATS#VISITOR#{date}#{appId}  sk {user}      |
 * | an app's last security scan       | GetItem   | pk APP#{id}           sk SECURITYSCAN            |
 * | an app's ignored scan findings    | GetItem   | pk APP#{id}           sk SECURITYIGNORED         |
 * | a backend function's deployment   | GetItem   | pk APP#{id}           sk FNDEPLOY#{name}         |
 * | an app's function deployments     | Query     | pk APP#{id}           sk begins FNDEPLOY#        |
 * | a function's logs, newest first   | Query     | pk FNLOG#{appId}#{name}  sk {time}#{seq} (TTL)   |
 * | custom domain by id               | GetItem   | pk DOMAIN#{id}        sk DOMAIN                  |
 * | custom domain by host (unique)    | GetItem   | pk DOMAINHOST#{host}  sk DOMAINHOST -> domain_id |
 * | an app's domain TXT value         | GetItem   | pk APP#{appId}        sk DOMAINTOKEN             |
 * | an app's custom domains           | Query     | gsi1 APPDOMAINS#{appId}  gsi1sk {created}#{id}   |
 * | domains to re-check, oldest first | Query     | gsi2 DOMAINCHECKS     gsi2sk {last check}#{id}   |
 * | payments account by Stripe account| GetItem   | pk PAYACCT#{acct}     sk PAYACCT                 |
 * | a user's payments account         | GetItem   | pk USER#{id}          sk PAYMENTS  -> acct (one) |
 * | support ticket by id              | GetItem   | pk SUPPORT#{id}       sk TICKET                  |
 * | a ticket and its messages         | Query     | pk SUPPORT#{id}       (sk TICKET, MSG#{ulid}…)   |
 * | a user's tickets, newest change 1st| Query    | gsi1 SUPPORTUSER#{email} gsi1sk {updated}#{id}   |
 * | all tickets, newest change first  | Query     | gsi2 SUPPORT          gsi2sk {updated}#{id}      |
 * | open tickets, newest change first | Query     | gsi3 SUPPORTOPEN      gsi3sk {updated}#{id} (sparse) |
 * | inbox counts (kept in the ticket's| Query     | pk SUPPORTSTATS       sk begins {ALL|OPEN}#      |
 * |   own write transaction)          |           |                                                  |
 * | help articles, oldest first       | Query     | pk DOCS               sk begins ARTICLE# (ULIDs) |
 * | the support agent's settings      | GetItem   | pk DOCS               sk AGENT                   |
 * | a model provider's settings       | GetItem   | pk MODELPROVIDERS     sk PROVIDER#{kind}         |
 * | the provider serving `default`    | GetItem   | pk MODELPROVIDERS     sk DEFAULT                 |
 * | every model provider setting      | Query     | pk MODELPROVIDERS     (one read: providers and default) |
 */

/**
 * An app's visits of a day are spread over this many items, each in its own partition, so a popular
 * app's visits are not all writes to one item (DynamoDB serves one item ~1,000 writes a second).
 */
export const APP_VISIT_SHARDS = 10;
/** The base-32 digits of a record id's shard character (records/shards.ts): a 27th character after the ULID names one of 32 shards. */
export const RECORD_SHARD_DIGITS = "0123456789abcdefghijklmnopqrstuv";
/** The shard a record id names: a 26-character ULID is shard 0, the partition of before spreading. */
const recordShardOf = (id: string) => (id.length === 27 ? Math.max(0, RECORD_SHARD_DIGITS.indexOf(id[26])) : 0);
/** An entity's name in the keys of one of its shards: shard 0 keeps the keys of before spreading, shard k is `{Entity}~k`. */
const shardOfEntity = (entity: string, shard: number) => (shard ? `${entity}~${shard}` : entity);
const recordsPartition = (appId: string, entity: string, shard = 0) => `REC#${appId}#${shardOfEntity(entity, shard)}`;
const recordStatsPartition = (appId: string, entity: string, shard: number) => (shard ? `RECSTATS#${appId}#${shardOfEntity(entity, shard)}` : `RECSTATS#${appId}`);

/** An app's log is spread over this many partitions (Keys.appLog): one takes about 1,000 writes a second, and every call of the app writes one record. */
export const APP_LOG_SHARDS = 4;
/** The shard of a log record: its id's last character (a monotonic ULID's, so records of one moment go round the shards). */
const appLogShardOf = (id: string) => (id ? Math.max(0, RECORD_SHARD_DIGITS.indexOf(id[id.length - 1])) % APP_LOG_SHARDS : 0);
const appLogsPartition = (appId: string, shard = 0) => (shard ? `APPLOGS~${shard}#${appId}` : `APPLOGS#${appId}`);
const appLogTypePartition = (appId: string, type: string, shard: number) => `${appLogsPartition(appId, shard)}#${type}`;
const appLogUserPartition = (appId: string, user: string, shard: number) => `${appLogsPartition(appId, shard)}#U#${user.toLowerCase()}`;

const appVisitsPartition = (date: string, shard: number) => (shard === 0 ? `PSTATS#VISITS#${date}` : `PSTATS#VISITS#${date}#${shard}`);

export const Keys = {
  /** A model provider an admin configured (functions/core/providers/): its API key sealed. */
  modelProvider: (kind: string) => ({ pk: "MODELPROVIDERS", sk: `PROVIDER#${kind}` }),
  modelProviderDefault: { pk: "MODELPROVIDERS", sk: "DEFAULT" },
  modelProvidersPartition: "MODELPROVIDERS",
  modelProviderPrefix: "PROVIDER#",

  user: (id: string) => ({ pk: `USER#${id}`, sk: "USER" }),
  userIndex: (createdDate: string, id: string) => ({ gsi1pk: "USERS", gsi1sk: `${createdDate}#${id}` }),
  usersPartition: "USERS",
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: "EMAIL" }),
  apiKey: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: "APIKEY" }),
  /** a platform user's password, pending sign-up and one-time code (team mode: functions/core/identity/password-sign-in.ts); never answered */
  passwordCredentials: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: "PASSWORD" }),
  /** written once, by the sign-up that made the first admin of a team's Kiln */
  teamFirstAdmin: { pk: "TEAM", sk: "ADMIN" },

  app: (id: string) => ({ pk: `APP#${id}`, sk: "APP" }),
  appSlug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),
  appOwnerIndex: (userId: string, updatedDate: string, id: string) => ({ gsi1pk: `OWNER#${userId}`, gsi1sk: `${updatedDate}#${id}` }),
  ownerPartition: (userId: string) => `OWNER#${userId}`,
  appAllIndex: (updatedDate: string, id: string) => ({ gsi2pk: "APPS", gsi2sk: `${updatedDate}#${id}` }),
  allAppsPartition: "APPS",
  appFile: (appId: string, path: string) => ({ pk: `APP#${appId}`, sk: `FILE#${path}` }),
  appFiles: (appId: string) => ({ pk: `APP#${appId}`, skPrefix: "FILE#" }),
  message: (appId: string, id: string) => ({ pk: `APP#${appId}`, sk: `MSG#${id}` }),
  messages: (appId: string) => ({ pk: `APP#${appId}`, skPrefix: "MSG#" }),
  checkpoint: (appId: string, id: string) => ({ pk: `APP#${appId}`, sk: `CP#${id}` }),
  checkpoints: (appId: string) => ({ pk: `APP#${appId}`, skPrefix: "CP#" }),
  appSecret: (appId: string, name: string) => ({ pk: `APP#${appId}`, sk: `SECRET#${name}` }),
  appSecrets: (appId: string) => ({ pk: `APP#${appId}`, skPrefix: "SECRET#" }),
  /** S3 key of a checkpoint's whole file tree */
  checkpointObject: (appId: string, id: string) => `apps/${appId}/checkpoints/${id}.json`,
  /** S3 key of a checkpoint's snapshot of the app's entity records (absent when it had none) */
  checkpointDataObject: (appId: string, id: string) => `apps/${appId}/checkpoints/${id}.data.json`,
  /** S3 key of a published snapshot (immutable; the app's `published_version` points at one) */
  publishedObject: (appId: string, version: string) => `apps/${appId}/published/${version}.json`,
  /** the app's last security scan, and the one running (functions/core/security/scan.ts) */
  securityScan: (appId: string) => ({ pk: `APP#${appId}`, sk: "SECURITYSCAN" }),
  /** the ids of the scan findings the owner ignored (a string set) */
  securityIgnored: (appId: string) => ({ pk: `APP#${appId}`, sk: "SECURITYIGNORED" }),
  functionDeployment: (appId: string, name: string) => ({ pk: `APP#${appId}`, sk: `FNDEPLOY#${name}` }),
  functionDeployments: (appId: string) => ({ pk: `APP#${appId}`, skPrefix: "FNDEPLOY#" }),
  functionLog: (appId: string, name: string, time: string, seq: string) => ({ pk: `FNLOG#${appId}#${name}`, sk: `${time}#${seq}` }),
  functionLogsPartition: (appId: string, name: string) => `FNLOG#${appId}#${name}`,
  /** S3 key of a function's deployment bundle (private: the sandbox fetches it through a signed link) */
  functionBundle: (appId: string, name: string, sha: string) => `apps/${appId}/functions/${name}/${sha}.js`,
  /** S3 key of an uploaded file */
  upload: (id: string) => `uploads/${id}`,

  usageDay: (userId: string, date: string) => ({ pk: `USAGE#${userId}`, sk: `DAY#${date}` }),
  usageMonth: (userId: string, month: string) => ({ pk: `USAGE#${userId}`, sk: `MONTH#${month}` }),
  usagePartition: (userId: string) => `USAGE#${userId}`,
  feedback: (id: string) => ({ pk: "FEEDBACK", sk: id }),
  /** read by GET /api/health to see the table answer; never written */
  healthProbe: { pk: "HEALTH", sk: "HEALTH" },

  connection: (id: string) => ({ pk: `CONN#${id}`, sk: "CONN" }),
  connectionIndex: (connectedAt: string, id: string) => ({ gsi1pk: "CONNS", gsi1sk: `${connectedAt}#${id}` }),
  connectionsPartition: "CONNS",
  connectionRooms: (connectionId: string) => ({ pk: `CONN#${connectionId}`, skPrefix: "ROOM#" }),
  connectionRoom: (connectionId: string, room: string) => ({ pk: `CONN#${connectionId}`, sk: `ROOM#${room}` }),
  roomMembers: (room: string) => ({ pk: `ROOM#${room}`, skPrefix: "CONN#" }),
  roomMember: (room: string, connectionId: string) => ({ pk: `ROOM#${room}`, sk: `CONN#${connectionId}` }),
  /** Present once any socket has joined the entity's room (AppRealtime.roomOf): absent, a write need not look for listeners. */
  entityRoomListened: (appId: string, entity: string) => ({ pk: `ROOM#entities:${appId}:${entity}`, sk: "LISTENED" }),

  /**
   * A generated app's record: one partition per app and entity (and shard, records/shards.ts: an entity spread over
   * several partitions takes more writes a second), ids time-ordered so creation order is key order.
   */
  record: (appId: string, entity: string, id: string) => ({ pk: recordsPartition(appId, entity, recordShardOf(id)), sk: id }),
  recordShardOf,
  recordsPartition,
  recordUpdatedIndex: (appId: string, entity: string, updatedDate: string, id: string) => ({ gsi1pk: recordsPartition(appId, entity, recordShardOf(id)), gsi1sk: `${updatedDate}#${id}` }),
  /** The app, entity and shard of a records partition key (a stream record's), or null for any other key. */
  recordsPartitionOf(pk: string): { appId: string; entity: string; shard: number } | null {
    const match = /^REC#([^#]+)#([^#~]+)(?:~(\d+))?$/.exec(pk);
    return match ? { appId: match[1], entity: match[2], shard: Number(match[3] ?? 0) } : null;
  },
  /** One change to an app's records, at its DynamoDB stream sequence number (functions/core/records/history.ts). */
  recordChange: (appId: string, seq: string, shard = 0) => ({ pk: `RECLOG#${appId}${shard ? `~${shard}` : ""}`, sk: `SEQ#${seq}` }),
  /** the changes of records of one shard (a record's changes are all in its own shard's log) */
  recordChangesPartition: (appId: string, shard = 0) => `RECLOG#${appId}${shard ? `~${shard}` : ""}`,
  recordCount: (appId: string) => ({ pk: `RECLOG#${appId}`, sk: "COUNT" }),
  /** one index entry of a record on a generic GSI (gsi2..gsi6), in its shard: the field's encoded value, then the id */
  recordFieldIndex: (gsi: string, appId: string, entity: string, field: string, sortKey: string, shard: number) => ({ [`${gsi}pk`]: `${recordsPartition(appId, entity, shard)}#${field}`, [`${gsi}sk`]: sortKey }),
  recordFieldPartition: (appId: string, entity: string, field: string, shard = 0) => `${recordsPartition(appId, entity, shard)}#${field}`,
  /** a record's entry in the index of one of its fields (records/indexes.ts), in the record's shard: the field's encoded value, then the id */
  recordEntry: (appId: string, entity: string, field: string, sortKey: string, shard: number) => ({ pk: `RIX#${appId}#${shardOfEntity(entity, shard)}#${field}`, sk: sortKey }),
  recordEntriesPartition: (appId: string, entity: string, field: string, shard = 0) => `RIX#${appId}#${shardOfEntity(entity, shard)}#${field}`,
  /** one of an entity's record counter items (`sub` of RecordIndexes.SHARDS, or "base"), in the partition of the records' shard, changed in the same transaction as the record */
  recordCounter: (appId: string, entity: string, sub: string, shard = 0) => ({ pk: recordStatsPartition(appId, entity, shard), sk: `${entity}#COUNT#${sub}` }),
  /** which fields of an entity are indexed (building or ready), whether its counters are exact, and how many shards its records spread over */
  recordIndexState: (appId: string, entity: string) => ({ pk: `RECSTATS#${appId}`, sk: `${entity}#INDEX` }),
  /** an entity's stats items of one shard: shard 0's beside its index state, in the app's stats partition */
  recordStats: (appId: string, entity: string, shard = 0) => ({ pk: recordStatsPartition(appId, entity, shard), skPrefix: `${entity}#` }),
  appRecordStatsPartition: (appId: string) => `RECSTATS#${appId}`,

  appUser: (appId: string, id: string) => ({ pk: `APPUSERS#${appId}`, sk: `USER#${id}` }),
  appUserEmail: (appId: string, email: string) => ({ pk: `APPUSERS#${appId}`, sk: `EMAIL#${email.toLowerCase()}` }),
  appUsers: (appId: string) => ({ pk: `APPUSERS#${appId}`, skPrefix: "USER#" }),
  appUserCredentials: (appId: string, id: string) => ({ pk: `APPUSERS#${appId}`, sk: `CRED#${id}` }),

  usageIntegrations: (userId: string, month: string) => ({ pk: `USAGE#${userId}`, sk: `INTEGRATIONS#${month}` }),
  /** S3 key of a file only its app may read (UploadPrivateFile) */
  privateUpload: (appId: string, id: string) => `apps/${appId}/private/${id}`,

  /**
   * An app log record (visits, entity, auth, integration and function calls); `user` is an e-mail or `anon:{id}`. Every
   * call of an app writes one, so an app's log is spread over APP_LOG_SHARDS partitions (by its id's last character;
   * shard 0 keeps the keys of before), each with its own type and user indexes; readers merge them newest first.
   */
  appLog: (appId: string, createdDate: string, id: string) => ({ pk: appLogsPartition(appId, appLogShardOf(id)), sk: `${createdDate}#${id}` }),
  appLogTypeIndex: (appId: string, type: string, createdDate: string, id: string) => ({ gsi1pk: appLogTypePartition(appId, type, appLogShardOf(id)), gsi1sk: `${createdDate}#${id}` }),
  appLogUserIndex: (appId: string, user: string, createdDate: string, id: string) => ({ gsi2pk: appLogUserPartition(appId, user, appLogShardOf(id)), gsi2sk: `${createdDate}#${id}` }),
  appLogsPartition,
  appLogTypePartition,
  appLogUserPartition,
  /** attempts of one kind (login, code sends…) for one e-mail in one time window; expires by TTL */
  appAuthLimit: (appId: string, kind: string, email: string, window: number) => ({ pk: `APPUSERS#${appId}`, sk: `LIMIT#${kind}#${email.toLowerCase()}#${window}` }),

  catalogItem: (id: string) => ({ pk: `CATALOG#${id}`, sk: "ITEM" }),
  /** only public, approved items carry this index entry: the catalogue list is one Query */
  catalogPublicIndex: (createdAt: string, id: string) => ({ gsi1pk: "CATALOG", gsi1sk: `${createdAt}#${id}` }),
  catalogPublicPartition: "CATALOG",
  catalogUpvote: (itemId: string, userId: string) => ({ pk: `CATALOG#${itemId}`, sk: `UPVOTE#${userId}` }),
  catalogItemPartition: (id: string) => `CATALOG#${id}`,
  /** only pending catalogue items carry this index entry: the platform admins' review list */
  catalogPendingIndex: (createdAt: string, id: string) => ({ gsi2pk: "CATALOGPENDING", gsi2sk: `${createdAt}#${id}` }),
  catalogPendingPartition: "CATALOGPENDING",
  catalogOwnerIndex: (email: string, createdAt: string, id: string) => ({ gsi3pk: `CATALOGOWNER#${email.toLowerCase()}`, gsi3sk: `${createdAt}#${id}` }),
  catalogOwnerPartition: (email: string) => `CATALOGOWNER#${email.toLowerCase()}`,
  /** one per invited admin of an item, so the invitee's catalogue lists it */
  catalogInvite: (email: string, itemId: string) => ({ pk: `CATALOGINVITE#${email.toLowerCase()}`, sk: `ITEM#${itemId}` }),
  catalogInvites: (email: string) => ({ pk: `CATALOGINVITE#${email.toLowerCase()}`, skPrefix: "ITEM#" }),

  /** the turn an app is running, with its deadline; the sweeper (functions/cron/schedule.ts) reads the whole partition */
  runningTurn: (appId: string) => ({ pk: "TURNS", sk: `APP#${appId}` }),
  runningTurnsPartition: "TURNS",

  /** the credit period a user is in; the index lists periods by their end so the roll job finds the ended ones */
  creditPeriod: (userId: string) => ({ pk: `USAGE#${userId}`, sk: "PERIOD" }),
  creditPeriodIndex: (end: string, userId: string) => ({ gsi1pk: "PERIODS", gsi1sk: `${end}#${userId}` }),
  creditPeriodsPartition: "PERIODS",
  /** messages used in one credit period (the period's start names it) */
  usagePeriod: (userId: string, periodStart: string) => ({ pk: `USAGE#${userId}`, sk: `CREDITS#${periodStart}` }),
  grant: (userId: string, id: string) => ({ pk: `USAGE#${userId}`, sk: `GRANT#${id}` }),
  grants: (userId: string) => ({ pk: `USAGE#${userId}`, skPrefix: "GRANT#" }),
  coupon: (code: string) => ({ pk: `COUPON#${code.toUpperCase()}`, sk: "COUPON" }),
  couponIndex: (createdDate: string, code: string) => ({ gsi1pk: "COUPONS", gsi1sk: `${createdDate}#${code.toUpperCase()}` }),
  couponsPartition: "COUPONS",
  couponRedemption: (code: string, userId: string) => ({ pk: `COUPON#${code.toUpperCase()}`, sk: `USER#${userId}` }),
  stripeCustomer: (customerId: string) => ({ pk: `STRIPECUS#${customerId}`, sk: "STRIPECUS" }),
  stripeEvent: (eventId: string) => ({ pk: `STRIPEEVT#${eventId}`, sk: "STRIPEEVT" }),
  /** held while one checkout or plan change of the user talks to Stripe (functions/core/billing/lock.ts) */
  billingLock: (userId: string) => ({ pk: `USER#${userId}`, sk: "BILLINGLOCK" }),

  /** platform aggregates for the admin portal, kept up as things happen (functions/core/logs/platform-stats.ts) */
  platformTotal: (name: "USERS" | "PAYING") => ({ pk: "PSTATS", sk: name }),
  platformDay: (kind: "NEWUSERS" | "MSGS", date: string) => ({ pk: "PSTATS", sk: `${kind}#${date}` }),
  platformPartition: "PSTATS",
  userMessages: (bucket: string, userId: string) => ({ pk: `PSTATS#MSGS#${bucket}`, sk: `USER#${userId}` }),
  userMessagesPartition: (bucket: string) => `PSTATS#MSGS#${bucket}`,
  userTokens: (date: string, userId: string, appId: string) => ({ pk: `PSTATS#TOKENS#${date}`, sk: `U#${userId}#A#${appId}` }),
  userTokensPartition: (date: string) => `PSTATS#TOKENS#${date}`,
  /** one shard of an app's visits of a day; shard 0 is the key of before sharding, so days counted then still add up */
  appVisits: (date: string, appId: string, shard: number) => ({ pk: appVisitsPartition(date, shard), sk: `APP#${appId}` }),
  appVisitsPartitions: (date: string) => Array.from({ length: APP_VISIT_SHARDS }, (_, shard) => appVisitsPartition(date, shard)),
  appVisitor: (date: string, appId: string, user: string) => ({ pk: `PSTATS#VISITOR#${date}#${appId}`, sk: user.toLowerCase() }),

  /** an owner's Stripe Connect account for their apps' payments (functions/core/payments/payments.ts), and the pointer that keeps it one per user */
  paymentsAccount: (stripeAccountId: string) => ({ pk: `PAYACCT#${stripeAccountId}`, sk: "PAYACCT" }),
  userPaymentsAccount: (userId: string) => ({ pk: `USER#${userId}`, sk: "PAYMENTS" }),

  customDomain: (id: string) => ({ pk: `DOMAIN#${id}`, sk: "DOMAIN" }),
  customDomainHost: (host: string) => ({ pk: `DOMAINHOST#${host.toLowerCase()}`, sk: "DOMAINHOST" }),
  /** the app's TXT value that proves its custom domains are the owner's (in the app's partition, so it goes with the app) */
  appDomainToken: (appId: string) => ({ pk: `APP#${appId}`, sk: "DOMAINTOKEN" }),
  appDomainsIndex: (appId: string, createdDate: string, id: string) => ({ gsi1pk: `APPDOMAINS#${appId}`, gsi1sk: `${createdDate}#${id}` }),
  appDomainsPartition: (appId: string) => `APPDOMAINS#${appId}`,
  /** only domains still waiting for DNS carry this index entry: the re-check job reads them, oldest check first */
  domainCheckIndex: (checkedAt: string, id: string) => ({ gsi2pk: "DOMAINCHECKS", gsi2sk: `${checkedAt}#${id}` }),
  domainChecksPartition: "DOMAINCHECKS",

  /** a support ticket and its messages share one partition (functions/core/support/tickets.ts) */
  ticket: (id: string) => ({ pk: `SUPPORT#${id}`, sk: "TICKET" }),
  ticketPartition: (id: string) => `SUPPORT#${id}`,
  ticketMessage: (ticketId: string, id: string) => ({ pk: `SUPPORT#${ticketId}`, sk: `MSG#${id}` }),
  ticketMessagesPrefix: "MSG#",
  ticketUserIndex: (email: string, updatedDate: string, id: string) => ({ gsi1pk: `SUPPORTUSER#${email.toLowerCase()}`, gsi1sk: `${updatedDate}#${id}` }),
  ticketUserPartition: (email: string) => `SUPPORTUSER#${email.toLowerCase()}`,
  ticketAllIndex: (updatedDate: string, id: string) => ({ gsi2pk: "SUPPORT", gsi2sk: `${updatedDate}#${id}` }),
  ticketAllPartition: "SUPPORT",
  /** only open tickets carry this index entry: the inbox's default view */
  ticketOpenIndex: (updatedDate: string, id: string) => ({ gsi3pk: "SUPPORTOPEN", gsi3sk: `${updatedDate}#${id}` }),
  ticketOpenPartition: "SUPPORTOPEN",
  /** one counter per scope (ALL or OPEN) and dimension value, e.g. OPEN#CATEGORY#billing */
  ticketCounter: (name: string) => ({ pk: "SUPPORTSTATS", sk: name }),
  ticketCountersPartition: "SUPPORTSTATS",
  article: (id: string) => ({ pk: "DOCS", sk: `ARTICLE#${id}` }),
  articles: { pk: "DOCS", skPrefix: "ARTICLE#" },
  agentSettings: { pk: "DOCS", sk: "AGENT" },

  outbox: (id: string) => ({ pk: "OUTBOX", sk: id }),
  outboxPartition: "OUTBOX",

  /** Kind of an item, read back from a stream record's keys. */
  kindOf(pk: string, sk: string): "user" | "app" | "file" | "message" | "checkpoint" | "connection" | "membership" | "outbox" | "other" {
    if (pk.startsWith("USER#") && sk === "USER") return "user";
    if (pk.startsWith("APP#") && sk === "APP") return "app";
    if (pk.startsWith("APP#") && sk.startsWith("FILE#")) return "file";
    if (pk.startsWith("APP#") && sk.startsWith("MSG#")) return "message";
    if (pk.startsWith("APP#") && sk.startsWith("CP#")) return "checkpoint";
    if (pk.startsWith("CONN#")) return sk === "CONN" ? "connection" : "membership";
    if (pk.startsWith("ROOM#")) return "membership";
    if (pk === "OUTBOX") return "outbox";
    return "other";
  },
};

/** Attributes that are keys, never part of an entity's public shape. */
export const keyAttributes = ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk", "gsi4pk", "gsi4sk", "gsi5pk", "gsi5sk", "gsi6pk", "gsi6sk", "ttl", "version"] as const;

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof keyAttributes)[number]> {
  const copy: Record<string, unknown> = { ...item };
  for (const k of keyAttributes) delete copy[k];
  return copy as Omit<T, (typeof keyAttributes)[number]>;
}
