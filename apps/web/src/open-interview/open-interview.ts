/**
 * The interview form on screen, for the assistant beside it. The assistant saves answers on the
 * server and the page then reloads them, which replaces what is on screen: so before the assistant
 * sends a message about the document the page shows, the page saves what was typed since its last
 * autosave (only if something changed), and nothing typed is lost to the reload.
 *
 * Kept apart from both features (the interview page registers, the assistant asks), as the
 * current firm is: the interview page also offers the assistant's voice interview, and features
 * may not import each other in a circle.
 */
const openForms = new Map<number, () => Promise<boolean>>();

/** Called by the interview form while it is shown; returns the unregistering function. */
export function registerOpenInterview(docId: number, saveNow: () => Promise<boolean>): () => void {
  openForms.set(docId, saveNow);
  return () => {
    if (openForms.get(docId) === saveNow) openForms.delete(docId);
  };
}

/**
 * Saves the form of `docId` if it is on screen and has unsaved answers. False only when a save
 * was tried and failed (the form has said why); true when saved or nothing needed saving.
 */
export async function saveOpenInterview(docId: number): Promise<boolean> {
  const saveNow = openForms.get(docId);
  return saveNow ? saveNow() : true;
}
