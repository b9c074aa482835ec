import { API, type DocumentRow, type ListSection, ORGANISATION_DOCUMENTS } from "@precedent/contracts";
import { call } from "./call";

/**
 * The documents of a list tab whose name is exactly `name` (any case, surrounding spaces aside):
 * how an address that names a document by `docName` alone finds it (documents spec §2).
 */
export async function documentsNamed(
  teamId: number,
  section: ListSection,
  name: string,
  signal?: AbortSignal,
): Promise<DocumentRow[]> {
  const wanted = name.trim().toLocaleLowerCase();
  if (wanted === "") return [];
  const query = { id_team: teamId, name: name.trim(), page: 1, length: 100 };
  const reply =
    section === ORGANISATION_DOCUMENTS
      ? await call(API.documents.organisationList, { query, signal })
      : await call(API.documents.list, { query: { ...query, type: section }, signal });
  return reply.rows.filter((row) => row.name.trim().toLocaleLowerCase() === wanted);
}
