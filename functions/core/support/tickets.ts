import { GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { Ticket, TicketMessage } from "../../../schemas/support";
import type { User } from "../../../schemas/user";
import { Actor } from "../actor";
import { db, isConditionFailure, queryAll, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Keys, stripKeys } from "../keys";
import { SupportRules } from "../../../schemas/support";

/** A ticket as stored: the API's fields without its messages, plus who opened it and a version for conditional writes. */
export type StoredTicket = Omit<Ticket, "messages"> & { created_by_id: string; version: number };

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]["TransactItems"]>[number];

/**
 * Support tickets in their own partitions (pk SUPPORT#{id}: the ticket, then its messages).
 * Every change is one transaction: the ticket (conditional on its version), the inbox
 * counters it moves, and any message it adds, so the counts never drift from the tickets.
 */
export namespace Tickets {
  const ticketFields = [
    "id", "title", "content", "category", "app_id", "app_link", "file_urls", "ticket_status", "status",
    "pending_response_from", "created_by", "created_by_id", "user_subscription_tier", "assigned_to",
    "internal_categories", "created_date", "updated_date", "draft", "is_bot_writing",
    "notify_via_email_on_admin_response", "version",
  ] as const;

  export function fromItem(item: Record<string, unknown>): StoredTicket {
    const picked: Record<string, unknown> = {};
    for (const f of ticketFields) picked[f] = item[f];
    return picked as StoredTicket;
  }

  /** Ticket ids are ULIDs; anything longer than this names no ticket (and never reaches a key). */
  const MAX_ID = 64;

  export async function get(id: string): Promise<StoredTicket | undefined> {
    if (id.length > MAX_ID) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.ticket(id), ConsistentRead: true }));
    return Item ? fromItem(Item) : undefined;
  }

  /** The creator and platform admins see a ticket; to anyone else it does not exist ('No Conversation Found'). */
  export function canSee(user: User, ticket: Pick<StoredTicket, "created_by_id">): boolean {
    return ticket.created_by_id === user.id || Actor.isAdmin(user);
  }

  export async function visible(user: User, id: string): Promise<StoredTicket> {
    const ticket = await get(id);
    if (!ticket || !canSee(user, ticket)) throw notFound(SupportRules.NOT_FOUND);
    return ticket;
  }

  /** The ticket and its thread in one Query of its partition. */
  export async function withMessages(id: string): Promise<{ ticket: StoredTicket; messages: TicketMessage[] } | undefined> {
    if (id.length > MAX_ID) return undefined;
    const items = await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.ticketPartition(id) }, ConsistentRead: true });
    const ticketItem = items.find((i) => i.sk === Keys.ticket(id).sk);
    if (!ticketItem) return undefined;
    const messages = items.filter((i) => String(i.sk).startsWith(Keys.ticketMessagesPrefix)).map((i) => messageOf(i));
    return { ticket: fromItem(ticketItem), messages };
  }

  export async function message(ticketId: string, messageId: string): Promise<TicketMessage | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.ticketMessage(ticketId, messageId), ConsistentRead: true }));
    return Item ? messageOf(Item) : undefined;
  }

  function messageOf(item: Record<string, unknown>): TicketMessage {
    const { id, role, content, file_urls, additional_message_params, metadata } = stripKeys(item) as TicketMessage;
    return { id, role, content, file_urls, additional_message_params, metadata };
  }

  export const messageItem = (ticketId: string, m: TicketMessage): TransactItem => ({
    Put: { TableName: table(), Item: { ...Keys.ticketMessage(ticketId, m.id), ...m }, ConditionExpression: "attribute_not_exists(pk)" },
  });

  export const deleteMessageItem = (ticketId: string, messageId: string): TransactItem => ({
    Delete: { TableName: table(), Key: Keys.ticketMessage(ticketId, messageId), ConditionExpression: "attribute_exists(pk)" },
  });

  /** The inbox counters a ticket stands in: each dimension under ALL, and under OPEN while it is open. */
  export function counterNames(t: Pick<StoredTicket, "ticket_status" | "pending_response_from" | "category" | "assigned_to" | "internal_categories">): string[] {
    const dims = [
      `STATE#${t.ticket_status}`,
      `CATEGORY#${t.category}`,
      t.assigned_to ? `ASSIGNEE#${t.assigned_to}` : "UNASSIGNED",
      ...t.internal_categories.map((c) => `INTERNAL#${c}`),
    ];
    if (t.ticket_status === "open" && t.pending_response_from) dims.push(`PENDING#${t.pending_response_from}`);
    return [...dims.map((d) => `ALL#${d}`), ...(t.ticket_status === "open" ? dims.map((d) => `OPEN#${d}`) : [])];
  }

  /** How each counter moves from `before` to `after` (zero moves left out). */
  export function counterDeltas(before: StoredTicket | null, after: StoredTicket): Map<string, number> {
    const deltas = new Map<string, number>();
    for (const name of before ? counterNames(before) : []) deltas.set(name, (deltas.get(name) ?? 0) - 1);
    for (const name of counterNames(after)) deltas.set(name, (deltas.get(name) ?? 0) + 1);
    for (const [name, d] of deltas) if (d === 0) deltas.delete(name);
    return deltas;
  }

  function ticketPut(next: StoredTicket, before: StoredTicket | null): TransactItem {
    const indexes = {
      ...Keys.ticketUserIndex(next.created_by, next.updated_date, next.id),
      ...Keys.ticketAllIndex(next.updated_date, next.id),
      ...(next.ticket_status === "open" ? Keys.ticketOpenIndex(next.updated_date, next.id) : {}),
    };
    return {
      Put: {
        TableName: table(),
        Item: { ...Keys.ticket(next.id), ...indexes, ...next, version: (before?.version ?? 0) + 1 },
        ...(before
          ? { ConditionExpression: "version = :v", ExpressionAttributeValues: { ":v": before.version } }
          : { ConditionExpression: "attribute_not_exists(pk)" }),
      },
    };
  }

  /** Write a ticket (new when `before` is null) with its counter moves and any extra items, all or nothing. */
  export async function write(next: StoredTicket, before: StoredTicket | null, extra: TransactItem[] = []): Promise<StoredTicket> {
    const counters: TransactItem[] = [...counterDeltas(before, next)].map(([name, d]) => ({
      Update: {
        TableName: table(),
        Key: Keys.ticketCounter(name),
        UpdateExpression: "ADD #c :d",
        ExpressionAttributeNames: { "#c": "count" },
        ExpressionAttributeValues: { ":d": d },
      },
    }));
    await db().send(new TransactWriteCommand({ TransactItems: [ticketPut(next, before), ...counters, ...extra] }));
    return { ...next, version: (before?.version ?? 0) + 1 };
  }

  /**
   * Read, change and write a ticket, again on a concurrent change. `apply` throws a
   * VisibleError to refuse (nothing is written) and answers the next ticket and any extra items.
   */
  export async function change(
    id: string,
    apply: (t: StoredTicket) => { next: StoredTicket; extra?: TransactItem[] } | Promise<{ next: StoredTicket; extra?: TransactItem[] }>,
  ): Promise<StoredTicket> {
    for (let attempt = 0; ; attempt++) {
      const before = await get(id);
      if (!before) throw notFound(SupportRules.NOT_FOUND);
      const { next, extra } = await apply(before);
      try {
        return await write({ ...next, updated_date: new Date().toISOString() }, before, extra);
      } catch (err) {
        if (!isConditionFailure(err) || attempt >= 4) {
          if (isConditionFailure(err)) throw new VisibleError("conflict", "The ticket changed at the same time; please try again");
          throw err;
        }
      }
    }
  }

  /** A partition of tickets newest change first (a user's, all, or the open ones), at most `limit`. */
  export async function listIndex(index: "gsi1" | "gsi2" | "gsi3", partition: string, limit: number): Promise<StoredTicket[]> {
    const out: StoredTicket[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: index,
          KeyConditionExpression: `${index}pk = :p`,
          ExpressionAttributeValues: { ":p": partition },
          ScanIndexForward: false,
          Limit: Math.min(limit - out.length, 200),
          ExclusiveStartKey: cursor,
        }),
      );
      out.push(...(page.Items ?? []).map(fromItem));
      cursor = page.LastEvaluatedKey;
    } while (cursor && out.length < limit);
    return out;
  }

  /** The inbox counters, both scopes in one Query of their partition: scope -> name without the scope -> count. */
  export async function counters(): Promise<Record<"ALL" | "OPEN", Map<string, number>>> {
    const items = await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.ticketCountersPartition } });
    const out = { ALL: new Map<string, number>(), OPEN: new Map<string, number>() };
    for (const i of items) {
      const [scope, ...name] = String(i.sk).split("#");
      if (scope === "ALL" || scope === "OPEN") out[scope].set(name.join("#"), Number(i.count ?? 0));
    }
    return out;
  }
}
