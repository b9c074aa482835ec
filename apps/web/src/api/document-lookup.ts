import { API, type NamedDocument } from "@precedent/contracts";
import { call } from "./call";

/**
 * The documents of exactly this name (any case, surrounding spaces aside) in every tab the reader
 * can see, each with the tabs listing it: how an address that names a document by `docName` alone
 * finds it (documents spec §2). One server call, whichever tab the address is on.
 */
export async function documentsNamed(
  teamId: number,
  name: string,
  signal?: AbortSignal,
): Promise<NamedDocument[]> {
  if (name.trim() === "") return [];
  const reply = await call(API.documents.named, { query: { id_team: teamId, name: name.trim() }, signal });
  return reply.rows;
}
