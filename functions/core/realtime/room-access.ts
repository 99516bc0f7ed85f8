import { SUPPORT_INBOX_ROOM, ticketRoom } from "../../../schemas/support";
import type { User } from "../../../schemas/user";
import { Actor } from "../actor";
import { Apps } from "../apps/apps";
import { forbidden } from "../errors";
import { Realtime } from "./rooms";
import { Tickets } from "../support/tickets";

/**
 * Who may join which builder room. Apart from Realtime (the rooms and their sockets) because it
 * reads apps and tickets: the handlers that only push to rooms (the table's stream, the crons)
 * do not load the app graph for it.
 */
export namespace RoomAccess {
  /** Rooms are app ids (owner or platform admin may join), `user:{id}` (that user only), a ticket's (its creator and admins) or the support inbox (admins). */
  export async function authorize(user: User, room: string): Promise<void> {
    if (room.startsWith("user:")) {
      if (room !== Realtime.userRoom(user.id)) throw forbidden("You may not join this room");
      return;
    }
    if (room === SUPPORT_INBOX_ROOM) {
      if (!Actor.isAdmin(user)) throw forbidden("You may not join this room");
      return;
    }
    if (room.startsWith(ticketRoom(""))) {
      await Tickets.visible(user, room.slice(ticketRoom("").length));
      return;
    }
    await Apps.assertAccess(user, room);
  }
}
