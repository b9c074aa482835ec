import { describe, expect, it } from "vitest";
import { chatBoxSessionOf, linkParts, withChatBoxSession } from "./chat-model";

describe("links in a reply", () => {
  it("makes http(s) addresses links, without a sentence's closing full stop or bracket", () => {
    expect(linkParts("Enrol at https://x.example/a?b=1. Or (https://y.example/c).")).toEqual([
      { kind: "text", text: "Enrol at " },
      { kind: "link", href: "https://x.example/a?b=1" },
      { kind: "text", text: ". Or (" },
      { kind: "link", href: "https://y.example/c" },
      { kind: "text", text: ")." },
    ]);
  });
  it("leaves other schemes as text", () => {
    expect(linkParts("javascript:alert(1) and ftp://x")).toEqual([
      { kind: "text", text: "javascript:alert(1) and ftp://x" },
    ]);
  });
});

describe("chatBoxSession", () => {
  it("is read from the page's query and added to the interview's address", () => {
    expect(chatBoxSessionOf("?docId=4&chatBoxSession=abc-123")).toBe("abc-123");
    expect(chatBoxSessionOf("?docId=4")).toBeUndefined();
    expect(chatBoxSessionOf("?chatBoxSession=")).toBeUndefined();
    expect(withChatBoxSession("/my-account/my-document/template?docId=4", "abc")).toBe(
      "/my-account/my-document/template?docId=4&chatBoxSession=abc",
    );
  });
});
