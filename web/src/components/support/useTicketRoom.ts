import { useEffect, useRef } from "react";
import { TicketEvent } from "../../../../schemas/support";
import { realtime } from "../../realtime/socket";

/** Hold a support room (a ticket's or the admins' inbox) while mounted and hand each parsed ticket event to `onEvent`. */
export function useTicketRoom(room: string | null, onEvent: (event: TicketEvent) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!room) return;
    realtime.start();
    realtime.join(room);
    const unsubscribe = realtime.subscribe((frame) => {
      if (frame.event !== "update_model" || frame.room !== room) return;
      const parsed = TicketEvent.safeParse(frame.data);
      if (parsed.success) handler.current(parsed.data);
    });
    return () => {
      unsubscribe();
      realtime.leave(room);
    };
  }, [room]);
}
