declare module "../../platform/events/index.ts" {
  interface DomainEvents {
    /**
     * ASIC registered a company and its certificate is in hand: the lodger's CAS 360 gets a copy
     * (the integrations module reacts, and logs how that went). Raised once per registration.
     */
    "asic.company-registered": {
      teamId: number;
      userId: number;
      docId: number;
      acn: string;
      pdf: Uint8Array;
    };
  }
}

export {};
