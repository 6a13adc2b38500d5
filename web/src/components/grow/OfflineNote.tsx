/**
 * The one line shown in place of the grow controls when the server is offline: what cannot be
 * done, and how to start the server so that it can.
 */
export function OfflineNote({ what }: { what: string }) {
  return (
    <p className="note offline-note">
      Offline: to {what}, start the server with <code>lineage serve --online</code> (or <code>LINEAGE_ONLINE=1</code>).
    </p>
  );
}
