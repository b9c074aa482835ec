/**
 * The sealed PDF, checked with outside tools on real files: poppler's pdfsig (the seal is valid and
 * covers the whole file; a changed byte breaks it), qpdf --check, pdftotext -bbox (stamped text is in
 * its box on the right page), pdftoppm (every pixel the stamping changed lies inside a box) and the
 * certificate pages' text.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SIGNATURE_FONTS } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredSignatureField } from "../schema.ts";
import {
  CERTIFICATE_HEADING,
  createPdfSealer,
  createSelfSignedP12,
  loadOrCreateSealingCertificate,
  type SealInput,
  SealInputError,
  SealingCertificateError,
} from "./index.ts";
import { sampleSealInput } from "./sample-input.ts";
import { runsIn } from "./signature-fonts.ts";

let folder: string;
let input: SealInput;
let sealed: Uint8Array;
let sealedFile: string;
let originalFile: string;

/** The outside tools these tests trust; missing ones fail the run with how to install them. */
const TOOLS = ["pdfsig", "pdffonts", "pdfinfo", "pdftotext", "pdftoppm", "qpdf", "openssl", "sha256sum"];

beforeAll(async () => {
  const missing = TOOLS.filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
  if (missing.length > 0) {
    throw new Error(
      `The seal tests need ${missing.join(", ")}: apt-get install -y poppler-utils qpdf openssl`,
    );
  }
  folder = mkdtempSync(path.join(tmpdir(), "precedent-seal-"));
  input = await sampleSealInput();
  const certificate = loadOrCreateSealingCertificate({ dataDir: path.join(folder, "data") });
  sealed = await createPdfSealer({ certificate }).seal(input);
  sealedFile = path.join(folder, "sealed.pdf");
  originalFile = path.join(folder, "original.pdf");
  writeFileSync(sealedFile, sealed);
  writeFileSync(originalFile, input.original);
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(run("pdfinfo", [file]).output)?.[1]);

/** A copy of the sealed file with one byte changed, and pdfsig's verdict on it. */
function pdfsigAfterChanging(offset: number, to: string) {
  const changed = Buffer.from(sealed);
  expect(changed[offset]).not.toBe(to.charCodeAt(0));
  changed[offset] = to.charCodeAt(0);
  const file = path.join(folder, `changed-${offset}.pdf`);
  writeFileSync(file, changed);
  return run("pdfsig", [file]).output;
}

function signedRanges() {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    Buffer.from(sealed).toString("latin1"),
  );
  if (!match) throw new Error("no /ByteRange");
  const [start1, length1, start2, length2] = match.slice(1).map(Number) as [number, number, number, number];
  return { start1, length1, start2, length2 };
}

describe("the seal", () => {
  it("pdfsig reports one valid ETSI.CAdES.detached signature covering the whole file", () => {
    const { status, output } = run("pdfsig", [sealedFile]);
    expect(status).toBe(0);
    expect(output).toContain("Signature #1:");
    expect(output).not.toContain("Signature #2:");
    expect(output).toContain("Signature Type: ETSI.CAdES.detached");
    expect(output).toContain("Signing Hash Algorithm: SHA-256");
    expect(output).toContain("Total document signed");
    expect(output).toContain("Signature Validation: Signature is Valid.");
    expect(output).toContain("Signer Certificate Common Name: Precedent document sealing");
  });

  it("the signed ranges run from the first byte to the last, leaving out only the signature", () => {
    const { start1, length1, start2, length2 } = signedRanges();
    expect(start1).toBe(0);
    expect(start2 + length2).toBe(sealed.byteLength);
    const gap = Buffer.from(sealed.subarray(length1, start2)).toString("latin1");
    expect(gap).toMatch(/^<[0-9a-f]+>$/i);
  });

  it("is PAdES B-B shaped: signing-certificate-v2 bound to the signer's certificate, no signing-time", () => {
    const { length1, start2 } = signedRanges();
    const padded = Buffer.from(
      Buffer.from(sealed.subarray(length1 + 1, start2 - 1)).toString("latin1"),
      "hex",
    );
    // The DER is a SEQUENCE with a two-byte length (30 82 hh ll); zeros pad the placeholder after it.
    expect([padded[0], padded[1]]).toEqual([0x30, 0x82]);
    const cms = path.join(folder, "seal.p7s");
    writeFileSync(cms, padded.subarray(0, 4 + padded.readUInt16BE(2)));
    const dump = run("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", cms]).output;
    expect(dump).toContain("id-smime-aa-signingCertificateV2");
    expect(dump).toContain("messageDigest");
    expect(dump).not.toContain("signingTime");
    expect(dump).toContain("eContent: <ABSENT>");
    // The certificate hash in signing-certificate-v2 is the hash of the certificate that signed.
    const certificates = run("openssl", ["pkcs7", "-inform", "DER", "-in", cms, "-print_certs"]).output;
    const firstPem =
      /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/.exec(certificates)?.[0] ?? "";
    const certificateDer = Buffer.from(firstPem.replace(/-----[A-Z ]+-----|\s/g, ""), "base64");
    const certHash = createHash("sha256").update(certificateDer).digest("hex").toUpperCase();
    expect(certificateDer.byteLength).toBeGreaterThan(500);
    expect(dump.replace(/\s/g, "")).toContain(`OCTETSTRING[HEXDUMP]:${certHash}`);
    // OpenSSL, not only poppler, checks the signature over the signed ranges.
    const content = path.join(folder, "signed-ranges.bin");
    writeFileSync(content, Buffer.concat([sealed.subarray(0, length1), sealed.subarray(start2)]));
    const verify = run("openssl", [
      "cms",
      "-verify",
      "-binary",
      "-noverify",
      "-inform",
      "DER",
      "-in",
      cms,
      "-content",
      content,
      "-out",
      "/dev/null",
    ]);
    expect(verify.output).toContain("Verification successful");
  });

  it("one sealer seals envelope after envelope, each validly", async () => {
    const certificate = loadOrCreateSealingCertificate({ dataDir: path.join(folder, "data") });
    const sealer = createPdfSealer({ certificate });
    for (const run of [1, 2]) {
      const file = path.join(folder, `again-${run}.pdf`);
      writeFileSync(file, await sealer.seal(input));
      expect(spawnSync("pdfsig", [file], { encoding: "utf8" }).stdout).toContain("Signature is Valid.");
    }
  });

  it("qpdf --check finds no errors", () => {
    const { status, output } = run("qpdf", ["--check", sealedFile]);
    expect(output).toContain("No syntax or stream encoding errors found");
    expect(status).toBe(0);
  });

  it("a changed byte in either signed range makes pdfsig report the signature invalid", () => {
    const text = Buffer.from(sealed).toString("latin1");
    // In the first range: the header's binary comment, which every reader skips.
    const inFirst = pdfsigAfterChanging(text.indexOf("\n") + 2, "A");
    expect(inFirst).not.toContain("Signature is Valid.");
    expect(inFirst).toContain("Signature Validation: Digest Mismatch.");
    // In the second range: a letter of the signature's reason, after the signature's contents.
    const { start2 } = signedRanges();
    const reason = text.indexOf("Signed electronically", start2);
    expect(reason).toBeGreaterThan(start2);
    const inSecond = pdfsigAfterChanging(reason, "Z");
    expect(inSecond).not.toContain("Signature is Valid.");
    expect(inSecond).toContain("Signature Validation: Digest Mismatch.");
  });

  it("keeps every page of the original and appends the certificate pages in A4", () => {
    const originalPages = pageCount(originalFile);
    const sealedPages = pageCount(sealedFile);
    expect(sealedPages).toBeGreaterThan(originalPages);
    const sizes = run("pdfinfo", ["-f", "1", "-l", String(sealedPages), sealedFile]).output;
    for (let page = originalPages + 1; page <= sealedPages; page++) {
      expect(sizes).toMatch(new RegExp(`Page\\s+${page} size:\\s+595\\.2\\d? x 841\\.8\\d? pts`));
    }
  });
});

type Word = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word pdftotext finds, with its box in points from the page's top-left. */
function words(file: string): Word[] {
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  const found: Word[] = [];
  html.split("<page ").forEach((chunk, index) => {
    for (const match of chunk.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      const [, xMin, yMin, xMax, yMax, text = ""] = match;
      found.push({
        page: index,
        text,
        xMin: Number(xMin),
        yMin: Number(yMin),
        xMax: Number(xMax),
        yMax: Number(yMax),
      });
    }
  });
  return found;
}

const inside = (word: Word, box: StoredSignatureField["signature"], slack = 1) =>
  word.page === box.page &&
  word.xMin >= box.x - slack &&
  word.xMax <= box.x + box.width + slack &&
  word.yMin >= box.y - slack &&
  word.yMax <= box.y + box.height + slack;

/**
 * In the box across, and with its middle in it up and down. pdftotext gives a word the height of its
 * font's line (ascent to descent), which for a script hand is taller than its ink: a typed signature
 * fitted to its box by its ink has a line box that reaches past it. Its ink is held to the box pixel
 * by pixel (the last test of the stamps).
 */
const acrossAndMiddleInside = (word: Word, box: StoredSignatureField["signature"]) =>
  inside({ ...word, yMin: (word.yMin + word.yMax) / 2, yMax: (word.yMin + word.yMax) / 2 }, box);

let added: Word[] | undefined;

/** The words the sealing added (in the sealed file but not the original, page by page). */
function addedWords(): Word[] {
  if (added) return added;
  const before = new Set(words(originalFile).map((w) => `${w.page}|${w.text}|${w.xMin}|${w.yMin}`));
  const originalPages = pageCount(originalFile);
  added = words(sealedFile).filter(
    (w) => w.page <= originalPages && !before.has(`${w.page}|${w.text}|${w.xMin}|${w.yMin}`),
  );
  return added;
}

describe("the stamps", () => {
  it("each signer's caption and typed signature are inside their signature box, on its page", () => {
    const found = addedWords();
    expect(new Set(input.fields.map((f) => f.signature.page)).size).toBeGreaterThan(1);
    for (const [index, field] of input.fields.entries()) {
      const inBox = found
        .filter((word) => acrossAndMiddleInside(word, field.signature))
        .map((w) => w.text)
        .join(" ");
      const captionInBox = found
        .filter((word) => inside(word, field.signature))
        .map((w) => w.text)
        .join(" ");
      expect(captionInBox).toContain(`Signed electronically by ${field.fullName}`);
      // The name is in the caption, and again as the typed signature; the first signature is drawn.
      expect(inBox.split(field.fullName).length - 1).toBe(index === 0 ? 1 : 2);
    }
  });

  it("each typed signature is written in the hand its signer chose on the signing page", () => {
    // pdffonts names each embedded font (subset prefix, then the face's PostScript name).
    const fonts = run("pdffonts", [sealedFile]).output;
    const typedFonts = input.signatures.flatMap((s) =>
      s.signature.kind === "typed" ? [s.signature.font] : [],
    );
    expect(new Set(typedFonts)).toEqual(new Set(SIGNATURE_FONTS));
    for (const face of SIGNATURE_FONTS) expect(fonts).toContain(face.replace(/ /g, ""));
  });

  it("a name is written from the face's files that hold its letters; one it cannot write in full, in the documents' italic", () => {
    const files = (face: string, name: string) =>
      runsIn(face, name)?.map((run) => [run.text, path.basename(run.file.path)]);
    expect(files("Great Vibes", "Amelia Hart")).toEqual([
      ["Amelia Hart", "great-vibes-latin-400-normal.woff"],
    ]);
    // Fontsource's files split the face by Unicode range: Latin letters from one, Vietnamese from another.
    expect(files("Dancing Script", "Nguyễn Thị")).toEqual([
      ["Nguy", "dancing-script-latin-400-normal.woff"],
      ["ễ", "dancing-script-vietnamese-400-normal.woff"],
      ["n Th", "dancing-script-latin-400-normal.woff"],
      ["ị", "dancing-script-vietnamese-400-normal.woff"],
    ]);
    // Homemade Apple has Latin letters only; no face here writes Chinese; an unknown face is none.
    expect(runsIn("Homemade Apple", "Nguyễn Thị")).toBeUndefined();
    expect(runsIn("Great Vibes", "王小明")).toBeUndefined();
    expect(runsIn("a face never offered", "Amelia Hart")).toBeUndefined();
  });

  it("the signing day, in Sydney, is inside each date box, on its page", () => {
    const found = addedWords();
    for (const field of input.fields) {
      const inBox = found
        .filter((word) => inside(word, field.date, 1.5))
        .map((w) => w.text)
        .join(" ");
      // Signed at 13:30–13:39 UTC on the 25th: already the 26th in Sydney (AEDT).
      expect(inBox).toBe("26 November 2026");
    }
  });

  it("nothing the sealing added to the document's pages lies outside a box", () => {
    const found = addedWords();
    expect(found.length).toBeGreaterThan(0);
    const boxes = input.fields.flatMap((f) => [f.signature, f.date]);
    const signatureBoxes = input.fields.map((f) => f.signature);
    expect(
      found.filter(
        (word) =>
          !boxes.some((box) => inside(word, box, 1.5)) &&
          !signatureBoxes.some((box) => acrossAndMiddleInside(word, box)),
      ),
    ).toEqual([]);
  });

  it("every pixel the stamping changed, drawn signature included, is inside a box", () => {
    const render = (file: string, page: number) => {
      const output = execFileSync("pdftoppm", [
        "-r",
        "72",
        "-gray",
        "-f",
        String(page),
        "-l",
        String(page),
        file,
      ]);
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(output.toString("latin1", 0, 40));
      if (!header) throw new Error("not a PGM");
      return { width: Number(header[1]), pixels: output.subarray(header[0].length) };
    };
    const drawnBox = input.fields[0]?.signature;
    if (!drawnBox) throw new Error("no fields");
    let changedInDrawnBox = 0;
    for (const page of new Set(input.fields.flatMap((f) => [f.signature.page, f.date.page]))) {
      const before = render(originalFile, page);
      const after = render(sealedFile, page);
      const boxes = input.fields.flatMap((f) => [f.signature, f.date]).filter((box) => box.page === page);
      const outside: string[] = [];
      for (let index = 0; index < after.pixels.length; index++) {
        if (Math.abs((after.pixels[index] ?? 0) - (before.pixels[index] ?? 0)) < 40) continue;
        const x = index % after.width;
        const y = Math.floor(index / after.width);
        const within = (box: StoredSignatureField["signature"]) =>
          x >= box.x - 1 && x <= box.x + box.width + 1 && y >= box.y - 1 && y <= box.y + box.height + 1;
        if (!boxes.some(within)) outside.push(`${x},${y}`);
        if (page === drawnBox.page && within(drawnBox)) changedInDrawnBox++;
      }
      expect(outside.slice(0, 10)).toEqual([]);
    }
    // The drawn pen stroke: well beyond the caption's few hundred pixels.
    expect(changedInDrawnBox).toBeGreaterThan(600);
  });
});

describe("the certificate pages", () => {
  const certificateText = () =>
    execFileSync("pdftotext", ["-f", String(pageCount(originalFile) + 1), "-layout", sealedFile, "-"], {
      encoding: "utf8",
    });

  it("head with 'Certificate of signing', the envelope id and the SHA-256 of the original", () => {
    const text = certificateText();
    expect(text).toContain(CERTIFICATE_HEADING);
    expect(text).toMatch(/Envelope\s+4821/);
    expect(text).toContain(input.certificate.originalSha256);
    expect(text).toContain("Deed of Variation – Marlowe Family Trust");
    expect(text).toContain("s10 of the Electronic Transactions Act 1999 (Cth)");
  });

  it("list every party with role, email, phone's last digits, IP, user agent, times and authentication", () => {
    const text = certificateText().replace(/\s+/g, " ");
    for (const party of input.certificate.parties) {
      const start = text.indexOf(
        party.fullName,
        text.indexOf(`${input.certificate.parties.indexOf(party) + 1}. `),
      );
      expect(start).toBeGreaterThan(-1);
      const block = text.slice(start, start + 1200);
      expect(block).toContain(party.email);
      expect(block).toContain(`IP address ${party.ip}`);
      expect(block).toContain("Mozilla/5.0 (iPhone;");
      expect(block).toContain(party.role === "signer" ? "Role Signer" : `Role Witness of ${party.witnessOf}`);
      if (party.phoneLastDigits) {
        expect(block).toContain(`Phone ending ${party.phoneLastDigits}`);
        expect(block).toContain("one-time code sent by SMS");
      } else {
        expect(block).toContain("Phone No SMS");
      }
      if (party.role === "witness")
        expect(block).toContain("Stated they saw the signing by audio-visual link");
    }
    // The original's SHA-256 really is the original's.
    expect(execFileSync("sha256sum", [originalFile], { encoding: "utf8" })).toContain(
      input.certificate.originalSha256,
    );
  });

  it("prints times in Sydney with UTC beside them", () => {
    const text = certificateText().replace(/\s+/g, " ");
    // completedAt 13:40 UTC on 25 November (ten signatures a minute apart) is 12:40 am on the 26th in Sydney (AEDT, UTC+11).
    expect(text).toContain("Completed 26 November 2026, 12:40:00 am AEDT (13:40:00 UTC)");
  });
});

describe("bad input", () => {
  it("a signature for a box the document does not have is refused", async () => {
    const certificate = loadOrCreateSealingCertificate({ dataDir: path.join(folder, "data") });
    const [first, ...rest] = input.signatures;
    if (!first) throw new Error("no signatures");
    await expect(
      createPdfSealer({ certificate }).seal({
        ...input,
        signatures: [{ ...first, metaKey: "nobody_signature" }, ...rest],
      }),
    ).rejects.toThrow(SealInputError);
  });

  it("a drawn signature that is not a PNG data URL is refused", async () => {
    const certificate = loadOrCreateSealingCertificate({ dataDir: path.join(folder, "data") });
    const [first, ...rest] = input.signatures;
    if (!first) throw new Error("no signatures");
    const jpeg = { kind: "drawn" as const, pngDataUrl: "data:image/jpeg;base64,AAAA" };
    await expect(
      createPdfSealer({ certificate }).seal({
        ...input,
        signatures: [{ ...first, signature: jpeg }, ...rest],
      }),
    ).rejects.toThrow(/not a PNG data URL/);
  });
});

describe("loadOrCreateSealingCertificate", () => {
  it("makes a self-signed certificate once, readable by the server's user only, and reuses it", () => {
    const dataDir = path.join(folder, "fresh");
    const first = loadOrCreateSealingCertificate({ dataDir, organisation: "Harbour Advisory" });
    const second = loadOrCreateSealingCertificate({ dataDir, organisation: "Harbour Advisory" });
    expect(first.selfSigned).toBe(true);
    expect(first.subject).toBe("Harbour Advisory document sealing");
    expect(Buffer.from(second.p12).equals(Buffer.from(first.p12))).toBe(true);
    expect(second.passphrase).toBe(first.passphrase);
    expect(statSync(path.join(dataDir, "sealing", "sealing-certificate.json")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, "sealing")).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(dataDir, "sealing"))).toEqual(["sealing-certificate.json"]);
  });

  it("servers starting together on one data directory all get the same certificate", async () => {
    const dataDir = path.join(folder, "together");
    const script = `import { loadOrCreateSealingCertificate } from ${JSON.stringify(path.join(import.meta.dirname, "index.ts"))};
      const { p12 } = loadOrCreateSealingCertificate({ dataDir: ${JSON.stringify(dataDir)} });
      process.stdout.write(Buffer.from(p12).toString("hex"));`;
    const starts = Array.from(
      { length: 3 },
      () =>
        new Promise<string>((resolve, reject) => {
          execFile(
            process.execPath,
            ["--import", "tsx", "--input-type=module", "-e", script],
            (error, stdout) => (error ? reject(error) : resolve(stdout)),
          );
        }),
    );
    const certificates = await Promise.all(starts);
    expect(certificates[0]?.length).toBeGreaterThan(1000);
    expect(new Set(certificates).size).toBe(1);
    expect(readdirSync(path.join(dataDir, "sealing"))).toEqual(["sealing-certificate.json"]);
    expect(Buffer.from(loadOrCreateSealingCertificate({ dataDir }).p12).toString("hex")).toBe(
      certificates[0],
    );
  });

  it("uses a configured PKCS#12 and refuses one whose passphrase is wrong", () => {
    const p12Path = path.join(folder, "configured.p12");
    writeFileSync(p12Path, createSelfSignedP12("right horse", "Configured Firm", new Date()));
    const configured = loadOrCreateSealingCertificate({
      p12Path,
      passphrase: "right horse",
      dataDir: folder,
    });
    expect(configured).toMatchObject({ selfSigned: false, subject: "Configured Firm document sealing" });
    expect(() => loadOrCreateSealingCertificate({ p12Path, passphrase: "wrong", dataDir: folder })).toThrow(
      SealingCertificateError,
    );
    expect(() =>
      loadOrCreateSealingCertificate({ p12Path: path.join(folder, "missing.p12"), dataDir: folder }),
    ).toThrow(/cannot be read/);
    expect(readFileSync(p12Path).byteLength).toBeGreaterThan(1000);
  });
});
