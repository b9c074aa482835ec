import type { DocumentStatus, ListSection, TeamRole } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  canChangeDocumentStatus,
  canCopyDocument,
  canDeleteDocument,
  canInterviewDocument,
  canMoveDocument,
  canRelaunchDocument,
  canRenameDocument,
  canRequestLegalReview,
  canShareDocument,
  canSignDocument,
  canUnshareDocument,
  canUnshareDocumentFrom,
  canViewOrganisation,
  type DocumentFacts,
  documentAbilities,
  documentAppearsIn,
  homeSection,
  needsOwnerConfirmation,
  showsUpgradePrompt,
  type Viewer,
} from "./policy.ts";

// The actors: user 1 created the document; the others did not.
const CREATOR = 1;
const OTHER = 2;
const viewer = (role: TeamRole, userId = OTHER, planSlug = "best-practice"): Viewer => ({
  role,
  userId,
  planSlug,
});
const doc = (over: Partial<DocumentFacts> = {}): DocumentFacts => ({
  createdBy: CREATOR,
  status: 1,
  isShared: false,
  allowSign: true,
  allowDownloadPdf: true,
  allowDownloadWord: true,
  shareCreators: [],
  hasTemplate: true,
  ...over,
});
const MY = 1 as const;
const SHARED = 2 as const;
const ORG = 3 as const;
type Row = [string, Viewer, DocumentFacts, ListSection, boolean];

describe("Organisation Documents tab: owner and manager only", () => {
  it.each([
    ["owner", true],
    ["manager", true],
    ["member", false],
  ] as const)("%s → %s", (role, expected) => {
    expect(canViewOrganisation(viewer(role))).toBe(expected);
  });
});

describe("where a document appears", () => {
  it.each<Row>([
    ["My Documents: its creator", viewer("member", CREATOR), doc(), MY, true],
    ["My Documents: not the owner's, for the owner", viewer("owner"), doc(), MY, false],
    ["Shared Folders: when shared, for any member", viewer("member"), doc({ isShared: true }), SHARED, true],
    ["Shared Folders: not when private", viewer("owner"), doc(), SHARED, false],
    ["Organisation: every document for a manager", viewer("manager"), doc(), ORG, true],
    ["Organisation: never for a member", viewer("member", CREATOR), doc(), ORG, false],
  ])("%s", (_name, v, d, section, expected) => {
    expect(documentAppearsIn(v, d, section)).toBe(expected);
  });
});

describe("Document delete: creator or owner, only draft or in progress, not in organisation documents", () => {
  it.each<Row>([
    ["creator, draft, My Documents", viewer("member", CREATOR), doc(), MY, true],
    ["creator, in progress", viewer("member", CREATOR), doc({ status: 2 }), MY, true],
    ["creator, signed", viewer("member", CREATOR), doc({ status: 3 }), MY, false],
    ["creator, pending", viewer("member", CREATOR), doc({ status: 4 }), MY, false],
    ["creator, completed", viewer("member", CREATOR), doc({ status: 5 }), MY, false],
    ["owner, not creator, shared draft", viewer("owner"), doc({ isShared: true }), SHARED, true],
    ["manager, not creator, shared draft", viewer("manager"), doc({ isShared: true }), SHARED, false],
    ["member, not creator, shared draft", viewer("member"), doc({ isShared: true }), SHARED, false],
    ["owner in Organisation Documents", viewer("owner"), doc(), ORG, false],
    ["owner-creator in Organisation Documents", viewer("owner", CREATOR), doc(), ORG, false],
  ])("%s", (_name, v, d, section, expected) => {
    expect(canDeleteDocument(v, d, section)).toBe(expected);
  });
});

describe("Move to: not in the shared tab, not organisation documents, status 5, 1 or 2", () => {
  it.each<Row>([
    ...([1, 2, 5] as DocumentStatus[]).map(
      (status): Row => [
        `status ${status} in My Documents`,
        viewer("member", CREATOR),
        doc({ status }),
        MY,
        true,
      ],
    ),
    ...([3, 4] as DocumentStatus[]).map(
      (status): Row => [
        `status ${status} in My Documents`,
        viewer("member", CREATOR),
        doc({ status }),
        MY,
        false,
      ],
    ),
    ["creator in Shared Folders", viewer("member", CREATOR), doc({ isShared: true }), SHARED, false],
    ["owner in Organisation Documents", viewer("owner", CREATOR), doc(), ORG, false],
    ["someone else's document", viewer("owner"), doc(), MY, false],
  ])("%s", (_name, v, d, section, expected) => {
    expect(canMoveDocument(v, d, section)).toBe(expected);
  });
});

describe("Add to shared folder: not basic plan, status 5, 1 or 2, not organisation documents", () => {
  it.each<Row>([
    ["draft in My Documents", viewer("member", CREATOR), doc(), MY, true],
    ["completed in My Documents", viewer("member", CREATOR), doc({ status: 5 }), MY, true],
    ["signed", viewer("member", CREATOR), doc({ status: 3 }), MY, false],
    ["pending", viewer("member", CREATOR), doc({ status: 4 }), MY, false],
    ["Lite plan", viewer("owner", CREATOR, "ly-basic"), doc(), MY, false],
    ["Organisation Documents", viewer("owner"), doc(), ORG, false],
    ["from Shared Folders, by another member", viewer("member"), doc({ isShared: true }), SHARED, true],
  ])("%s", (_name, v, d, section, expected) => {
    expect(canShareDocument(v, d, section)).toBe(expected);
  });
});

describe("Copy: not basic plan, not organisation documents, creator only", () => {
  it.each<Row>([
    ["creator in My Documents", viewer("member", CREATOR), doc({ status: 5 }), MY, true],
    ["creator in Shared Folders", viewer("member", CREATOR), doc({ isShared: true }), SHARED, true],
    ["not the creator (owner)", viewer("owner"), doc({ isShared: true }), SHARED, false],
    ["Lite plan", viewer("owner", CREATOR, "ly-basic"), doc(), MY, false],
    ["Organisation Documents", viewer("owner", CREATOR), doc(), ORG, false],
  ])("%s", (_name, v, d, section, expected) => {
    expect(canCopyDocument(v, d, section)).toBe(expected);
  });
});

describe("Rename and interview (roles not in the spec: creator, owner or manager)", () => {
  it.each<Row>([
    ["creator", viewer("member", CREATOR), doc({ status: 5 }), MY, true],
    ["manager on a member's document", viewer("manager"), doc(), ORG, true],
    ["another member on a shared document", viewer("member"), doc({ isShared: true }), SHARED, false],
  ])("rename: %s", (_name, v, d, section, expected) => {
    expect(canRenameDocument(v, d, section)).toBe(expected);
  });
  it.each<Row>([
    ["the creator, even of a completed document", viewer("member", CREATOR), doc({ status: 5 }), MY, true],
    ["the owner, on a member's document", viewer("owner"), doc(), ORG, true],
    ["a manager", viewer("manager"), doc({ status: 3 }), ORG, true],
    ["another member on a shared document", viewer("member"), doc({ isShared: true }), SHARED, false],
    ["another member's private document", viewer("member"), doc(), MY, false],
  ])("status change: %s", (_name, v, d, section, expected) => {
    expect(canChangeDocumentStatus(v, d, section)).toBe(expected);
  });
  it.each<Row>([
    ["draft", viewer("member", CREATOR), doc({ status: 1 }), MY, true],
    ["in progress", viewer("member", CREATOR), doc({ status: 2 }), MY, true],
    ["completed cannot be interviewed", viewer("member", CREATOR), doc({ status: 5 }), MY, false],
  ])("interview: %s", (_name, v, d, section, expected) => {
    expect(canInterviewDocument(v, d, section)).toBe(expected);
  });
});

describe("Remove from shared folder: owner, manager, creator or whoever added it", () => {
  const shared = doc({ isShared: true, shareCreators: [3] });
  it.each<[string, Viewer, ListSection, boolean]>([
    ["owner", viewer("owner"), SHARED, true],
    ["manager", viewer("manager"), SHARED, true],
    ["the document's creator", viewer("member", CREATOR), MY, true],
    ["the member who added it", viewer("member", 3), SHARED, true],
    ["another member", viewer("member", 4), SHARED, false],
    ["not from Organisation Documents", viewer("owner"), ORG, false],
  ])("%s", (_name, v, section, expected) => {
    expect(canUnshareDocumentFrom(v, shared, section, { createdBy: 3 })).toBe(expected);
    expect(canUnshareDocument(v, shared, section)).toBe(expected);
  });
  it("is not offered for a document in no shared folder", () => {
    expect(canUnshareDocument(viewer("owner", CREATOR), doc(), MY)).toBe(false);
  });
});

describe("Legal review and Sign: the basic plan gets the upgrade prompt", () => {
  it.each([
    ["ly-basic", false, true],
    ["best-practice", true, false],
    ["strategist", true, false],
  ] as const)("%s: legal review %s, upgrade prompt %s", (plan, review, prompt) => {
    const v = viewer("owner", CREATOR, plan);
    expect(canRequestLegalReview(v)).toBe(review);
    expect(showsUpgradePrompt(v)).toBe(prompt);
  });
});

describe("The Lite upgrade notice stands in only where a paid plan would be offered the action", () => {
  const lite = (userId = CREATOR) => viewer("owner", userId, "ly-basic");
  it.each<[string, Viewer, DocumentFacts, ListSection, { sign: boolean; share: boolean; copy: boolean }]>([
    [
      "a completed document of theirs",
      lite(),
      doc({ status: 5 }),
      MY,
      { sign: true, share: true, copy: true },
    ],
    // A draft never offers signing: no notice for it there, upgraded or not.
    ["a draft of theirs", lite(), doc({ status: 1 }), MY, { sign: false, share: true, copy: true }],
    [
      "completed, signing 'no'",
      lite(),
      doc({ status: 5, allowSign: false }),
      MY,
      { sign: false, share: true, copy: true },
    ],
    ["signed already", lite(), doc({ status: 3 }), MY, { sign: false, share: false, copy: true }],
    [
      "from Organisation Documents",
      lite(),
      doc({ status: 5 }),
      ORG,
      { sign: true, share: false, copy: false },
    ],
    [
      "someone else's, shared",
      lite(OTHER),
      doc({ status: 5, isShared: true }),
      SHARED,
      { sign: true, share: true, copy: false },
    ],
    [
      "a paid plan (the action itself)",
      viewer("owner", CREATOR),
      doc({ status: 5 }),
      MY,
      { sign: false, share: false, copy: false },
    ],
  ])("%s", (_name, v, d, section, expected) => {
    const abilities = documentAbilities(v, d, section);
    expect({
      sign: abilities.sign_upgrade,
      share: abilities.share_upgrade,
      copy: abilities.copy_upgrade,
    }).toEqual(expected);
    // Never both the action and its notice.
    expect(abilities.sign && abilities.sign_upgrade).toBe(false);
    expect(abilities.share && abilities.share_upgrade).toBe(false);
    expect(abilities.copy && abilities.copy_upgrade).toBe(false);
  });
});

describe("Sign document: status 5 and is_allow_sign not 'no'", () => {
  it.each<[string, Viewer, DocumentFacts, boolean]>([
    ["completed, signing allowed", viewer("member", CREATOR), doc({ status: 5 }), true],
    ["completed, is_allow_sign no", viewer("member", CREATOR), doc({ status: 5, allowSign: false }), false],
    ["draft", viewer("member", CREATOR), doc({ status: 1 }), false],
    ["signed already", viewer("member", CREATOR), doc({ status: 3 }), false],
    ["Lite plan", viewer("owner", CREATOR, "ly-basic"), doc({ status: 5 }), false],
  ])("%s", (_name, v, d, expected) => {
    expect(canSignDocument(v, d)).toBe(expected);
  });
});

describe("Relaunch: completed, with a template, by whoever may rename it", () => {
  it.each<Row>([
    ["creator, completed, with a template", viewer("member", CREATOR), doc({ status: 5 }), MY, true],
    [
      "no template (a blank draft completed)",
      viewer("member", CREATOR),
      doc({ status: 5, hasTemplate: false }),
      MY,
      false,
    ],
    ["in progress", viewer("member", CREATOR), doc({ status: 2 }), MY, false],
    ["another member's shared document", viewer("member"), doc({ status: 5, isShared: true }), SHARED, false],
    ["manager, Organisation Documents", viewer("manager"), doc({ status: 5 }), ORG, true],
  ])("%s", (_name, v, d, section, expected) => {
    expect(canRelaunchDocument(v, d, section)).toBe(expected);
  });
});

describe("Organisation documents opened by a non-creator need an owner confirmation", () => {
  it.each<Row>([
    ["owner opening a member's document", viewer("owner"), doc(), ORG, true],
    ["manager opening a member's document", viewer("manager"), doc(), ORG, true],
    ["owner opening their own document", viewer("owner", CREATOR), doc(), ORG, false],
    ["from My Documents", viewer("member", CREATOR), doc(), MY, false],
  ])("%s", (_name, v, d, section, expected) => {
    expect(needsOwnerConfirmation(v, d, section)).toBe(expected);
  });
});

describe("Download PDF and Download Word are offered (documents spec §6)", () => {
  const both = ["pdf", "word"] as const;
  it.each<[string, Partial<DocumentFacts>, boolean, boolean]>([
    ["completed with both files", { status: 5, assembledFiles: both }, true, true],
    ["pending signature", { status: 4, assembledFiles: both }, true, true],
    ["signed", { status: 3, assembledFiles: both }, true, true],
    ["in progress, files of an earlier assembly", { status: 2, assembledFiles: both }, false, false],
    ["draft", { status: 1, assembledFiles: both }, false, false],
    ["completed, never assembled", { status: 5, assembledFiles: [] }, false, false],
    [
      "completed, Word not allowed",
      { status: 5, assembledFiles: both, allowDownloadWord: false },
      true,
      false,
    ],
    ["completed, only the PDF left", { status: 5, assembledFiles: ["pdf"] }, true, false],
  ])("%s → PDF %s, Word %s", (_name, over, pdf, word) => {
    // Whoever sees the document may download it: a member who did not create it too.
    const abilities = documentAbilities(viewer("member"), doc({ isShared: true, ...over }), SHARED);
    expect([abilities.download_pdf, abilities.download_word]).toEqual([pdf, word]);
  });
});

describe("abilities", () => {
  it("gathers every rule for one document in one tab", () => {
    expect(
      documentAbilities(viewer("member", CREATOR), doc({ status: 5, assembledFiles: ["pdf", "word"] }), MY),
    ).toEqual({
      move: true,
      rename: true,
      delete: false,
      share: true,
      unshare: false,
      copy: true,
      interview: false,
      download_pdf: true,
      download_word: true,
      sign: true,
      legal_review: true,
      upgrade_prompt: false,
      owner_confirmation: false,
      relaunch: true,
      sign_upgrade: false,
      share_upgrade: false,
      copy_upgrade: false,
    });
  });

  it("opens a document in its creator's My Documents, else Shared Folders, else Organisation", () => {
    expect(homeSection(viewer("member", CREATOR), doc())).toBe(MY);
    expect(homeSection(viewer("owner"), doc({ isShared: true }))).toBe(SHARED);
    expect(homeSection(viewer("owner"), doc())).toBe(ORG);
  });
});
