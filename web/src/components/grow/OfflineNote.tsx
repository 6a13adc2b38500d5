/**
 * What is said in place of the grow controls when the server is offline: what cannot be done, and
 * how to start the server so that it can. In a panel, one line; in the header (`compact`), an
 * "Offline" badge whose line opens under it, so that the header's other controls (the reading
 * list's tab, the library) keep their room beside a collection switch.
 */
export function OfflineNote({ what, compact = false }: { what: string; compact?: boolean }) {
  const how = (
    <>
      start the server with <code>lineage serve --online</code> (or <code>LINEAGE_ONLINE=1</code>).
    </>
  );
  if (compact)
    return (
      <details className="offline-badge">
        <summary>Offline</summary>
        <p className="note offline-popover">
          Offline: to {what}, {how}
        </p>
      </details>
    );
  return (
    <p className="note offline-note">
      Offline: to {what}, {how}
    </p>
  );
}
