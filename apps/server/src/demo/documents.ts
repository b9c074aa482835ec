import type { ChangeLogTag, DocumentStatus, DocumentType, LogChange } from "@precedent/contracts";
import { DOCUMENT_STATUSES } from "@precedent/contracts";
import type { Database } from "../db/client.ts";
import { documentShares, documents } from "../modules/documents/index.ts";
import { type FolderRow, folderShares, folders } from "../modules/folders/index.ts";
import { documentLogs } from "../modules/logs/index.ts";
import { loadDemoInterviews } from "./interviews.ts";

/** The demo firm's people, by role. */
export type DemoFirm = { teamId: number; owner: number; manager: number; member: number };

type Person = keyof Omit<DemoFirm, "teamId">;
type DemoDocument = {
  name: string;
  by: Person;
  status: DocumentStatus;
  type?: DocumentType;
  /** A folder of the creator's My Documents, by its key below. */
  folder?: string;
  /** Shared folders it was added to, by key. */
  sharedIn?: string[];
  daysAgo: number;
};

const DAY = 86_400_000;

/** The demo firm's documents, in the order they are inserted. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  // The owner's documents.
  {
    name: "Discretionary Trust Deed – Smith Family Trust",
    by: "owner",
    status: 5,
    folder: "o-smith-trusts",
    sharedIn: ["s-discretionary"],
    daysAgo: 40,
  },
  {
    name: "Deed of Variation – Smith Family Trust",
    by: "owner",
    status: 2,
    folder: "o-smith-trusts",
    daysAgo: 12,
  },
  {
    name: "Appointment of Corporate Trustee – Smith Holdings Pty Ltd",
    by: "owner",
    status: 4,
    folder: "o-smith",
    daysAgo: 9,
  },
  {
    name: "Company Registration – Harbourview Pty Ltd",
    by: "owner",
    status: 1,
    type: "ASIC",
    folder: "o-corporate",
    daysAgo: 3,
  },
  {
    name: "Company Constitution – Harbourview Pty Ltd",
    by: "owner",
    status: 5,
    folder: "o-corporate",
    daysAgo: 30,
  },
  {
    name: "Minutes – Change of Director, Bayside Ventures Pty Ltd",
    by: "owner",
    status: 3,
    folder: "o-corporate",
    daysAgo: 21,
  },
  { name: "Share Sale Agreement – Coastal Foods Pty Ltd", by: "owner", status: 2, daysAgo: 6 },
  {
    name: "Loan Agreement – Smith to Smith Holdings",
    by: "owner",
    status: 1,
    folder: "o-clients",
    daysAgo: 2,
  },
  {
    name: "Unit Trust Deed – Bayside Property Trust",
    by: "owner",
    status: 5,
    sharedIn: ["s-trusts"],
    daysAgo: 45,
  },
  // Completed here; at first start it is signed by everyone and sealed (demo/signing.ts): Signed.
  { name: "Non-Disclosure Agreement – Northwind Traders", by: "owner", status: 5, daysAgo: 18 },
  // Completed with signers and a witness: the one to send through the Digital Signing Wizard.
  { name: "Non-Disclosure Agreement – Riverbend Software", by: "owner", status: 5, daysAgo: 2 },
  {
    name: "CAS 360 Company Review – Harbourview Pty Ltd",
    by: "owner",
    status: 5,
    type: "CAS 360",
    folder: "o-corporate",
    daysAgo: 27,
  },
  { name: "Business Name Transfer – Smith Bakery", by: "owner", status: 4, daysAgo: 15 },
  { name: "Testamentary Trust Will – Robert Smith", by: "owner", status: 1, folder: "o-smith", daysAgo: 1 },
  // The manager's documents.
  { name: "Will – Sarah Chen", by: "manager", status: 5, folder: "m-wills", daysAgo: 33 },
  { name: "Will – David Chen", by: "manager", status: 3, folder: "m-wills", daysAgo: 31 },
  {
    name: "Enduring Power of Attorney (VIC) – Sarah Chen",
    by: "manager",
    status: 4,
    folder: "m-estates",
    daysAgo: 29,
  },
  {
    name: "Advance Care Directive – David Chen",
    by: "manager",
    status: 2,
    folder: "m-estates",
    daysAgo: 8,
  },
  {
    name: "Engagement Letter – Estate Planning",
    by: "manager",
    status: 5,
    folder: "m-letters",
    daysAgo: 50,
  },
  {
    name: "Engagement Letter – Company Formation",
    by: "manager",
    status: 1,
    folder: "m-letters",
    daysAgo: 4,
  },
  {
    name: "Family Trust Deed – Chen Family Trust",
    by: "manager",
    status: 5,
    sharedIn: ["s-family"],
    daysAgo: 38,
  },
  {
    name: "Binding Death Benefit Nomination – Sarah Chen",
    by: "manager",
    status: 3,
    sharedIn: ["s-smsf"],
    daysAgo: 26,
  },
  { name: "Change of Trustee – Chen Family Trust", by: "manager", status: 2, daysAgo: 7 },
  { name: "Memorandum of Wishes – David Chen", by: "manager", status: 1, daysAgo: 5 },
  {
    name: "Simple Fund 360 Deed Upgrade – Chen Super Fund",
    by: "manager",
    status: 5,
    type: "Simple Fund 360",
    daysAgo: 22,
  },
  {
    name: "Company Registration – Chen Investments Pty Ltd",
    by: "manager",
    status: 4,
    type: "ASIC",
    daysAgo: 11,
  },
  { name: "Guarantor Deed – Chen Investments", by: "manager", status: 1, folder: "m-library", daysAgo: 10 },
  { name: "Power of Attorney (General) – David Chen", by: "manager", status: 5, daysAgo: 35 },
  // The member's documents.
  {
    name: "SMSF Trust Deed – Nguyen Super Fund",
    by: "member",
    status: 5,
    folder: "e-nguyen",
    sharedIn: ["s-smsf"],
    daysAgo: 41,
  },
  {
    name: "SMSF Investment Strategy – Nguyen Super Fund",
    by: "member",
    status: 2,
    folder: "e-nguyen",
    daysAgo: 13,
  },
  {
    name: "Corporate Trustee Registration – Nguyen Super Pty Ltd",
    by: "member",
    status: 4,
    type: "ASIC",
    folder: "e-nguyen",
    daysAgo: 16,
  },
  {
    name: "Binding Death Benefit Nomination – Linh Nguyen",
    by: "member",
    status: 3,
    folder: "e-nguyen",
    daysAgo: 19,
  },
  {
    name: "Employment Contract – Junior Paralegal",
    by: "member",
    status: 1,
    folder: "e-drafts",
    daysAgo: 1,
  },
  {
    name: "Non-Disclosure Agreement – Blue Gum Software",
    by: "member",
    status: 2,
    folder: "e-drafts",
    daysAgo: 3,
  },
  {
    name: "Partnership Agreement – Patel & Ross",
    by: "member",
    status: 5,
    sharedIn: ["s-review"],
    daysAgo: 24,
  },
  { name: "Will – Meera Patel", by: "member", status: 1, sharedIn: ["s-review"], daysAgo: 2 },
  { name: "Enduring Power of Attorney (NSW) – Meera Patel", by: "member", status: 2, daysAgo: 6 },
  {
    name: "Simple Fund 360 Fund Establishment – Patel Super Fund",
    by: "member",
    status: 4,
    type: "Simple Fund 360",
    daysAgo: 14,
  },
  {
    name: "CAS 360 Annual Review – Blue Gum Software Pty Ltd",
    by: "member",
    status: 3,
    type: "CAS 360",
    daysAgo: 20,
  },
  { name: "Loan Agreement – Patel to Patel Holdings Pty Ltd", by: "member", status: 5, daysAgo: 28 },
  { name: "Deed of Release – Ross Consulting", by: "member", status: 1, daysAgo: 0 },
];

/**
 * Folders and about 40 documents for the demo firm: every status, every list section, folders
 * nested to the depth limits (2 in My Documents, 3 in Shared Folders), a shared My Documents
 * folder, and a few change-log entries. Called by `loadDemoData` on an empty database only.
 */
export async function loadDemoDocuments(tx: Database, firm: DemoFirm, now = new Date()) {
  const at = (daysAgo: number, hour = 10) =>
    new Date(now.getTime() - daysAgo * DAY + (hour - 12) * 3_600_000);
  const byKey = new Map<string, FolderRow>();

  async function folder(key: string, name: string, by: Person, type: 1 | 2, parentKey?: string) {
    const parent = parentKey ? byKey.get(parentKey) : undefined;
    const [row] = await tx
      .insert(folders)
      .values({
        teamId: firm.teamId,
        type,
        name,
        parentId: parent?.id ?? null,
        ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
        createdBy: firm[by],
        createdAt: at(60),
        updatedAt: at(60),
      })
      .returning();
    if (!row) throw new Error(`demo folder ${name} not created`);
    byKey.set(key, row);
  }

  // My Documents: the owner's clients, two levels below a top-level folder (the limit).
  await folder("o-clients", "Clients", "owner", 1);
  await folder("o-smith", "Smith Family", "owner", 1, "o-clients");
  await folder("o-smith-trusts", "Trust deeds", "owner", 1, "o-smith");
  await folder("o-corporate", "Company secretarial", "owner", 1);
  // The manager's estate-planning work, and a precedent library added to Shared Folders.
  await folder("m-estates", "Estate planning", "manager", 1);
  await folder("m-wills", "Wills 2026", "manager", 1, "m-estates");
  await folder("m-library", "Precedent library", "manager", 1);
  await folder("m-letters", "Engagement letters", "manager", 1, "m-library");
  // The member's own folders.
  await folder("e-drafts", "My drafts", "member", 1);
  await folder("e-clients", "Clients", "member", 1);
  await folder("e-nguyen", "Nguyen", "member", 1, "e-clients");
  // Shared Folders: three levels below the top (the limit there).
  await folder("s-firm", "Firm templates", "owner", 2);
  await folder("s-trusts", "Trusts", "owner", 2, "s-firm");
  await folder("s-family", "Family trusts", "manager", 2, "s-trusts");
  await folder("s-discretionary", "Discretionary", "manager", 2, "s-family");
  await folder("s-smsf", "SMSF", "member", 2);
  await folder("s-review", "For review", "member", 2);

  const library = byKey.get("m-library");
  if (!library) throw new Error("demo folder missing");
  await tx
    .insert(folderShares)
    .values({ teamId: firm.teamId, folderId: library.id, createdBy: firm.manager, createdAt: at(55) });

  const inserted = await tx
    .insert(documents)
    .values(
      DEMO_DOCUMENTS.map((d) => ({
        teamId: firm.teamId,
        type: d.type ?? "DOC",
        name: d.name,
        folderId: d.folder ? (byKey.get(d.folder)?.id ?? null) : null,
        status: d.status,
        createdBy: firm[d.by],
        updatedBy: firm[d.by],
        createdAt: at(d.daysAgo + 2),
        updatedAt: at(d.daysAgo),
        // One completed document is marked 'no signing' to show the rule.
        allowSign: d.name !== "Power of Attorney (General) – David Chen",
      })),
    )
    .returning({
      id: documents.id,
      name: documents.name,
      type: documents.type,
      createdBy: documents.createdBy,
    });

  const links = DEMO_DOCUMENTS.flatMap((d, i) =>
    (d.sharedIn ?? []).map((key) => ({
      docId: inserted[i]?.id ?? 0,
      folderId: byKey.get(key)?.id ?? 0,
      teamId: firm.teamId,
      createdBy: firm[d.by],
      createdAt: at(d.daysAgo),
    })),
  );
  await tx.insert(documentShares).values(links);

  // A short history for each document: created, then (for finished ones) the status it reached.
  const logType = { DOC: "DOC", ASIC: "ASIC", "CAS 360": "CAS", "Simple Fund 360": "SIMPLEFUND" } as const;
  const entries = DEMO_DOCUMENTS.flatMap((d, i) => {
    const doc = inserted[i];
    if (!doc) return [];
    const entry = (daysAgo: number, changes: Partial<Record<ChangeLogTag, LogChange>>) => ({
      teamId: firm.teamId,
      docId: doc.id,
      docType: logType[doc.type],
      createdBy: doc.createdBy,
      createdAt: at(daysAgo),
      tags: Object.keys(changes) as ChangeLogTag[],
      logData: changes,
    });
    const history = [entry(d.daysAgo + 2, { created: { from: null, to: d.name } })];
    if (d.status !== 1) {
      history.push(
        entry(d.daysAgo, { status: { from: DOCUMENT_STATUSES[1], to: DOCUMENT_STATUSES[d.status] } }),
      );
    }
    if (d.sharedIn) {
      const sharedNames = d.sharedIn.map((key) => byKey.get(key)?.name ?? "");
      history.push(entry(d.daysAgo, { shared_folders: { from: [], to: sharedNames } }));
    }
    return history;
  });
  await tx.insert(documentLogs).values(entries);
  // Starter templates behind the documents that have one, with answers (and files) for their stage.
  await loadDemoInterviews(
    tx,
    firm.teamId,
    DEMO_DOCUMENTS.map((d, i) => ({
      id: inserted[i]?.id ?? 0,
      name: d.name,
      status: d.status,
      createdBy: firm[d.by],
      at: at(d.daysAgo),
    })),
  );
  return { folders: byKey.size, documents: inserted.length };
}
