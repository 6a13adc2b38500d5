/**
 * Whether the server lets the explorer reach the network (`GET /api/online`), asked once per
 * page: the grow controls show only when it is online, and one line saying how to go online
 * otherwise. Null while the answer is on its way; a server that does not answer counts as offline.
 */
import { useEffect, useState } from "react";
import type { OnlineStatus } from "../core/api/types.ts";
import { fetchOnline } from "../core/api/grow-client.ts";

let asked: Promise<OnlineStatus> | null = null;

const UNKNOWN: OnlineStatus = { online: false, hosts: [], reason: "the server did not say whether it is online", keyless: [] };

export function useOnline(): OnlineStatus | null {
  const [status, setStatus] = useState<OnlineStatus | null>(null);
  useEffect(() => {
    let live = true;
    asked ??= fetchOnline().catch(() => {
      asked = null;
      return UNKNOWN;
    });
    void asked.then((s) => {
      if (live) setStatus(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return status;
}

/** For tests: forget the answer, so the next component asks again. */
export function forgetOnline(): void {
  asked = null;
}
