// A program written against the client openapi-typescript generates from the API description
// (copied beside the generated api.d.ts by scripts/api-description.sh): it typechecks only when
// the description gives real types for replies, errors, files and the recursive folder tree.
import type { components, operations, paths } from "./api.d.ts";

type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

type DocumentList = Json<paths["/api/doc"]["get"]["responses"][200]>;
type FolderTree = Json<operations["getFolderGetAll"]["responses"][200]>;
type Refusal = components["schemas"]["ErrorEnvelope"];
type TokenReply = Json<operations["postAuthToken"]["responses"][200]>;
type Pdf = paths["/api/doc/download/{docId}"]["get"]["responses"][200]["content"]["application/pdf"];

export const documentNames = (list: DocumentList): string[] => list.data.rows.map((row) => row.name);

/** Every folder's name, the tree walked to the bottom: `children` is typed at every depth. */
export const folderNames = (tree: FolderTree): string[] => {
  const walk = (nodes: components["schemas"]["FolderNode"][]): string[] =>
    nodes.flatMap((node) => [node.name, ...walk(node.children)]);
  return walk(tree.data.rows);
};

export const fieldsAtFault = (refusal: Refusal): string[] =>
  refusal.data?.errors?.map((error) => error.field) ?? [];

// With two-factor sign-in on, the reply is the step to take instead of a token.
export const bearer = (reply: TokenReply): string | undefined =>
  "token" in reply.data ? `Bearer ${reply.data.token}` : undefined;

export const isFile = (body: Pdf): boolean => typeof body === "string";

// What the address takes: the document's id in the path and the firm in the query.
export const downloadQuery: paths["/api/doc/download/{docId}"]["get"]["parameters"] = {
  path: { docId: 12 },
  query: { id_team: 3, type: "pdf" },
};

// The sign-in routes ask for no session.
export const signInNeedsNoSession: operations["postAuthLogin"]["requestBody"] = {
  content: { "application/json": { email: "someone@firm.test", password: "correct horse" } },
};
