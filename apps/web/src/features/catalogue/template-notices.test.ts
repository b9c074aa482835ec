import { describe, expect, it } from "vitest";
import { startNotices } from "./template-notices";

const product = (meta: Record<string, string>) => ({
  meta_data: Object.entries(meta).map(([key, value]) => ({ key, value })),
});

describe("the notices before a document is started", () => {
  it("gives a registration document (a template with ASIC steps) its important notice with the product's video", () => {
    const notices = startNotices(
      product({ asic_mode: "both", popup_video: "/media/company-registration-steps.webm" }),
    );
    expect(notices.map((n) => n.title)).toEqual(["Important notice"]);
    expect(notices[0]?.video).toBe("/media/company-registration-steps.webm");
  });

  it("shows the notice without a video when the product has none (the video is optional)", () => {
    const [notice] = startNotices(product({ asic_mode: "only-consent", popup_video: "  " }));
    expect(notice?.title).toBe("Important notice");
    expect(notice?.video).toBeUndefined();
  });

  it("gives no registration notice to a template without ASIC steps, nor for an unknown mode", () => {
    expect(startNotices(product({ is_will: "no" }))).toEqual([]);
    expect(startNotices(product({ asic_mode: "sometimes" }))).toEqual([]);
  });

  it("keeps the attention and information notices first, in order", () => {
    const titles = startNotices(product({ is_protector: "yes", is_will: "yes", asic_mode: "2" })).map(
      (n) => n.title,
    );
    expect(titles).toEqual(["Attention: protector", "Important information", "Important notice"]);
  });
});
