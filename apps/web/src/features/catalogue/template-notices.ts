import { ASIC_MODE_META_KEY, ASIC_MODES, type Product, type ProductFlag } from "@precedent/contracts";
import { hasFlag, metaValue } from "./catalogue-model";

/**
 * A notice shown before a document of this kind is started (documents spec §4 pre-start notices),
 * with the product's video when it has one (`popup_video`).
 */
export type StartNotice = { title: string; text: string; video?: string };

// The spec names the notices but not their wording; these say what a user must know before starting.
const ATTENTION_NOTICES: [ProductFlag, StartNotice][] = [
  [
    "is_none_foreign",
    {
      title: "Attention: foreign persons and entities",
      text: "This document is not suitable where a party is a foreign person or a foreign entity. If any party is, please contact us before you continue.",
    },
  ],
  [
    "is_protector",
    {
      title: "Attention: protector",
      text: "This trust deed appoints a protector. When the document is finished you will be offered the protector's next steps; the protector must sign their consent.",
    },
  ],
  [
    "is_trust_template",
    {
      title: "Attention: trust deed",
      text: "The trustee must sign the deed and receive the settlement sum before any other property is held on trust. Stamp duty may be payable in your state.",
    },
  ],
  [
    "is_special_resolution",
    {
      title: "Attention: special resolution",
      text: "A special resolution needs at least 75% of the votes cast by members entitled to vote. Some special resolutions must be lodged with ASIC within 14 days of being passed.",
    },
  ],
];

const INFORMATION_FLAGS: ProductFlag[] = [
  "is_will",
  "is_end_power",
  "is_adv_hc",
  "is_hr_doc",
  "is_unit_trust",
  "is_unit_trust_old",
];

const IMPORTANT_INFORMATION: StartNotice = {
  title: "Important information",
  text: "This document has strict rules for signing and witnessing. Read the signing instructions that come with the finished document: a document not signed and witnessed as they describe may not be valid.",
};

/** Registration documents (a template with ASIC steps) get an important notice, with an optional video. */
const REGISTRATION_NOTICE: StartNotice = {
  title: "Important notice",
  text: "This document is an application to ASIC. Before you start, have at hand each officeholder's full name, date and place of birth, residential address and Director ID, the members and the shares each takes up, and the written consent of the registered office's occupier if the company will not occupy it. ASIC's fee is paid to ASIC when the application is lodged.",
};

/** The notices to show, in order, before starting a document from this product. */
export function startNotices(product: Pick<Product, "meta_data">): StartNotice[] {
  const notices = ATTENTION_NOTICES.filter(([flag]) => hasFlag(product, flag)).map(([, notice]) => notice);
  if (INFORMATION_FLAGS.some((flag) => hasFlag(product, flag))) notices.push(IMPORTANT_INFORMATION);
  if ((ASIC_MODES as readonly string[]).includes(metaValue(product, ASIC_MODE_META_KEY) ?? "")) {
    const video = metaValue(product, "popup_video")?.trim();
    notices.push(video ? { ...REGISTRATION_NOTICE, video } : REGISTRATION_NOTICE);
  }
  return notices;
}
