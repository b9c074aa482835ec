/**
 * The ASIC port: what the product asks of the regulator. The sandbox regulator (sandbox/) is the
 * default and keeps its state in the database; a real gateway adapter implements the same type.
 * The fee is paid through the regulator's payment gateway (the user leaves for its page and
 * comes back); the application is then lodged and ASIC decides it some time later.
 */

/**
 * A company name check. `success`: available. `manual`: available, but ASIC reviews it by hand
 * before registering (a word needing consent). `error`: not available. `reason` is for the user.
 */
export type CompanyNameCheck =
  | { outcome: "success" }
  | { outcome: "manual"; reason: string }
  | { outcome: "error"; reason: string };

/** An application for a name for one registration document of one firm. */
export type NameApplication = {
  name: string;
  legalElement: string;
  teamId: number;
  docId: number;
};

export type NameApplicationResult = { applied: true } | { applied: false; reason: string };

/** A fee transaction as the gateway reports it. `pending`: started and not finished. */
export type FeePaymentState = {
  state: "pending" | "approved" | "declined";
  declinedCode: string | null;
  declinedMessage: string | null;
  receiptNum: string | null;
};

/** What the product lodges: the name and the Form 201 answers as the interview holds them. */
export type RegistrationLodgement = {
  teamId: number;
  docId: number;
  /**
   * The lodger's reference for this lodgement: the regulator keeps it with the lodgement, and one
   * sent again with the same reference is answered with the first one's receipt.
   */
  clientReference: string;
  /** The proposed name without its legal element; null when the ACN is to be the name. */
  proposedName: string | null;
  legalElement: string;
  answers: Record<string, unknown>;
};

export type LodgementReceipt =
  | { notProcessed: false; lodgementNumber: string }
  | { notProcessed: true; errorCode: string; description: string };

/** ASIC's decision on a lodgement; INPR while it has not decided. */
export type LodgementDecision =
  | { status: "INPR" }
  | { status: "COMP"; acn: string; registrationDate: string; companyName: string }
  | { status: "MANL" | "RFSD" | "REJT"; reason: string };

export type AsicPort = {
  /** Whether `name` with `legalElement` could be registered now (s147 Corporations Act 2001 (Cth)). */
  checkCompanyName(name: string, legalElement: string): Promise<CompanyNameCheck>;
  /**
   * Applies for the name for one document: once applied, the same name (under rule 6101) is
   * taken for everyone else. A document applies for one name; a new one replaces its last.
   */
  applyForName(application: NameApplication): Promise<NameApplicationResult>;

  /** Starts a fee transaction; the user pays on `paymentUrl` and comes back to `returnUrl`. */
  startFeePayment(input: { amountCents: number; returnUrl: string }): Promise<{
    transactionNumber: string;
    paymentUrl: string;
  }>;
  feePaymentState(transactionNumber: string): Promise<FeePaymentState | null>;
  /**
   * The page where an unfinished transaction can still be paid, or null when the gateway no longer
   * takes it (paid, declined, expired or abandoned).
   */
  resumeFeePayment(transactionNumber: string): Promise<{ paymentUrl: string } | null>;
  /** Lodges a paid application (Form 201, s117 Corporations Act 2001 (Cth)). */
  lodgeRegistration(lodgement: RegistrationLodgement): Promise<LodgementReceipt>;
  /** The lodgement made with this client reference, or null when the regulator has none. */
  lodgementByReference(clientReference: string): Promise<{ lodgementNumber: string } | null>;
  lodgementDecision(lodgementNumber: string): Promise<LodgementDecision>;
  /** The Certificate of Registration of a registered company (PDF). */
  certificate(lodgementNumber: string): Promise<Uint8Array | null>;
};
