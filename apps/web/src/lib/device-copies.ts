// The pages kept on this device for editing offline (y-indexeddb): one IndexedDB database per
// user and page. Logging out on purpose forgets the user's copies, so a shared computer keeps
// nobody's drafts; a session that merely expired keeps them, and what was typed offline still
// reaches the server after the next login.

/** The database holding one user's copy of one live document. */
export function deviceCopyName(userId: string, documentName: string): string {
  return `library:${userId}:${documentName}`;
}

/** Deletes every copy this user has on the device (those open now go when they close). */
export async function forgetDeviceCopies(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const prefix = deviceCopyName(userId, '');
  const names = (await indexedDB.databases())
    .map((database) => database.name)
    .filter((name): name is string => !!name?.startsWith(prefix));
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => resolve();
          // still open in this tab: deleted once it closes, nothing to wait for
          request.onblocked = () => resolve();
        }),
    ),
  );
}
