import {
  type DocumentAbilities,
  type DocumentRow,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  actionNotOffered,
  addressActionsOf,
  LIST_ACTIONS,
  planListAction,
  planNamedDocument,
} from "./address-actions";

const NO_ABILITIES: DocumentAbilities = {
  rename: false,
  delete: false,
  share: false,
  unshare: false,
  copy: false,
  interview: false,
  download_pdf: false,
  download_word: false,
  sign: false,
  legal_review: false,
  upgrade_prompt: false,
  owner_confirmation: false,
  relaunch: false,
  sign_upgrade: false,
  share_upgrade: false,
  copy_upgrade: false,
  move: false,
};

/** A document as the server presents it to its reader, with only the abilities given. */
const documentWith = (abilities: Partial<DocumentAbilities>, fields: Partial<DocumentRow> = {}) =>
  ({
    id: 41,
    name: "Harbour Trust deed",
    status: 5,
    type: "DOC",
    x_template_id: "family-trust",
    template_id: 3,
    abilities: { ...NO_ABILITIES, ...abilities },
    ...fields,
  }) as DocumentRow;

describe("the list address's actions (documents spec §2)", () => {
  it("splits the list's actions from the interview's, and keeps names neither has apart", () => {
    expect(addressActionsOf("SEND_FUSESIGN, XD_Download,Teleport,,ASIC")).toEqual({
      list: ["SEND_FUSESIGN"],
      interview: ["XD_Download", "ASIC"],
      unknown: ["Teleport"],
    });
    expect(addressActionsOf(null)).toEqual({ list: [], interview: [], unknown: [] });
  });

  it("opens an action the document's abilities offer", () => {
    const signable = documentWith({ sign: true });
    expect(planListAction(1, signable, MY_DOCUMENTS, "SEND_FUSESIGN")).toEqual({
      kind: "dialog",
      dialog: { kind: "sign-document", document: signable, section: MY_DOCUMENTS },
    });
    const movable = documentWith({ move: true });
    expect(planListAction(1, movable, MY_DOCUMENTS, "MOVE_TO")).toMatchObject({
      kind: "dialog",
      dialog: { kind: "move-documents", documents: [movable] },
    });
    expect(planListAction(1, documentWith({ download_word: true }), MY_DOCUMENTS, "DOWNLOAD_WORD")).toEqual({
      kind: "download",
      href: expect.stringContaining("41"),
    });
    expect(planListAction(1, documentWith({ relaunch: true }), MY_DOCUMENTS, "RELAUNCH")).toEqual({
      kind: "launch",
      action: "relaunch-completed",
    });
    expect(
      planListAction(1, documentWith({ interview: true }, { status: 1 }), MY_DOCUMENTS, "RELAUNCH"),
    ).toEqual({ kind: "launch", action: "start" });
  });

  it("refuses, with a plain message, every action the abilities do not offer", () => {
    const nothing = documentWith({});
    for (const action of LIST_ACTIONS) {
      expect(planListAction(1, nothing, MY_DOCUMENTS, action)).toEqual({
        kind: "refused",
        message: actionNotOffered(action, nothing),
      });
    }
    expect(actionNotOffered("SEND_FUSESIGN", nothing)).toBe(
      "Send for signature is not available for Doc ID 41 - Harbour Trust deed.",
    );
  });

  it("the next steps' links follow the server's flags; REGISTRATION its step", () => {
    const protector = documentWith(
      {},
      { is_protector: "yes", protector_link: "https://example.org/protector" },
    );
    expect(planListAction(1, protector, MY_DOCUMENTS, "REDIRECT_PROTECTOR")).toEqual({
      kind: "link",
      label: "Protector next steps",
      href: "https://example.org/protector",
    });
    expect(planListAction(1, protector, MY_DOCUMENTS, "PPSR").kind).toBe("refused");
    const registration = documentWith(
      { interview: true },
      { status: 2, type: "ASIC", registration_step: "consent" },
    );
    expect(planListAction(1, registration, MY_DOCUMENTS, "REGISTRATION")).toMatchObject({
      kind: "dialog",
      dialog: { kind: "registration-steps", document: registration },
    });
  });
});

describe("an address's docName, found across the reader's tabs", () => {
  const named = (id: number, ...sections: (1 | 2 | 3)[]) => ({ id, name: "Lease Deed", sections });

  it("says nothing was found when no tab lists one", () => {
    expect(planNamedDocument([], SHARED_FOLDERS)).toEqual({ kind: "none" });
  });

  it("opens the only one in the current tab when it lists it, else in the first tab that does", () => {
    expect(
      planNamedDocument([named(7, MY_DOCUMENTS, ORGANISATION_DOCUMENTS)], ORGANISATION_DOCUMENTS),
    ).toEqual({
      kind: "open",
      id: 7,
      section: ORGANISATION_DOCUMENTS,
    });
    expect(planNamedDocument([named(7, SHARED_FOLDERS, ORGANISATION_DOCUMENTS)], MY_DOCUMENTS)).toEqual({
      kind: "open",
      id: 7,
      section: SHARED_FOLDERS,
    });
  });

  it("searches several in the tab listing most of them, the current tab winning a tie", () => {
    const several = [named(1, MY_DOCUMENTS), named(2, SHARED_FOLDERS), named(3, SHARED_FOLDERS)];
    expect(planNamedDocument(several, MY_DOCUMENTS)).toEqual({
      kind: "search",
      section: SHARED_FOLDERS,
      count: 3,
    });
    const tied = [named(1, MY_DOCUMENTS), named(2, SHARED_FOLDERS)];
    expect(planNamedDocument(tied, SHARED_FOLDERS)).toEqual({
      kind: "search",
      section: SHARED_FOLDERS,
      count: 2,
    });
    expect(planNamedDocument(tied, ORGANISATION_DOCUMENTS)).toEqual({
      kind: "search",
      section: MY_DOCUMENTS,
      count: 2,
    });
  });
});
