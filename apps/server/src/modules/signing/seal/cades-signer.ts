import { createHash, createPrivateKey, type KeyObject, sign } from "node:crypto";
import { Signer } from "@signpdf/utils";
import forge from "node-forge";
import { SealingCertificateError } from "./sealing-certificate.ts";

const { asn1 } = forge;
const { Class, Type } = asn1;

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  /** id-aa-signingCertificateV2 (RFC 5035). */
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
};

const oid = (value: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(value).getBytes());
const sequence = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
const octets = (bytes: Buffer) =>
  asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes.toString("binary"));
const integer = (value: number) =>
  asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), "binary");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest();

/**
 * Signs the PDF's byte ranges with a CMS SignedData shaped for PAdES baseline B-B (ETSI EN 319 142-1,
 * the baseline profile): detached, SHA-256, and signed attributes content-type, message-digest and the ESS
 * signing-certificate-v2 that binds the signer's certificate into the signature. It leaves out the
 * signing-time attribute, which the baseline profile leaves out (the time is the signature dictionary's /M).
 * @signpdf's P12Signer writes signing-time and no signing-certificate-v2, so it is not PAdES.
 *
 * The key is read from the PKCS#12 once, when the sealer is made.
 */
export class CadesSigner extends Signer {
  private readonly key: KeyObject;
  private readonly certificate: forge.asn1.Asn1;
  private readonly chain: forge.asn1.Asn1[];

  constructor(p12: Uint8Array, passphrase: string) {
    super();
    const parsed = forge.pkcs12.pkcs12FromAsn1(
      asn1.fromDer(Buffer.from(p12).toString("binary")),
      false,
      passphrase,
    );
    const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
    const certBag = forge.pki.oids.certBag as string;
    const privateKey = parsed.getBags({ bagType: keyBag })[keyBag]?.[0]?.key as
      | forge.pki.rsa.PrivateKey
      | undefined;
    const certificates = (parsed.getBags({ bagType: certBag })[certBag] ?? []).flatMap((bag) =>
      bag.cert ? [bag.cert] : [],
    );
    if (!privateKey) throw new SealingCertificateError("The sealing certificate holds no private key.");
    const own = certificates.find(
      (certificate) =>
        (certificate.publicKey as forge.pki.rsa.PublicKey).n.compareTo(privateKey.n) === 0 &&
        (certificate.publicKey as forge.pki.rsa.PublicKey).e.compareTo(privateKey.e) === 0,
    );
    if (!own) throw new SealingCertificateError("No certificate in the sealing PKCS#12 matches its key.");
    this.key = createPrivateKey(forge.pki.privateKeyToPem(privateKey));
    this.certificate = forge.pki.certificateToAsn1(own);
    this.chain = [
      this.certificate,
      ...certificates.filter((c) => c !== own).map(forge.pki.certificateToAsn1),
    ];
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const tbs = this.certificate.value[0] as forge.asn1.Asn1;
    // tbsCertificate: [0] version, serialNumber, signature, issuer, …
    const [, serial, , issuer] = tbs.value as forge.asn1.Asn1[];
    if (!serial || !issuer) throw new SealingCertificateError("The sealing certificate is malformed.");
    const issuerAndSerial = sequence([issuer, serial]);
    // ESSCertIDv2 with the default hash (SHA-256) left out, as DER requires, and the issuer as a
    // GeneralName directoryName ([4], explicit: Name is a CHOICE).
    const essCertId = sequence([
      octets(sha256(der(this.certificate))),
      sequence([sequence([asn1.create(Class.CONTEXT_SPECIFIC, 4, true, [issuer])]), serial]),
    ]);
    const attributes = [
      sequence([oid(OID.contentType), set([oid(OID.data)])]),
      sequence([oid(OID.messageDigest), set([octets(sha256(pdfBuffer))])]),
      sequence([oid(OID.signingCertificateV2), set([sequence([sequence([essCertId])])])]),
    ]
      // DER orders a SET OF by its members' encodings.
      .map((attribute) => ({ attribute, bytes: der(attribute) }))
      .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
      .map(({ attribute }) => attribute);
    // The signature covers the attributes encoded as a SET; the SignerInfo carries them as [0].
    const signature = sign("sha256", der(set(attributes)), this.key);
    const signerInfo = sequence([
      integer(1),
      issuerAndSerial,
      sequence([oid(OID.sha256)]),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, attributes),
      sequence([oid(OID.rsaEncryption), asn1.create(Class.UNIVERSAL, Type.NULL, false, "")]),
      octets(signature),
    ]);
    const signedData = sequence([
      integer(1),
      set([sequence([oid(OID.sha256)])]),
      sequence([oid(OID.data)]),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, this.chain),
      set([signerInfo]),
    ]);
    return der(sequence([oid(OID.signedData), asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }
}
