import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import forge from "node-forge";

/**
 * The certificate the sealed PDFs are signed with: a PKCS#12 file (key and certificate chain) and its
 * passphrase. `subject` is the certificate's common name, for messages and the certificate page.
 */
export type SealingCertificate = {
  readonly p12: Uint8Array;
  readonly passphrase: string;
  readonly subject: string;
  /** True when the server made it itself (no PKCS#12 was configured): readers see an unknown signer. */
  readonly selfSigned: boolean;
};

export type SealingCertificateOptions = {
  /** A PKCS#12 file from the configuration (a certificate the firm's readers trust). */
  readonly p12Path?: string | undefined;
  readonly passphrase?: string | undefined;
  /** Where the server keeps its data: the self-signed certificate is made in `<dataDir>/sealing/`. */
  readonly dataDir: string;
  /** The common name of a self-signed certificate. */
  readonly organisation?: string;
  readonly now?: Date;
};

export class SealingCertificateError extends Error {}

const SELF_SIGNED_FILE = "sealing-certificate.json";
const SELF_SIGNED_YEARS = 10;

/**
 * The configured PKCS#12 when there is one (it must open with its passphrase and hold a key with its
 * certificate); otherwise the self-signed one in the data directory, made on first start. The key
 * never leaves the data directory, whose files are readable by the server's user only.
 */
export function loadOrCreateSealingCertificate(options: SealingCertificateOptions): SealingCertificate {
  if (options.p12Path) {
    let p12: Uint8Array;
    try {
      p12 = readFileSync(options.p12Path);
    } catch (error) {
      throw new SealingCertificateError(
        `The sealing certificate ${options.p12Path} cannot be read: ${(error as Error).message}`,
      );
    }
    const passphrase = options.passphrase ?? "";
    return { p12, passphrase, subject: subjectOf(p12, passphrase, options.p12Path), selfSigned: false };
  }
  const folder = path.join(options.dataDir, "sealing");
  const file = path.join(folder, SELF_SIGNED_FILE);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const passphrase = randomBytes(24).toString("base64url");
    const p12 = createSelfSignedP12(
      passphrase,
      options.organisation ?? "Precedent",
      options.now ?? new Date(),
    );
    const stored: StoredSelfSigned = { passphrase, p12: Buffer.from(p12).toString("base64") };
    // Written aside, then linked into place: a link never replaces a file, so when several servers
    // start together on one data directory exactly one certificate wins and every server reads it.
    const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    writeFileSync(aside, JSON.stringify(stored), { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(aside);
    }
  }
  const stored = JSON.parse(readFileSync(file, "utf8")) as StoredSelfSigned;
  const p12 = Buffer.from(stored.p12, "base64");
  return {
    p12,
    passphrase: stored.passphrase,
    subject: subjectOf(p12, stored.passphrase, file),
    selfSigned: true,
  };
}

/** The self-signed certificate's file: the PKCS#12 (base64) with the passphrase that opens it. */
type StoredSelfSigned = { passphrase: string; p12: string };

/** An RSA-2048 key (made by Node, far faster than forge) and a certificate for document signing. */
export function createSelfSignedP12(passphrase: string, organisation: string, now: Date): Uint8Array {
  const { privateKey: privatePem } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey;
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setFullYear(now.getFullYear() + SELF_SIGNED_YEARS);
  const name = [
    { name: "commonName", value: `${organisation} document sealing` },
    { name: "organizationName", value: organisation },
    { name: "countryName", value: "AU" },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], passphrase, { algorithm: "aes256" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

/** Opens the PKCS#12 (so a wrong passphrase fails at start, not at the first completed envelope). */
function subjectOf(p12: Uint8Array, passphrase: string, where: string): string {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(p12).toString("binary")), passphrase);
  } catch (error) {
    throw new SealingCertificateError(
      `The sealing certificate ${where} cannot be opened (wrong passphrase or not PKCS#12): ${(error as Error).message}`,
    );
  }
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const certBag = forge.pki.oids.certBag as string;
  const keys = parsed.getBags({ bagType: keyBag })[keyBag];
  const certificates = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const certificate = certificates[0]?.cert;
  if (!keys?.[0]?.key || !certificate) {
    throw new SealingCertificateError(
      `The sealing certificate ${where} holds no private key with its certificate.`,
    );
  }
  return String(certificate.subject.getField("CN")?.value ?? "unnamed certificate");
}
