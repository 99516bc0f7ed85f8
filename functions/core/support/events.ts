import { SUPPORT_INBOX_ROOM, type Ticket, type TicketEvent, type TicketMessage, ticketRoom } from "../../../schemas/support";
import { Realtime } from "../realtime/rooms";
import type { StoredTicket } from "./tickets";

/**
 * Live updates of the support desk over the builder's WebSocket rooms: the ticket's own
 * room (its creator and admins, authorized in functions/core/realtime/rooms.ts) and the admins'
 * inbox room. Frames reach every member, the sender's tab too; the thread de-duplicates by id.
 */
export namespace TicketEvents {
  /** What the ticket's creator may see: never the AI draft, the internal categories or the version. */
  export function forCreator(t: StoredTicket): Ticket {
    const { created_by_id: _id, version: _v, ...rest } = t;
    return { ...rest, draft: null, internal_categories: [] };
  }

  /** What admins see. */
  export function forAdmin(t: StoredTicket): Ticket {
    const { created_by_id: _id, version: _v, ...rest } = t;
    return rest;
  }

  export async function publish(type: TicketEvent["type"], ticket: StoredTicket, extra: { message?: TicketMessage; message_id?: string } = {}): Promise<void> {
    const base = { type, ticket_id: ticket.id, ...extra };
    await Promise.all([
      send(ticketRoom(ticket.id), { ...base, ticket: forCreator(ticket) }),
      send(SUPPORT_INBOX_ROOM, { ...base, ticket: forAdmin(ticket) }),
    ]);
  }

  async function send(room: string, event: TicketEvent): Promise<void> {
    try {
      await Realtime.broadcast(room, event as unknown as Record<string, unknown>, null);
    } catch (err) {
      // The change itself is saved; a thread that missed it catches up on its next load.
      console.error(`[support] broadcast to ${room} failed:`, (err as Error).message);
    }
  }
}
